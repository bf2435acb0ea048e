package gui

import (
	"strconv"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
)

// Settings are the player's choices. They are saved inside the game record (its metadata
// and its front-end settings map) so that one atomic file holds everything.
type Settings struct {
	Human   game.HumanSide // who a person plays: red, black or both
	Seconds float64        // engine time per move
	Book    bool           // use the opening book
	Random  bool           // vary the engine's moves
	Coords  bool           // draw file numbers
	Flipped bool           // Black at the bottom
}

// DefaultSettings: play Red against the engine at the intermediate level.
func DefaultSettings() Settings {
	return Settings{Human: game.HumanRed, Seconds: DefaultSeconds, Book: true, Random: true, Coords: true}
}

const (
	keyBook    = "book"
	keyRandom  = "random"
	keyCoords  = "coords"
	keyFlipped = "flipped"
)

// settingsOf reads the settings stored in a game, falling back to defaults per field.
func settingsOf(g *game.Game) Settings {
	s := DefaultSettings()
	if g.Meta.Human.Valid() && (g.Meta.Human == game.HumanRed || g.Meta.Human == game.HumanBlack || g.Meta.Human == game.HumanBoth) {
		s.Human = g.Meta.Human
	}
	if checkSeconds(g.Meta.DifficultySeconds) == nil {
		s.Seconds = g.Meta.DifficultySeconds
	}
	flag := func(key string, def bool) bool {
		if v, err := strconv.ParseBool(g.Settings[key]); err == nil {
			return v
		}
		return def
	}
	s.Book = flag(keyBook, s.Book)
	s.Random = flag(keyRandom, s.Random)
	s.Coords = flag(keyCoords, s.Coords)
	s.Flipped = flag(keyFlipped, s.Human == game.HumanBlack)
	return s
}

// store writes the settings into a game.
func (s Settings) store(g *game.Game) {
	g.Meta.Human = s.Human
	g.Meta.DifficultySeconds = s.Seconds
	if g.Settings == nil {
		g.Settings = map[string]string{}
	}
	g.Settings[keyBook] = strconv.FormatBool(s.Book)
	g.Settings[keyRandom] = strconv.FormatBool(s.Random)
	g.Settings[keyCoords] = strconv.FormatBool(s.Coords)
	g.Settings[keyFlipped] = strconv.FormatBool(s.Flipped)
}

// engineMoves reports whether the engine plays side c.
func (s Settings) engineMoves(c engine.Color) bool { return !s.Human.Plays(c) }
