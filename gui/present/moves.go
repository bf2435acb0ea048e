package present

import (
	"strings"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
)

// variationIndent is how much one level of variation indents a move-list row.
const variationIndent = "    "

// MoveRowText is a row of the move list: the move numbered and indented by how deep in
// variations it lies, a variation's first move opened with "(", and the review's mark
// (reviewed false: none).
func MoveRowText(e game.MoveListEntry, class play.MoveClass, reviewed bool) string {
	text := strings.Repeat(variationIndent, e.Depth) + e.Number + " " + e.Text
	if e.VariationStart && e.Depth > 0 {
		text = strings.Repeat(variationIndent, e.Depth-1) + "(" + strings.TrimLeft(text, " ")
	}
	if reviewed {
		text += ReviewSuffix(class)
	}
	return text
}

// ReviewSuffix is the mark a reviewed move gets in the move list, as annotators write it.
func ReviewSuffix(c play.MoveClass) string {
	switch c {
	case play.Inaccuracy:
		return " ?!"
	case play.Mistake:
		return " ?"
	case play.Blunder:
		return " ??"
	}
	return ""
}

// ClassText names a move class ("Mistake").
func ClassText(t Translate, c play.MoveClass) string {
	switch c {
	case play.Best:
		return t("review.best", nil)
	case play.Good:
		return t("review.good", nil)
	case play.Inaccuracy:
		return t("review.inaccuracy", nil)
	case play.Mistake:
		return t("review.mistake", nil)
	case play.Blunder:
		return t("review.blunder", nil)
	}
	return ""
}
