package board

import (
	"fyne.io/fyne/v2"

	"github.com/xqfyne/xiangqi/engine"
)

// View is everything the board widget draws: its renderer is a function of the view it
// drew last and the view it is given, and redraws only the parts that differ.
type View struct {
	Pieces   [Files * Ranks]engine.Piece // indexed by file + 9*rank
	Selected engine.Square               // the selected piece, or engine.NoSquare
	Targets  []engine.Square             // legal destinations of the selected piece
	LastMove engine.Move                 // marked at both ends, or engine.NoMove
	// Animate is the move whose piece slides into place when it appears on the board
	// (engine.NoMove: the new position is shown at once, e.g. after a drop).
	Animate  engine.Move
	Check    engine.Square // the king in check, or engine.NoSquare
	Hint     engine.Move   // the engine's suggestion, or engine.NoMove
	Rejected engine.Square // a point just tapped illegally, flashed briefly
	// Culprits are the pieces that lost the game by a repetition rule (the checking or
	// chasing ones), Victim the piece they chased or checked, or engine.NoSquare.
	Culprits []engine.Square
	Victim   engine.Square
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
	PickSide engine.Color
	// Drag is the piece the pointer is dragging; the widget sets it, the owner of the
	// view does not.
	Drag DragView
}

// DragView is a piece being dragged: where it was picked up and where the pointer is.
type DragView struct {
	Active bool
	From   engine.Square
	Pos    fyne.Position // widget-relative
}

// Arrow is the first move of an analysis line drawn on the board; Rank 1 is the best
// line, drawn thickest.
type Arrow struct {
	Move engine.Move
	Rank int
}

func pieceIndex(sq engine.Square) int { return sq.File() + Files*sq.Rank() }

// PieceAt returns the piece the view shows on sq.
func (v View) PieceAt(sq engine.Square) engine.Piece {
	if !sq.OnBoard() {
		return engine.NoPiece
	}
	return v.Pieces[pieceIndex(sq)]
}

// PieceSource is anything that tells which piece stands on a point: a position, the
// board editor.
type PieceSource interface {
	At(engine.Square) engine.Piece
}

// SetPieces copies the pieces on every point of src into the view.
func (v *View) SetPieces(src PieceSource) {
	for rank := 0; rank < Ranks; rank++ {
		for file := 0; file < Files; file++ {
			sq := engine.Sq(file, rank)
			v.Pieces[pieceIndex(sq)] = src.At(sq)
		}
	}
}

// TopSide is the side whose pieces start at the top of the board as the view shows it;
// face-to-face, its texts are turned to face its player.
func (v View) TopSide() engine.Color {
	if v.Flipped {
		return engine.Red
	}
	return engine.Black
}
