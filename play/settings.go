package play

import (
	"strconv"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
)

// Language is the language the player reads; it decides the default move notation.
type Language uint8

const (
	English Language = iota
	Chinese
)

// DefaultNotation is the notation a reader of l expects: Chinese notation for Chinese
// readers, WXF otherwise.
func (l Language) DefaultNotation() game.Notation {
	if l == Chinese {
		return game.Chinese
	}
	return game.WXF
}

// Catalog names the language's catalog of texts (resources/translations/xiangqi.TAG.json).
func (l Language) Catalog() i18n.Language {
	if l == Chinese {
		return "zh_Hans"
	}
	return i18n.English
}

// Settings are the player's choices. They are saved beside the game record, in the save's
// envelope (save.go), so that one atomic file holds everything.
type Settings struct {
	Human    game.HumanSide // who a person plays: red, black or both
	Seconds  float64        // engine time per move
	Book     bool           // use the opening book
	Random   bool           // vary the engine's moves
	Coords   bool           // draw file numbers
	Flipped  bool           // Black at the bottom
	Notation game.Notation  // how moves are written in the move list and messages
	Rules    game.RuleSet   // the rule book repetitions are judged by
	// WarnRepetition: before a move that would lose by a repetition rule, ask the player
	// to confirm, as an arbiter warns.
	WarnRepetition bool
	// TimeControl is the game's clock (zero: untimed); it is chosen for a new game only.
	TimeControl match.TimeControl
	Sound       bool // play sounds for moves, captures, checks, illegal taps and the end
	// Speech: say each move aloud (炮二平五, "cannon two across five"), through a sound
	// player that can speak (Speaker); off unless the player turns it on.
	Speech     bool
	Appearance Appearance // board, pieces, theme, face-to-face
	// Evaluation: the classical evaluation or the built-in net, for the searches at full
	// strength (Session.netFor says which).
	Evaluation Evaluation
}

// DefaultSettings: play Red against the engine at the one-second level (业余4级), moves written
// as a reader of lang expects, the searches at full strength judged by the built-in net.
func DefaultSettings(lang Language) Settings {
	return Settings{Human: game.HumanRed, Seconds: DefaultSeconds, Book: true, Random: true, Coords: true,
		Notation: lang.DefaultNotation(), Rules: game.AsianRules, WarnRepetition: true, Sound: true,
		Evaluation: NeuralEval}
}

const (
	keyHuman    = "human"
	keySeconds  = "seconds"
	keyRules    = "rules"
	keyBook     = "book"
	keyRandom   = "random"
	keyCoords   = "coords"
	keyFlipped  = "flipped"
	keyNotation = "notation"
	keyWarn     = "warnRepetition"
	keySound    = "sound"
	keySpeech   = "speech"
	keyEval     = "evaluation"
)

// notationNames are the notations as the save file writes them.
var notationNames = map[string]game.Notation{"chinese": game.Chinese, "wxf": game.WXF, "iccs": game.ICCS}

func notationName(n game.Notation) string {
	for name, v := range notationNames {
		if v == n {
			return name
		}
	}
	return ""
}

// settingsFrom reads settings as a save keeps them, falling back to defaults per field.
func settingsFrom(saved map[string]string, lang Language) Settings {
	s := DefaultSettings(lang)
	if h := game.HumanSide(saved[keyHuman]); h == game.HumanRed || h == game.HumanBlack || h == game.HumanBoth {
		s.Human = h
	}
	if seconds, err := strconv.ParseFloat(saved[keySeconds], 64); err == nil && CheckSeconds(seconds) == nil {
		s.Seconds = seconds
	}
	flag := func(key string, def bool) bool {
		if v, err := strconv.ParseBool(saved[key]); err == nil {
			return v
		}
		return def
	}
	s.Book = flag(keyBook, s.Book)
	s.Random = flag(keyRandom, s.Random)
	s.Coords = flag(keyCoords, s.Coords)
	s.Flipped = flag(keyFlipped, s.Human == game.HumanBlack)
	if n, ok := notationNames[saved[keyNotation]]; ok {
		s.Notation = n
	}
	if saved[keyRules] == game.ChineseRules.String() {
		s.Rules = game.ChineseRules
	}
	s.WarnRepetition = flag(keyWarn, s.WarnRepetition)
	if tc, err := match.ParseTimeControl(saved[keyTimeControl]); err == nil {
		s.TimeControl = tc
	}
	s.Sound = flag(keySound, s.Sound)
	s.Speech = flag(keySpeech, s.Speech)
	s.Appearance = appearanceOf(saved, flag)
	s.Evaluation = evaluationFrom(saved[keyEval], s.Evaluation)
	return s
}

// encode writes the settings as a save keeps them.
func (s Settings) encode() map[string]string {
	saved := map[string]string{
		keyHuman:       string(s.Human),
		keySeconds:     strconv.FormatFloat(s.Seconds, 'g', -1, 64),
		keyRules:       s.Rules.String(),
		keyBook:        strconv.FormatBool(s.Book),
		keyRandom:      strconv.FormatBool(s.Random),
		keyCoords:      strconv.FormatBool(s.Coords),
		keyFlipped:     strconv.FormatBool(s.Flipped),
		keyNotation:    notationName(s.Notation),
		keyWarn:        strconv.FormatBool(s.WarnRepetition),
		keyTimeControl: s.TimeControl.String(),
		keySound:       strconv.FormatBool(s.Sound),
		keySpeech:      strconv.FormatBool(s.Speech),
		keyEval:        evaluationNames[s.Evaluation],
	}
	s.Appearance.record(saved)
	return saved
}

// engineMoves reports whether the engine plays side c.
func (s Settings) engineMoves(c rules.Color) bool { return !s.Human.Plays(c) }
