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

// MoveLine is a line of the move list as shown: a numbered pair (Red's move and Black's
// reply) or a single move, indented by how deep in variations it lies.
type MoveLine struct {
	Lead  string // the indent, "(" opening a variation, and the number: "    (2." or "2..."
	Moves []int  // the line's moves: indexes into the entries it was made from, one or two
	Close string // the ")" closing each variation that ends with the line's last move
}

// Text is the line with its moves' texts (texts[i] for entry i): "1. 炮二平五 马８进７".
func (l MoveLine) Text(texts []string) string {
	out := l.Lead
	for _, i := range l.Moves {
		out += " " + texts[i]
	}
	return out + l.Close
}

// MoveLines lays out the move list's entries (in reading order) as lines: a Black move
// joins the Red move before it on the same line when both lie on the same line of play
// with nothing between them; any other move starts a line of its own.
func MoveLines(entries []game.MoveListEntry) []MoveLine {
	var lines []MoveLine
	for i, e := range entries {
		if n := len(lines); n > 0 && !e.VariationStart && strings.HasSuffix(e.Number, "...") {
			last := &lines[n-1]
			if prev := last.Moves[len(last.Moves)-1]; len(last.Moves) == 1 && prev == i-1 &&
				entries[prev].Depth == e.Depth && !strings.HasSuffix(entries[prev].Number, "...") {
				last.Moves = append(last.Moves, i)
				continue
			}
		}
		lead := strings.Repeat(variationIndent, e.Depth)
		if e.VariationStart && e.Depth > 0 {
			lead += "("
		}
		lines = append(lines, MoveLine{Lead: lead + e.Number, Moves: []int{i}})
	}
	for n := range lines {
		last := lines[n].Moves[len(lines[n].Moves)-1]
		lines[n].Close = strings.Repeat(")", variationsEnding(entries, last))
	}
	return lines
}

// variationsEnding is how many variations end with entry i: as many levels as the entry
// after it is shallower, counting the level a following variation opens itself (a
// sibling variation closes this one first).
func variationsEnding(entries []game.MoveListEntry, i int) int {
	open := 0 // the levels the next entry needs open before it
	if i+1 < len(entries) {
		next := entries[i+1]
		open = next.Depth
		if next.VariationStart && next.Depth > 0 {
			open--
		}
	}
	return max(entries[i].Depth-open, 0)
}

// MoveCellText is one move as its line shows it: the move and the review's mark.
func MoveCellText(e game.MoveListEntry, class play.MoveClass, reviewed bool) string {
	if reviewed {
		return e.Text + ReviewSuffix(class)
	}
	return e.Text
}
