package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// dragPoints drags from one board point to another in steps, as the desktop driver
// reports it: each event carries the pointer position and the delta since the last one.
func dragPoints(t *testing.T, b *BoardWidget, from, to string) {
	t.Helper()
	a, z := b.PointPosition(sq(t, from)), b.PointPosition(sq(t, to))
	prev := a
	const steps = 4
	for i := 1; i <= steps; i++ {
		f := float32(i) / steps
		cur := fyne.NewPos(a.X+(z.X-a.X)*f, a.Y+(z.Y-a.Y)*f)
		b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: cur}, Dragged: fyne.NewDelta(cur.X-prev.X, cur.Y-prev.Y)})
		prev = cur
	}
	b.DragEnd()
}

func TestDragAndDropMovesPiece(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 1)
	b := w.Board()
	r := rendererOf(b)

	dragPoints(t, b, "h2", "c5") // illegal: the cannon goes back, stays selected
	if w.Session().Game().Ply() != 0 || b.View().Selected != sq(t, "h2") {
		t.Fatal("an illegal drop moved the piece or lost the selection")
	}
	if got, want := r.discAt[sq(t, "h2")].body.Position1, r.geo.center(sq(t, "h2")); got.X+pieceRadius*r.geo.cell-want.X > 0.1 {
		t.Fatal("the dragged disc was not put back on its point")
	}

	dragPoints(t, b, "h2", "e2")
	if w.Session().Game().LastMove() != mv(t, "h2e2") {
		t.Fatalf("drag and drop did not play h2e2, last move %v", w.Session().Game().LastMove())
	}
	if b.View().PieceAt(sq(t, "e2")) != rules.MakePiece(rules.Red, rules.Cannon) {
		t.Fatal("the board does not show the dropped cannon")
	}

	dragPoints(t, b, "b2", "b5") // a red piece while Black is to move: ignored
	dragPoints(t, b, "e5", "e4") // an empty point: ignored
	if w.Session().Game().Ply() != 1 || b.View().Selected != rules.NoSquare {
		t.Fatal("a drag that did not start on a movable piece had an effect")
	}
	dragPoints(t, b, "h7", "e7")
	if w.Session().Game().LastMove() != mv(t, "h7e7") {
		t.Fatal("Black's drag was not played")
	}
}

func rendererOf(b *BoardWidget) *boardRenderer {
	return test.WidgetRenderer(b).(*boardRenderer)
}
