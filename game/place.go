package game

import (
	"strconv"

	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/rules"
)

// PieceSource is anything that tells which piece stands on a point: a position, the board
// editor's board.
type PieceSource interface {
	At(rules.Square) rules.Piece
}

// PlaceOf names the point sq, where a piece stands on board, in the board's own terms:
// the file as the piece's side counts it from its own right, as the move list writes it
// and the board labels it ("file 2", 二路 for Red; "file 8", ８路 for Black). When other
// pieces of its kind share the file, its place among them from the front is named too,
// as the notation does (前/中/后: "file 2, front"). A point off the board is named by its
// coordinates.
func PlaceOf(board PieceSource, sq rules.Square) i18n.Message {
	if !sq.OnBoard() {
		return i18n.Message{Key: "place.coordinates", Args: i18n.Args{"Square": sq.String()}}
	}
	p := board.At(sq)
	side := rules.Red
	if p != rules.NoPiece {
		side = p.Color()
	}
	args := i18n.Args{
		"File":    strconv.Itoa(sideFile(side, sq.File())),
		"Numeral": FileNumeral(side, sq.File()),
	}
	if p == rules.NoPiece {
		return i18n.Message{Key: "place.file", Args: args}
	}
	idx, n := 0, 0
	for r := 0; r < 10; r++ {
		o := rules.Sq(sq.File(), r)
		if board.At(o) != p {
			continue
		}
		n++
		if forward(side, sq.Rank(), r) > 0 {
			idx++ // o is ahead of sq
		}
	}
	if n < 2 || n > 5 {
		return i18n.Message{Key: "place.file", Args: args}
	}
	args["Ordinal"] = ordinalName(idx, n)
	return i18n.Message{Key: "place.fileOrdinal", Args: args}
}

// ordinalName is ordinal (前/中/后, 一..五) as a message, for English too.
func ordinalName(idx, n int) i18n.Message {
	switch {
	case n == 2:
		return i18n.Message{Key: [...]string{"ordinal.front", "ordinal.rear"}[idx]}
	case n == 3:
		return i18n.Message{Key: [...]string{"ordinal.front", "ordinal.middle", "ordinal.rear"}[idx]}
	}
	return i18n.Message{Key: "ordinal.fromFront", Args: i18n.Args{"Number": idx + 1, "Numeral": ordinal(idx, n)}}
}
