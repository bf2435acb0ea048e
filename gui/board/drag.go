package board

import (
	"fyne.io/fyne/v2"
	"github.com/xqfyne/xiangqi/rules"
)

// Taps remain the main way to move; a drag is the same two taps (the piece, then the point
// where it is dropped) with the disc following the pointer in between. The drag reaches
// the renderer only through the view's Drag field.

// Dragged implements fyne.Draggable.
func (b *Board) Dragged(ev *fyne.DragEvent) {
	if b.dragIgnored {
		return
	}
	if !b.view.Drag.Active {
		// The first event's delta leads back to where the pointer went down.
		start := ev.Position.Subtract(ev.Dragged)
		sq, ok := newGeometry(b.Size(), b.view.Flipped).hit(start)
		if !ok || !b.canPick(sq) {
			b.dragIgnored = true
			return
		}
		b.view.Drag = DragView{Active: true, From: sq}
		if b.onTap != nil {
			b.onTap(sq) // picking a piece up selects it
		}
	}
	b.view.Drag.Pos = ev.Position
	b.Refresh()
}

// canPick reports whether the view lets the piece on sq be picked up.
func (b *Board) canPick(sq rules.Square) bool {
	p := b.view.PieceAt(sq)
	return b.view.Pickable && p != rules.NoPiece && p.Color() == b.view.PickSide
}

// DragEnd implements fyne.Draggable: the piece is dropped on the point under the pointer.
func (b *Board) DragEnd() {
	d := b.view.Drag
	b.view.Drag, b.dragIgnored = DragView{}, false
	if d.Active {
		if sq, ok := newGeometry(b.Size(), b.view.Flipped).hit(d.Pos); ok && sq != d.From && b.onDrop != nil {
			b.onDrop(d.From, sq)
		}
	}
	b.Refresh() // a piece dropped where it may not go returns to its point
}
