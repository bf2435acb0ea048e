package board

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/xqfyne/xiangqi/rules"
)

// dragPoints drags from one board point to another in steps, as the desktop driver
// reports it: each event carries the pointer position and the delta since the last one.
// halfway runs when the pointer is halfway.
func dragPoints(t *testing.T, b *Board, from, to string, halfway func()) {
	t.Helper()
	a, z := b.PointPosition(sq(t, from)), b.PointPosition(sq(t, to))
	prev := a
	const steps = 4
	for i := 1; i <= steps; i++ {
		f := float32(i) / steps
		cur := fyne.NewPos(a.X+(z.X-a.X)*f, a.Y+(z.Y-a.Y)*f)
		b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: cur}, Dragged: fyne.NewDelta(cur.X-prev.X, cur.Y-prev.Y)})
		prev = cur
		if i == steps/2 && halfway != nil {
			halfway()
		}
	}
	b.DragEnd()
}

// discCentre is where the renderer draws the disc it keeps for the piece on sq.
func discCentre(t *testing.T, r *boardRenderer, s rules.Square) fyne.Position {
	t.Helper()
	d := r.discAt[s]
	if d == nil {
		t.Fatalf("no disc on %v", s)
	}
	rad := pieceRadius * r.geo.cell
	return fyne.NewPos(d.body.Position1.X+rad, d.body.Position1.Y+rad)
}

// near says whether two positions are within a tenth of a unit.
func near(a, b fyne.Position) bool {
	d := a.Subtract(b)
	return d.X*d.X+d.Y*d.Y <= 0.01
}

// A drag is a tap on the piece picked up and a drop reported to the owner; the disc
// follows the pointer and returns to its point when the owner's view does not change.
// Only a piece of the side the view lets pick up can be dragged.
func TestDragReportsPickAndDrop(t *testing.T) {
	newTestApp(t)
	var taps []rules.Square
	var drops [][2]rules.Square
	b := New(func(s rules.Square) { taps = append(taps, s) },
		func(from, to rules.Square) { drops = append(drops, [2]rules.Square{from, to}) })
	v := startView()
	v.Pickable, v.PickSide = true, rules.Red
	b.SetView(v)
	w := test.NewTempWindow(t, b)
	w.Resize(fyne.NewSize(270, 330))
	r := test.WidgetRenderer(b).(*boardRenderer)

	h2, c5 := sq(t, "h2"), sq(t, "c5")
	dragPoints(t, b, "h2", "c5", func() {
		got, want := discCentre(t, r, h2), b.View().Drag.Pos
		if !near(got, want) {
			t.Fatalf("the dragged disc is at %v, the pointer at %v", got, want)
		}
	})
	if len(taps) != 1 || taps[0] != h2 || len(drops) != 1 || drops[0] != [2]rules.Square{h2, c5} {
		t.Fatalf("taps %v drops %v, want a tap on h2 and a drop h2-c5", taps, drops)
	}
	if got, want := discCentre(t, r, h2), b.PointPosition(h2); !near(got, want) {
		t.Fatalf("the disc was left at %v, not put back on its point %v", got, want)
	}
	if b.View().Drag.Active {
		t.Fatal("the drag is still under way after it ended")
	}

	taps, drops = nil, nil
	dragPoints(t, b, "h7", "h5", nil) // a black piece
	dragPoints(t, b, "e5", "e4", nil) // an empty point
	v.Pickable = false
	b.SetView(v)
	dragPoints(t, b, "h2", "e2", nil) // nothing may be picked up
	if len(taps) != 0 || len(drops) != 0 {
		t.Fatalf("drags that did not start on a piece that may be picked up reported taps %v drops %v", taps, drops)
	}
}
