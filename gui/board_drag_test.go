package gui

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// dropOn drags the piece on one board point to another in a single pointer move, and
// drops it there.
func dropOn(t *testing.T, w *Window, from, to string) {
	t.Helper()
	b := w.Board()
	a, z := b.PointPosition(sq(t, from)), b.PointPosition(sq(t, to))
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: z}, Dragged: fyne.NewDelta(z.X-a.X, z.Y-a.Y)})
	b.DragEnd()
}

// The window wires the board's drags to the session: a drop is a move, an illegal one
// keeps the piece selected, and only the side to move can be picked up.
func TestDragAndDropMovesPiece(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 1)
	b := w.Board()

	dropOn(t, w, "h2", "c5") // illegal: the cannon goes back, stays selected
	if w.Session().Game().Ply() != 0 || b.View().Selected != sq(t, "h2") {
		t.Fatal("an illegal drop moved the piece or lost the selection")
	}
	dropOn(t, w, "h2", "e2")
	if w.Session().Game().LastMove() != mv(t, "h2e2") {
		t.Fatalf("drag and drop did not play h2e2, last move %v", w.Session().Game().LastMove())
	}
	if b.View().PieceAt(sq(t, "e2")) != rules.MakePiece(rules.Red, rules.Cannon) {
		t.Fatal("the board does not show the dropped cannon")
	}

	dropOn(t, w, "b2", "b5") // a red piece while Black is to move: ignored
	dropOn(t, w, "e5", "e4") // an empty point: ignored
	if w.Session().Game().Ply() != 1 || b.View().Selected != rules.NoSquare {
		t.Fatal("a drag that did not start on a movable piece had an effect")
	}
	dropOn(t, w, "h7", "e7")
	if w.Session().Game().LastMove() != mv(t, "h7e7") {
		t.Fatal("Black's drag was not played")
	}
}
