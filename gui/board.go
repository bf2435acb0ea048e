package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/engine"
)

// NoSquare marks "no point" in a BoardView (square 0 is never on the board).
const NoSquare engine.Square = 0

// BoardView is everything the board widget draws. The widget redraws only the parts of
// the view that differ from the previous one.
type BoardView struct {
	Pieces   [boardFiles * boardRanks]engine.Piece // indexed by file + 9*rank
	Selected engine.Square                         // the selected piece, or NoSquare
	Targets  []engine.Square                       // legal destinations of the selected piece
	LastMove engine.Move                           // marked at both ends, or engine.NoMove
	Check    engine.Square                         // the king in check, or NoSquare
	Hint     engine.Move                           // the engine's suggestion, or engine.NoMove
	Rejected engine.Square                         // a point just tapped illegally, flashed briefly
	Flipped  bool                                  // Black at the bottom
	Coords   bool                                  // draw file numbers above and below
}

func pieceIndex(sq engine.Square) int { return sq.File() + boardFiles*sq.Rank() }

// PieceAt returns the piece the view shows on sq.
func (v BoardView) PieceAt(sq engine.Square) engine.Piece {
	if !sq.OnBoard() {
		return engine.NoPiece
	}
	return v.Pieces[pieceIndex(sq)]
}

// SetPieces copies the pieces of a position into the view.
func (v *BoardView) SetPieces(pos *engine.Position) {
	for rank := 0; rank < boardRanks; rank++ {
		for file := 0; file < boardFiles; file++ {
			sq := engine.Sq(file, rank)
			v.Pieces[pieceIndex(sq)] = pos.At(sq)
		}
	}
}

// BoardWidget draws a Xiangqi board with its pieces and reports taps on its points.
// It is one widget; pieces and marks are canvas objects, not widgets.
type BoardWidget struct {
	widget.BaseWidget

	view  BoardView
	onTap func(engine.Square)
	post  func(func()) // runs a function on the UI goroutine; nil in bare widget tests
	drag  dragState
}

// NewBoardWidget returns a board that calls onTap with the point nearest to each tap.
func NewBoardWidget(onTap func(engine.Square)) *BoardWidget {
	b := &BoardWidget{onTap: onTap}
	b.ExtendBaseWidget(b)
	return b
}

// SetPost gives the board a way back to the UI goroutine from timers (fyne.Do in the app).
func (b *BoardWidget) SetPost(post func(func())) { b.post = post }

// SetView replaces what the board shows. Call it on the Fyne goroutine.
func (b *BoardWidget) SetView(v BoardView) {
	v.Targets = append([]engine.Square(nil), v.Targets...)
	b.view = v
	b.Refresh()
}

// View returns what the board currently shows.
func (b *BoardWidget) View() BoardView { return b.view }

// PointPosition returns the widget-relative pixel position of a board point,
// as currently laid out (useful to script taps).
func (b *BoardWidget) PointPosition(sq engine.Square) fyne.Position {
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
