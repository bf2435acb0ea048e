package gui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
)

// Ra9 mates: the pawn on e7 guards e8, the rooks cover d9 and f9.
const rookMateFEN = "4k4/9/4P4/9/9/9/9/9/3R5/R3K4 w - - 0 1"

// resultHeadline is the large text of the result screen shown, "" when none is.
func resultHeadline(w *Window) string {
	for _, top := range w.Fyne().Canvas().Overlays().List() {
		for _, o := range test.LaidOutObjects(top) {
			if text, ok := o.(*canvas.Text); ok && text.TextSize > 1.5*w.look.text {
				return text.Text
			}
		}
	}
	return ""
}

// overlayButton is the button of the open dialogs labelled label, nil when there is none.
func overlayButton(w *Window, label string) *widget.Button {
	for _, top := range w.Fyne().Canvas().Overlays().List() {
		for _, o := range test.LaidOutObjects(top) {
			if b, ok := o.(*widget.Button); ok && b.Text == label && b.Visible() {
				return b
			}
		}
	}
	return nil
}

// Issue 51 item 8: a game's end is a result screen: who won in large type, how, and what
// to do next (Rematch, Review, New game), on the desktop and on a phone. Rematch starts
// the game again with the same players.
func TestGameOverShowsResultScreenAndRematch(t *testing.T) {
	for _, size := range []fyne.Size{fyne.NewSize(900, 680), fyne.NewSize(390, 844)} {
		w, _ := openTwoPlayerGame(t, rookMateFEN)
		w.Fyne().Resize(size)
		tapPoint(t, w.Board(), "a0")
		tapPoint(t, w.Board(), "a9")
		got := w.Session().Game().Result()
		if got.Reason != game.ReasonCheckmate {
			t.Fatalf("result %v", got)
		}
		if h := resultHeadline(w); h != tr("gameover.redWon") {
			t.Fatalf("%v: the result screen's headline is %q", size, h)
		}
		if text := overlayText(w); !strings.Contains(text, w.say(got.Message())) {
			t.Errorf("%v: the result screen says %q, without the reason", size, text)
		}
		for _, label := range []string{tr("gameover.rematch"), tr("gameover.review"), tr("action.new"), tr("action.close")} {
			if b := overlayButton(w, label); b == nil || !inside(w, b) {
				t.Errorf("%v: no %q button inside the window", size, label)
			}
		}
		test.Tap(overlayButton(w, tr("gameover.rematch")))
		if g, set := w.Session().Game(), w.Session().Settings(); g.Len() != 0 || g.Result().Decided() || set.Human != game.HumanBoth {
			t.Fatalf("after Rematch: %d moves, result %v, human %q", g.Len(), g.Result(), set.Human)
		}
		if resultHeadline(w) != "" {
			t.Error("the result screen stayed open after Rematch")
		}
	}
}

// Against the engine the result speaks to the player ("You won"), and Review opens the
// review's choice of time per move.
func TestResultScreenSpeaksToThePlayerAndOpensReview(t *testing.T) {
	dir := t.TempDir()
	g, err := game.New(rookMateFEN)
	if err != nil {
		t.Fatal(err)
	}
	store, _ := play.NewDirStore(dir)
	set := play.DefaultSettings(play.English)
	set.Human, set.Seconds, set.Book = game.HumanRed, play.MinSeconds, false
	if err := store.Save(g, set); err != nil {
		t.Fatal(err)
	}
	w, q := openWindow(t, dir)
	tapPoint(t, w.Board(), "a0")
	tapPoint(t, w.Board(), "a9")
	q.WaitFor(t, 5*time.Second, "the result screen", func() bool { return resultHeadline(w) != "" })
	if h := resultHeadline(w); h != tr("gameover.won") {
		t.Fatalf("the headline is %q, want %q", h, tr("gameover.won"))
	}
	test.Tap(overlayButton(w, tr("gameover.review")))
	find(t, w, func(r *widget.RadioGroup) bool { return len(r.Options) == len(reviewTimes) })
}
