package present

import (
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
)

// Bilingual is a text the game and the session write in both languages themselves: a
// result, a repetition verdict, why a move is illegal, why an edited position is not.
type Bilingual interface {
	English() string
	Chinese() string
}

// InLanguage is b in the UI language.
func InLanguage(lang play.Language, b Bilingual) string {
	if lang == play.Chinese {
		return b.Chinese()
	}
	return b.English()
}

// GameOverText says how a game ended; a loss by a repetition rule says who did what.
func GameOverText(lang play.Language, r game.Result, why game.Verdict, byRepetition bool) string {
	if byRepetition {
		return InLanguage(lang, why)
	}
	return InLanguage(lang, r)
}

// ResultName names a PGN result ("1-0") as the library lists it; anything else is an
// unfinished game.
func ResultName(t Translate, pgn string) string {
	switch pgn {
	case "1-0":
		return t("library.redWon", nil)
	case "0-1":
		return t("library.blackWon", nil)
	case "1/2-1/2":
		return t("library.drawn", nil)
	}
	return t("library.unfinished", nil)
}
