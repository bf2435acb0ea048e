package gui

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
)

// runningBars counts the infinite progress bars in o's tree, shown or hidden, that run:
// Fyne animates such a bar 60 times a second once it is refreshed, hidden or not. The walk
// makes each widget's renderer, as drawing or refreshing the window does.
func runningBars(o fyne.CanvasObject) int {
	n := 0
	switch o := o.(type) {
	case *widget.ProgressBarInfinite:
		test.WidgetRenderer(o)
		if o.Running() {
			n++
		}
	case *fyne.Container:
		for _, c := range o.Objects {
			n += runningBars(c)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(o).Objects() {
			n += runningBars(c)
		}
	}
	return n
}

// Battery (issue 49): the idle app animates nothing. The bar that shows the engine thinking
// runs while it thinks, and no bar runs before its first move or after its reply.
func TestNoBarAnimatesWhileIdle(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanRed, play.MinSeconds)
	q.Drain()
	w.game.content.Refresh()
	content := w.Fyne().Canvas().Content()
	if n := runningBars(content); n != 0 {
		t.Fatalf("the idle game screen runs %d progress bar(s)", n)
	}
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	s := w.Session()
	if !s.Engine().Thinking() {
		t.Fatal("the engine did not start thinking after the player's move")
	}
	if n := runningBars(content); n != 1 || !inside(w, w.game.thinking) {
		t.Fatalf("while the engine thinks: %d running bar(s), shown %v", n, inside(w, w.game.thinking))
	}
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 2 })
	w.game.content.Refresh()
	if n := runningBars(content); n != 0 || w.game.thinking.Visible() {
		t.Fatalf("after the engine's reply: %d running bar(s), slot shown %v", n, w.game.thinking.Visible())
	}
}
