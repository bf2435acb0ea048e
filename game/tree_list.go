package game

import (
	"fmt"

	"github.com/xqfyne/xiangqi/rules"
)

// MoveListEntry is one row of a move list showing a record with its
// variations: a move, its text, its number label and how deeply it is
// nested in variations.
type MoveListEntry struct {
	Node *Node
	// Text is the move in the requested notation.
	Text string
	// Number is "12." before a Red move and "12..." before a Black move.
	Number string
	// Depth is 0 on the main line, 1 in a variation of the main line, 2 in
	// a variation of a variation...
	Depth int
	// VariationStart marks the first move of a variation.
	VariationStart bool
}

// MoveList lists every move of the record in reading order, as the PGN
// export writes them: each main-line move, then the variations that
// replace it (each with its own nested variations), then the next
// main-line move. A front end shows it as an indented move list.
func (r *Record) MoveList(style Notation) []MoveListEntry {
	var out []MoveListEntry
	listLine(&out, r.Root.Next(), r.StartPosition(), 0, style)
	return out
}

// listLine lists the line starting with first at pos, which it consumes;
// the variations branching off it go one level deeper, right after the
// move they replace. At depth > 0 first starts a variation, and its own
// siblings are listed by the caller.
func listLine(out *[]MoveListEntry, first *Node, pos *rules.Position, depth int, style Notation) {
	for n := first; n != nil; n = n.Next() {
		*out = append(*out, listEntry(pos, n, depth, n == first && depth > 0, style))
		if n.Parent.Children[0] == n {
			for _, v := range n.Parent.Children[1:] {
				listLine(out, v, pos.Copy(), depth+1, style)
			}
		}
		pos.MakeMove(n.Move)
	}
}

func listEntry(pos *rules.Position, n *Node, depth int, start bool, style Notation) MoveListEntry {
	number := fmt.Sprintf("%d.", pos.FullmoveNumber())
	if pos.Side() == rules.Black {
		number = fmt.Sprintf("%d...", pos.FullmoveNumber())
	}
	return MoveListEntry{Node: n, Text: FormatMove(pos, n.Move, style), Number: number, Depth: depth, VariationStart: start}
}

// MoveText formats the move of node n in the given notation ("" for the
// root or a node not in the record).
func (r *Record) MoveText(n *Node, style Notation) string {
	if n == nil || n.Parent == nil {
		return ""
	}
	pos, err := r.PositionAt(n.Parent)
	if err != nil {
		return ""
	}
	return FormatMove(pos, n.Move, style)
}
