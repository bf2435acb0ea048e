package gui

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/play/playtest"
)

// fitLikeDesktop does what the desktop driver does after every refresh: a window smaller
// than its content's minimum size is made that large (with no window manager to refuse).
// It repeats while the window grows, since a larger window gets larger text, and returns
// the size the window ends at.
func fitLikeDesktop(t *testing.T, w *Window, q *playtest.UIQueue) fyne.Size {
	t.Helper()
	c := w.Fyne().Canvas()
	for range 10 {
		q.Drain()
		need := c.Content().MinSize()
		if w.Fyne().Padded() {
			need = need.Add(fyne.NewSquareSize(2 * theme.Padding()))
		}
		size := c.Size().Max(need)
		if size == c.Size() {
			break
		}
		w.Fyne().Resize(size)
	}
	return c.Size()
}

// Issue 51 item 1: a 900x680 desktop window, a review at 0.5 s, a tap on the curve, then
// the analysis: the window grew by itself, step by step (900x732, 811, 1085) as each
// growth chose a larger text, until it switched to the phone layout. The content's minimum
// size never forces the window, on the game screen and on a screen opened over it.
func TestWindowDoesNotGrowWithReviewAndAnalysis(t *testing.T) {
	w, q := openTwoPlayerGame(t, hungRookFEN, "a3a4", "e6d4", "e0e1", "d4e2", "e1d1", "e2c1")
	want := fyne.NewSize(900, 680)
	s := w.Session()
	test.Tap(w.game.nav.review)
	find(t, w, func(r *widget.RadioGroup) bool { return len(r.Options) == len(reviewTimes) }).SetSelected(
		tr("review.seconds", map[string]any{"Seconds": 0.5}))
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.start") }))
	q.WaitFor(t, 60*time.Second, "the review", func() bool { return !s.Review().Running() })
	if got := fitLikeDesktop(t, w, q); got != want {
		t.Fatalf("with the review's panel the window grew to %v", got)
	}
	curve := w.game.reviewPanel.curve
	test.TapAt(curve, fyne.NewPos(curve.Size().Width/2, curve.Size().Height/2))
	test.Tap(w.game.nav.analyse)
	if !s.Analysis().On() || !w.game.analysisPanel.box.Visible() {
		t.Fatal("analysis did not start")
	}
	q.WaitFor(t, 30*time.Second, "the analysis' lines", func() bool { return w.game.analysisPanel.lines.Text != "" })
	if got := fitLikeDesktop(t, w, q); got != want {
		t.Fatalf("with the review and the analysis the window grew to %v", got)
	}
	if !landscape(w.Fyne().Canvas().Size()) {
		t.Fatal("the window switched to the phone layout")
	}
	// A screen over the game and back: setting the content must not grow it either.
	w.showLibrary()
	w.screens.pop()
	if got := fitLikeDesktop(t, w, q); got != want {
		t.Fatalf("after the library and back the window is %v", got)
	}
	s.Analysis().Set(false)
}
