package gui

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/play"
)

// phoneSizes are the portrait windows the phone layout is checked at, in Fyne units: the
// desktop phone simulation (-tags mobile draws 2 pixels a unit: the 390x844-pixel window
// of scripts/screenshots.sh is 195x422 units, 187x414 inside the window's padding), and
// real phones (an iPhone 12-15 is 390x844 points, a Pixel 7 412x915 dp, an iPhone SE
// 375x667).
var phoneSizes = []fyne.Size{{Width: 187, Height: 414}, {Width: 195, Height: 422}, {Width: 375, Height: 667},
	{Width: 390, Height: 844}, {Width: 412, Height: 915}}

// twelvePlies is an opening of 12 plies.
var twelvePlies = []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "h0h4", "h7i7", "b0c2", "b7b3", "c3c4", "g6g5"}

// walkAt calls visit for o and everything drawn inside it, with where each is drawn
// relative to o's parent.
func walkAt(o fyne.CanvasObject, at fyne.Position, visit func(fyne.CanvasObject, fyne.Position)) {
	if !o.Visible() {
		return
	}
	at = at.Add(o.Position())
	visit(o, at)
	var children []fyne.CanvasObject
	switch x := o.(type) {
	case fyne.Widget:
		children = test.WidgetRenderer(x).Objects()
	case *fyne.Container:
		children = x.Objects
	}
	for _, c := range children {
		walkAt(c, at, visit)
	}
}

// visibleMoves counts the moves whose cells are drawn wholly inside the move list's view
// and the lines they are on.
func visibleMoves(w *Window) (moves, lines int) { return visibleMovesIn(w.game.moveList) }

// visibleMovesIn counts the moves drawn wholly inside list's view and their lines.
func visibleMovesIn(list *moveList) (moves, lines int) {
	bottom := list.Size().Height
	walkAt(list, fyne.NewPos(-list.Position().X, -list.Position().Y), func(o fyne.CanvasObject, at fyne.Position) {
		line, ok := o.(*moveLineView)
		if !ok || line.Size().Height <= 0 || at.Y < -0.5 || at.Y+line.Size().Height > bottom+0.5 {
			return
		}
		lines++
		for _, c := range line.cells {
			if c.Visible() && c.move >= 0 {
				moves++
			}
		}
	})
	return moves, lines
}

// Issue 35 items 5 and 6 on a phone: the players' bar names both sides and at least six
// moves (three numbered pairs) of the move list are in view, at the phone simulation's
// size and at real phone sizes, in a game without a clock and with one.
// Chinese first: later tests see English again.
func TestPhoneShowsPlayersAndSixMoves(t *testing.T) {
	for _, c := range []struct {
		locale string
		timed  bool
	}{{"zh_CN.UTF-8", false}, {"zh_CN.UTF-8", true}, {"en_GB.UTF-8", false}, {"en_GB.UTF-8", true}} {
		for _, env := range []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"} {
			t.Setenv(env, c.locale)
		}
		timed := c.timed
		for _, size := range phoneSizes {
			reloadTranslations(t) // before the window is built in the language
			w, q := openWindow(t, t.TempDir())
			set := w.Session().Settings()
			set.Human, set.Seconds, set.Random, set.Book = game.HumanBoth, 1, false, false
			if timed {
				set.TimeControl = match.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second}
			}
			if err := w.Session().NewGame(set); err != nil {
				t.Fatal(err)
			}
			playTaps(t, w, twelvePlies...)
			w.Fyne().Resize(size)
			q.Drain()
			if w.Session().Game().Ply() != len(twelvePlies) {
				t.Fatalf("%v: the opening was not played", size)
			}
			if !inside(w, w.game.clocks) || w.game.clocks.View().Timed != timed {
				t.Errorf("%s %v timed %v: the players' bar is not shown: visible %v, %v at %v", c.locale, size, timed,
					w.game.clocks.Visible(), w.game.clocks.Size(), absolute(w.game.clocks))
			}
			if moves, lines := visibleMoves(w); moves < 6 {
				t.Errorf("%s %v timed %v: %d moves on %d lines in view of a list %.0f high, want 6", c.locale, size, timed,
					moves, lines, w.game.moveList.Size().Height)
			}
			if !inside(w, w.game.moveList) || !inside(w, w.Board()) {
				t.Errorf("%v: the board or the move list leaves the window", size)
			}
		}
		if !timed {
			phoneKeepsSixMovesWithNotesAndReview(t, c.locale)
		}
	}
}

// phoneKeepsSixMovesWithNotesAndReview: a game from a file with a header and a comment
// on the move shown, then the same game under review and reviewed, still shows six moves
// at every phone size (issue 35 item 6: the notes' line took a row of moves, the review's
// chart all of them), with the notes and the chart in view, and the board at least half
// the window's width.
func phoneKeepsSixMovesWithNotesAndReview(t *testing.T, locale string) {
	t.Helper()
	reloadTranslations(t)
	w, q := openWindow(t, t.TempDir())
	s := w.Session()
	if err := s.OpenRecord(headerGame(t), play.Players{}); err != nil {
		t.Fatal(err)
	}
	s.Browser().GoLast()
	check := func(state string, alsoShown fyne.CanvasObject) {
		t.Helper()
		for _, size := range phoneSizes {
			w.Fyne().Resize(size)
			q.Drain()
			if moves, lines := visibleMoves(w); moves < 6 {
				t.Errorf("%s %v %s: %d moves on %d lines in view of a list %.0f high, want 6", locale, size, state,
					moves, lines, w.game.moveList.Size().Height)
			}
			if !inside(w, alsoShown) || !inside(w, w.game.moveList) || !inside(w, w.Board()) {
				t.Errorf("%s %v %s: something leaves the window: board %v list %v at %v, chart %v at %v, panel %v at %v, notes %v at %v", locale, size, state, w.Board().Size(), w.game.moveList.Size(), absolute(w.game.moveList), alsoShown.Size(), absolute(alsoShown), w.game.panels.Size(), absolute(w.game.panels), w.game.notes.Size(), absolute(w.game.notes))
			}
			if bw := w.Board().Size().Width; bw < size.Width/2 {
				t.Errorf("%s %v %s: the board is %.0f wide", locale, size, state, bw)
			}
		}
	}
	check("with notes", w.game.notes)
	if err := s.Review().Start(play.ReviewOptions{Depth: 1}); err != nil {
		t.Fatal(err)
	}
	check("reviewing", w.game.reviewPanel.curve)
	q.WaitFor(t, 60*time.Second, "the review", func() bool { return !s.Review().Running() })
	check("reviewed", w.game.reviewPanel.curve)
}
