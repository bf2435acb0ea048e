package present

import (
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/i18n"
)

// Say renders a message of game or play (a result, a repetition verdict, why a move is
// illegal, why an edited position is impossible) in the UI language.
type Say func(i18n.Message) string

// GameOverText says how a game ended; a loss by a repetition rule says who did what.
func GameOverText(say Say, r game.Result, why game.Verdict, byRepetition bool) string {
	if byRepetition {
		return say(why.Message())
	}
	return say(r.Message())
}

// ResultName names a PGN result ("1-0") as the library lists it; anything else is an
// unfinished game.
func ResultName(t Translate, pgn string) string {
	r, _ := game.ParseResultToken(pgn)
	switch r.Status {
	case game.RedWins:
		return t("library.redWon", nil)
	case game.BlackWins:
		return t("library.blackWon", nil)
	case game.Draw:
		return t("library.drawn", nil)
	}
	return t("library.unfinished", nil)
}
