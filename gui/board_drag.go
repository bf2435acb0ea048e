package gui

import (
	"fyne.io/fyne/v2"

	"github.com/xqfyne/xiangqi/engine"
)

// dragState follows a piece being dragged. Taps remain the main way to move; a drag is the
// same two taps (the piece, then the point where it is dropped) with the disc following
// the pointer in between.
type dragState struct {
	active  bool          // a piece of the side to move is being dragged
	ignored bool          // the drag did not start on a selectable piece
	from    engine.Square // where the piece was picked up
	pos     fyne.Position // the pointer, widget-relative
	dropped bool          // set while the drop is handed to onTap, so the move is not animated
}

// Dragged implements fyne.Draggable.
func (b *BoardWidget) Dragged(ev *fyne.DragEvent) {
	if b.drag.ignored {
		return
	}
	if !b.drag.active {
		// The first event's delta leads back to where the pointer went down.
		start := ev.Position.Subtract(ev.Dragged)
		sq, ok := newGeometry(b.Size(), b.view.Flipped).hit(start)
		if !ok || b.onTap == nil || b.view.PieceAt(sq) == engine.NoPiece {
			b.drag.ignored = true
			return
		}
		b.onTap(sq)
		if b.view.Selected != sq {
			b.drag.ignored = true // not a piece the player may move now
			return
		}
		b.drag.active, b.drag.from = true, sq
	}
	b.drag.pos = ev.Position
	b.Refresh()
}

// DragEnd implements fyne.Draggable: dropping on a point is tapping it.
func (b *BoardWidget) DragEnd() {
	d := b.drag
	b.drag = dragState{}
	if !d.active {
		return
	}
	if sq, ok := newGeometry(b.Size(), b.view.Flipped).hit(d.pos); ok && sq != d.from {
		b.drag.dropped = true
		b.onTap(sq)
		b.drag.dropped = false
	}
	b.Refresh() // an illegal drop puts the piece back
}
