package board

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
	"github.com/xqfyne/xiangqi/rules"
)

// Board draws a Xiangqi board with its pieces and reports taps on its points.
// It is one widget; pieces and marks are canvas objects, not widgets.
type Board struct {
	widget.BaseWidget

	view   View
	onTap  func(rules.Square)
	onDrop func(from, to rules.Square)
	// dragIgnored: the drag under way did not start on a piece that may be picked up.
	dragIgnored bool
}

// New returns a board that calls onTap with the point nearest to each tap, and onDrop
// with the points where a dragged piece was picked up and dropped; either may be nil.
func New(onTap func(rules.Square), onDrop func(from, to rules.Square)) *Board {
	b := &Board{onTap: onTap, onDrop: onDrop}
	b.ExtendBaseWidget(b)
	return b
}

// SetView replaces what the board shows (a drag under way goes on). Call it on the Fyne
// goroutine.
func (b *Board) SetView(v View) {
	v.Targets, v.Culprits, v.Arrows = slices.Clone(v.Targets), slices.Clone(v.Culprits), slices.Clone(v.Arrows)
	v.Drag = b.view.Drag
	b.view = v
	b.Refresh()
}

// View returns what the board currently shows.
func (b *Board) View() View { return b.view }

// PointPosition returns the widget-relative pixel position of a board point,
// as currently laid out (useful to script taps).
func (b *Board) PointPosition(sq rules.Square) fyne.Position {
	return newGeometry(b.Size(), b.view.Flipped).center(sq)
}

// Tapped implements fyne.Tappable.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	sq, ok := newGeometry(b.Size(), b.view.Flipped).hit(ev.Position)
	if ok && b.onTap != nil {
		b.onTap(sq)
	}
}

// MinSize keeps the board usable on a small phone.
func (b *Board) MinSize() fyne.Size {
	h := float32(Ranks-1) + 2*edgeMargin + 2*coordBand
	return fyne.NewSize(minCell*h*Aspect(), minCell*h)
}

// CreateRenderer implements fyne.Widget.
func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	return newBoardRenderer(b)
}
