package present

import (
	"strconv"
	"strings"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// PlayerNames names who plays each side, Red first, as the bar beside the clocks shows
// them ("Red · You", "Black · Engine, Amateur 3"): the side and its player (Players).
func PlayerNames(t Translate, human game.HumanSide, seconds float64, meta game.Metadata) [2]string {
	sides := [2]string{t("side.red", nil), t("side.black", nil)}
	who := Players(t, human, seconds, meta)
	var out [2]string
	for c := range out {
		out[c] = t("player.side", map[string]any{"Side": sides[c], "Player": who[c]})
	}
	return out
}

// Players names who plays each side without the side, Red first ("You", "Engine,
// Amateur 3"): you and the engine at the level of seconds per move, or for two people the
// players a file names (meta), else "Player 1" and "Player 2". A phone's bar shows this
// where the side's name leaves too little room for the engine's level.
func Players(t Translate, human game.HumanSide, seconds float64, meta game.Metadata) [2]string {
	filed := [2]string{oneLine(meta.Red), oneLine(meta.Black)}
	var out [2]string
	for c := range out {
		switch {
		case human == game.HumanBoth && filed[0] != "" && filed[1] != "":
			out[c] = filed[c]
		case human == game.HumanBoth:
			out[c] = t("player.person", map[string]any{"N": c + 1})
		case human.Plays(rules.Color(c)):
			out[c] = t("player.you", nil)
		default:
			out[c] = t("player.engine", map[string]any{"Level": LevelName(t, seconds)})
		}
	}
	return out
}

// EngineLevels names the engine's level on the side it plays, Red first, "" on a side a
// person plays, whole ("International grandmaster") and short ("Intl GM"): the shorter
// names a phone's bar gives the engine.
func EngineLevels(t Translate, human game.HumanSide, seconds float64) (whole, short [2]string) {
	for c := range whole {
		if !human.Plays(rules.Color(c)) {
			whole[c], short[c] = LevelName(t, seconds), LevelName(t, seconds)
			if l, ok := play.LevelFor(seconds); ok {
				short[c] = t(l.Key+".short", map[string]any{"Grade": l.Grade})
			}
		}
	}
	return whole, short
}

// LevelName names the level of seconds per move ("Amateur 3"), or a time that is no
// level's ("Custom (2.5 s)").
func LevelName(t Translate, seconds float64) string {
	if l, ok := play.LevelFor(seconds); ok {
		return t(l.Key, map[string]any{"Grade": l.Grade})
	}
	return t("level.seconds", map[string]any{"Name": t("level.custom", nil), "Seconds": strconv.FormatFloat(seconds, 'f', -1, 64)})
}

// oneLine is a name from a file with its runs of spaces (吕  钦) and line breaks made one
// space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// GameHeader is the line that names a game from a file: its title, event, place, date and
// recorded result, " · " between them. A game with none of title, event, place and result
// (the app's own, which only has its date) has none.
func GameHeader(t Translate, meta game.Metadata, result game.Result) string {
	var parts []string
	for _, s := range []string{meta.Title, meta.Event, meta.Site} {
		if s = oneLine(s); s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 && !result.Decided() {
		return ""
	}
	if d := oneLine(meta.Date); d != "" {
		parts = append(parts, d)
	}
	if result.Decided() {
		parts = append(parts, ResultName(t, result.PGN()))
	}
	return strings.Join(parts, " · ")
}
