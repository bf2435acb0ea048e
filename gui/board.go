package gui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// BoardView is everything the board widget draws: its renderer is a function of the view
// it drew last and the view it is given, and redraws only the parts that differ.
type BoardView struct {
	Pieces   [boardFiles * boardRanks]rules.Piece // indexed by file + 9*rank
	Selected rules.Square                         // the selected piece, or rules.NoSquare
	Targets  []rules.Square                       // legal destinations of the selected piece
	LastMove rules.Move                           // marked at both ends, or rules.NoMove
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
	Style      play.BoardStyle
	PieceSet   play.PieceSet
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

func pieceIndex(sq rules.Square) int { return sq.File() + boardFiles*sq.Rank() }

// PieceAt returns the piece the view shows on sq.
func (v BoardView) PieceAt(sq rules.Square) rules.Piece {
	if !sq.OnBoard() {
		return rules.NoPiece
	}
	return v.Pieces[pieceIndex(sq)]
}

// SetPieces copies the pieces of a position into the view.
func (v *BoardView) SetPieces(pos *rules.Position) {
	for rank := 0; rank < boardRanks; rank++ {
		for file := 0; file < boardFiles; file++ {
			sq := rules.Sq(file, rank)
			v.Pieces[pieceIndex(sq)] = pos.At(sq)
		}
	}
}

// BoardWidget draws a Xiangqi board with its pieces and reports taps on its points.
// It is one widget; pieces and marks are canvas objects, not widgets.
type BoardWidget struct {
	widget.BaseWidget

	view   BoardView
	onTap  func(rules.Square)
	onDrop func(from, to rules.Square)
	// dragIgnored: the drag under way did not start on a piece that may be picked up.
	dragIgnored bool
}

// NewBoardWidget returns a board that calls onTap with the point nearest to each tap, and
// onDrop with the points where a dragged piece was picked up and dropped.
func NewBoardWidget(onTap func(rules.Square), onDrop func(from, to rules.Square)) *BoardWidget {
	b := &BoardWidget{onTap: onTap, onDrop: onDrop}
	b.ExtendBaseWidget(b)
	return b
}

// SetView replaces what the board shows (a drag under way goes on). Call it on the Fyne
// goroutine.
func (b *BoardWidget) SetView(v BoardView) {
	v.Targets, v.Culprits, v.Arrows = slices.Clone(v.Targets), slices.Clone(v.Culprits), slices.Clone(v.Arrows)
	v.Drag = b.view.Drag
	b.view = v
	b.Refresh()
}

// View returns what the board currently shows.
func (b *BoardWidget) View() BoardView { return b.view }

// PointPosition returns the widget-relative pixel position of a board point,
// as currently laid out (useful to script taps).
func (b *BoardWidget) PointPosition(sq rules.Square) fyne.Position {
	return newGeometry(b.Size(), b.view.Flipped).center(sq)
}

// Tapped implements fyne.Tappable.
func (b *BoardWidget) Tapped(ev *fyne.PointEvent) {
	sq, ok := newGeometry(b.Size(), b.view.Flipped).hit(ev.Position)
	if ok && b.onTap != nil {
		b.onTap(sq)
	}
}

// MinSize keeps the board usable on a small phone.
func (b *BoardWidget) MinSize() fyne.Size {
	const minCell = 26
	h := float32(boardRanks-1) + 2*edgeMargin + 2*coordBand
	return fyne.NewSize(minCell*h*boardAspect(), minCell*h)
}

// CreateRenderer implements fyne.Widget.
func (b *BoardWidget) CreateRenderer() fyne.WidgetRenderer {
	return newBoardRenderer(b)
}
