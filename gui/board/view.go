package board

import (
	"fyne.io/fyne/v2"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// View is everything the board widget draws: its renderer is a function of the view it
// drew last and the view it is given, and redraws only the parts that differ.
type View struct {
	Pieces   [Files * Ranks]rules.Piece // indexed by file + 9*rank
	Selected rules.Square               // the selected piece, or rules.NoSquare
	Targets  []rules.Square             // legal destinations of the selected piece
	LastMove rules.Move                 // marked at both ends, or rules.NoMove
	// Animate is the move whose piece slides into place when it appears on the board
	// (rules.NoMove: the new position is shown at once, e.g. after a drop).
	Animate  rules.Move
	Check    rules.Square // the king in check, or rules.NoSquare
	Hint     rules.Move   // the engine's suggestion, or rules.NoMove
	Rejected rules.Square // a point just tapped illegally, flashed briefly
	// Culprits are the pieces that lost the game by a repetition rule (the checking or
	// chasing ones), Victim the piece they chased or checked, or rules.NoSquare.
	Culprits []rules.Square
	Victim   rules.Square
	// Arrows are the first moves of the analysis lines, best first.
	Arrows  []Arrow
	Flipped bool // Black at the bottom
	Coords  bool // draw file numbers above and below
	// Style and PieceSet choose how the board and the pieces are drawn; FaceToFace turns
	// the upper side's pieces and file numbers 180° for a player sitting across the board.
	Style      Style
	PieceSet   PieceSet
	FaceToFace bool
	// Pickable says that pieces of PickSide may be picked up (tapped or dragged) now.
	Pickable bool
	PickSide rules.Color
	// Drag is the piece the pointer is dragging; the widget sets it, the owner of the
	// view does not.
	Drag DragView
}

// DragView is a piece being dragged: where it was picked up and where the pointer is.
type DragView struct {
	Active bool
	From   rules.Square
	Pos    fyne.Position // widget-relative
}

// Arrow is the first move of an analysis line drawn on the board; Rank 1 is the best
// line, drawn thickest.
type Arrow struct {
	Move rules.Move
	Rank int
}

func pieceIndex(sq rules.Square) int { return sq.File() + Files*sq.Rank() }

// PieceAt returns the piece the view shows on sq.
func (v View) PieceAt(sq rules.Square) rules.Piece {
	if !sq.OnBoard() {
		return rules.NoPiece
	}
	return v.Pieces[pieceIndex(sq)]
}

// PieceSource is anything that tells which piece stands on a point: a position, the
// board editor.
type PieceSource = game.PieceSource

// SetPieces copies the pieces on every point of src into the view.
func (v *View) SetPieces(src PieceSource) {
	for rank := 0; rank < Ranks; rank++ {
		for file := 0; file < Files; file++ {
			sq := rules.Sq(file, rank)
			v.Pieces[pieceIndex(sq)] = src.At(sq)
		}
	}
}

// TopSide is the side whose pieces start at the top of the board as the view shows it;
// face-to-face, its texts are turned to face its player.
func (v View) TopSide() rules.Color {
	if v.Flipped {
		return rules.Red
	}
	return rules.Black
}
