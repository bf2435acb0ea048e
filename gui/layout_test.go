package gui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/board"
)

// absolute returns where o is drawn in the window.
func absolute(o fyne.CanvasObject) fyne.Position {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
}

// inside reports whether o is shown with a non-empty area that lies within the window.
func inside(w *Window, o fyne.CanvasObject) bool {
	if !o.Visible() || o.Size().Width < 1 || o.Size().Height < 1 {
		return false
	}
	pos := absolute(o)
	win := w.Fyne().Canvas().Size()
	return pos.X >= 0 && pos.Y >= 0 && pos.X+o.Size().Width <= win.Width+0.5 && pos.Y+o.Size().Height <= win.Height+0.5
}

// drawnBoardWidth is the width of the board as drawn inside its widget.
func drawnBoardWidth(w *Window) float32 {
	size := w.Board().Size()
	return min(size.Width, size.Height*board.Aspect())
}

// The move list keeps three lines (six moves) in view under the board in portrait. The
// board is as wide as the screen on phones from 375x667 points up; on older small phones
// and the phone simulation it gives way a little, the rows of icons getting snug first.
func TestPortraitBoardTakesTheWidthFirst(t *testing.T) {
	for _, c := range []struct {
		size  fyne.Size
		share float32 // of the window's width the board takes at least
	}{
		{fyne.NewSize(375, 667), 1}, {fyne.NewSize(390, 844), 1}, {fyne.NewSize(412, 915), 1},
		{fyne.NewSize(360, 640), 0.95}, {fyne.NewSize(260, 563), 0.95}, {fyne.NewSize(320, 568), 0.9},
		{fyne.NewSize(195, 422), 0.85}, {fyne.NewSize(267, 480), 0.8},
	} {
		w, _ := openWindow(t, t.TempDir())
		newGame(t, w, game.HumanBoth, 1)
		playTaps(t, w, "h2e2", "h9g7", "h0g2", "i9h9")
		w.Fyne().Resize(c.size)
		l := w.game.content.Layout.(*mainLayout)
		wantBoard := (c.size.Width - 2*theme.Padding()) * c.share
		if got := drawnBoardWidth(w); got < wantBoard-1 {
			t.Errorf("%v: board drawn %.0f wide, want at least %.0f", c.size, got, wantBoard)
		}
		if got, want := w.game.moveList.Size().Height, l.listHeight(portraitListRows, *l.moveList.snug); got < want {
			t.Errorf("%v: move list %.0f high, want %d lines: %.0f", c.size, got, portraitListRows, want)
		}
	}
}

func TestPortraitShowsBoardIconsAndMoveList(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 400, Height: 720}, {Width: 390, Height: 844}, {Width: 267, Height: 480}} {
		w, _ := openWindow(t, t.TempDir())
		newGame(t, w, game.HumanBoth, 1)
		for _, m := range []string{"h2e2", "h9g7", "h0g2", "i9h9"} {
			tapPoint(t, w.Board(), m[:2])
			tapPoint(t, w.Board(), m[2:])
		}
		w.Fyne().Resize(size)
		if w.session.Game().Ply() != 4 {
			t.Fatalf("%v: setup moves not played", size)
		}
		list := w.game.moveList
		if !inside(w, list) || list.Size().Height < w.game.content.Layout.(*mainLayout).moveRow.MinSize().Height {
			t.Errorf("%v: move list not visible: size %v at %v", size, list.Size(), list.Position())
		}
		board := w.Board()
		if !inside(w, board) || absolute(board).Y+board.Size().Height > absolute(list).Y {
			t.Errorf("%v: board %v at %v is not above the move list at %v", size, board.Size(), board.Position(), list.Position())
		}
		for i, b := range w.game.iconBtns {
			if !inside(w, b) {
				t.Errorf("%v: icon button %d not visible", size, i)
			}
		}
		if l := w.game.content.Layout.(*mainLayout); l.textButtons.Visible() || l.title.Visible() || !l.iconButtons.Visible() {
			t.Errorf("%v: the landscape buttons are shown in portrait", size)
		}
		if len(w.game.moves.rows) != 4 {
			t.Errorf("%v: move list rows %q", size, w.game.moves.texts())
		}
	}
}

func TestLandscapeKeepsMoveListBesideBoard(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	w.Fyne().Resize(fyne.NewSize(900, 680))
	board, list := w.Board(), w.game.moveList
	if !inside(w, list) || absolute(list).X < absolute(board).X+board.Size().Width {
		t.Fatalf("move list at %v (size %v) not beside the board of width %v", list.Position(), list.Size(), board.Size().Width)
	}
	if !inside(w, w.game.newBtn) || !inside(w, w.game.settBtn) {
		t.Fatal("labelled buttons not visible in landscape")
	}
	if l := w.game.content.Layout.(*mainLayout); l.iconButtons.Visible() || !l.textButtons.Visible() {
		t.Fatal("icon buttons shown in landscape")
	}
}

func TestPortraitKeepsMoveListWhileThinking(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	w.Fyne().Resize(fyne.NewSize(400, 720))
	newGame(t, w, game.HumanBlack, 60) // the engine starts a long search at once
	if !w.Session().Engine().Thinking() || !inside(w, w.game.thinking) {
		t.Fatal("thinking indicator not shown in portrait")
	}
	if !inside(w, w.game.moveList) || absolute(w.game.moveList).Y < absolute(w.game.thinking).Y+w.game.thinking.Size().Height {
		t.Fatalf("move list at %v (size %v) overlaps or leaves the window", w.game.moveList.Position(), w.game.moveList.Size())
	}
	for i, b := range w.game.iconBtns {
		if !inside(w, b) || absolute(b).Y+b.Size().Height > absolute(w.game.moveList).Y {
			t.Fatalf("icon button %d not shown above the move list", i)
		}
	}
}

// The controls stay where they are while the engine thinks and the status changes.
func TestControlsDoNotMoveWhileThinking(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 900, Height: 680}, {Width: 400, Height: 720}} {
		w, q := openWindow(t, t.TempDir())
		w.Fyne().Resize(size)
		newGame(t, w, game.HumanRed, 0.3)
		undo, undoIcon, list := absolute(w.game.undoBtn), absolute(w.game.iconBtns[1]), absolute(w.game.moveList)
		tapPoint(t, w.Board(), "h2")
		tapPoint(t, w.Board(), "e2")
		if !w.Session().Engine().Thinking() || !w.game.thinking.Visible() {
			t.Fatal("the engine is not thinking")
		}
		w.game.status.SetText(strings.Repeat("a long status line ", 8)) // two lines
		w.game.content.Refresh()                                        // lays the window out again
		if absolute(w.game.undoBtn) != undo || absolute(w.game.iconBtns[1]) != undoIcon || absolute(w.game.moveList) != list {
			t.Fatalf("%v: controls moved while the engine thinks", size)
		}
		q.WaitFor(t, 10*time.Second, "the reply", func() bool { return !w.Session().Engine().Thinking() })
		w.game.content.Refresh()
		if absolute(w.game.undoBtn) != undo || absolute(w.game.iconBtns[1]) != undoIcon || absolute(w.game.moveList) != list {
			t.Fatalf("%v: controls moved after the engine's reply", size)
		}
	}
}

func TestTextGrowsWithTheWindow(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	textSize := func() float32 { return w.look.app.Settings().Theme().Size(theme.SizeNameText) }
	for _, c := range []struct {
		size fyne.Size
		want float32
	}{
		{fyne.NewSize(1280, 900), 18},
		{fyne.NewSize(900, 680), minTextSize},
		{fyne.NewSize(1920, 1080), maxTextSize},
		{fyne.NewSize(390, 800), minTextSize}, // a phone in portrait
		{fyne.NewSize(540, 960), 18},          // a large phone
	} {
		w.Fyne().Resize(c.size)
		w.game.content.Refresh()
		q.Drain()
		if got := textSize(); got != c.want {
			t.Errorf("window %v: text size %v, want %v", c.size, got, c.want)
		}
	}
}

// Issue 35 item 14: the phone's icon-only buttons say their names when long-pressed (a
// secondary tap), in the status line.
func TestIconButtonsSayTheirNamesOnLongPress(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	w.Fyne().Resize(fyne.NewSize(390, 844))
	n := w.game.nav
	buttons := append(append([]*iconButton{}, w.game.iconBtns...), n.first, n.back, n.forward, n.last, n.promote, n.remove, n.analyse, n.review)
	names := map[string]bool{}
	for i, b := range buttons {
		if b.Text != "" || b.name == "" || names[b.name] {
			t.Errorf("button %d: text %q, name %q (twice: %v)", i, b.Text, b.name, names[b.name])
		}
		names[b.name] = true
		test.TapSecondary(b)
		if !strings.Contains(w.game.status.Text, b.name) {
			t.Errorf("long press on %q: status says %q", b.name, w.game.status.Text)
		}
	}
	if !names[tr("action.undo")] || !names[tr("nav.first")] {
		t.Errorf("names %v", names)
	}
}

// Issue 51 item 7: while the engine thinks, the thinking bar lies under the status's
// line ("思考中…"), not over it, on the desktop and on phones, in both languages.
func TestThinkingBarLeavesTheStatusReadable(t *testing.T) {
	for _, locale := range []string{"zh_CN.UTF-8", "en_GB.UTF-8"} {
		for _, env := range []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"} {
			t.Setenv(env, locale)
		}
		w, q := openWindow(t, t.TempDir())
		reloadTranslations(t)
		newGame(t, w, game.HumanBlack, 60) // the engine starts a long search at once
		for _, size := range []fyne.Size{{Width: 900, Height: 680}, {Width: 390, Height: 844}, {Width: 216, Height: 469}} {
			w.Fyne().Resize(size)
			q.Drain()
			w.game.content.Refresh()
			if !w.Session().Engine().Thinking() || !inside(w, w.game.thinking) {
				t.Fatalf("%s %v: the thinking bar is not shown", locale, size)
			}
			status := w.game.status
			if !strings.HasPrefix(status.Text, tr("status.thinking")) {
				t.Fatalf("%s %v: status %q while thinking", locale, size, status.Text)
			}
			textFoot := absolute(status).Y + status.MinSize().Height - theme.InnerPadding()
			if top := absolute(w.game.thinking).Y; top < textFoot {
				t.Errorf("%s %v: the bar's top %.0f is over the status's line, which reaches %.0f", locale, size, top, textFoot)
			}
		}
		// On the smallest phone the status while thinking, with its depth and score, can
		// wrap to every line of its slot (CI saw it): the bar stays under the last line.
		w.Fyne().Resize(fyne.NewSize(216, 469))
		status := w.game.status
		status.SetText(tr("status.thinking") + " " + strings.Repeat("深度 12，红方优 140 ", 2))
		w.game.content.Refresh()
		if lines := status.MinSize().Height; lines < 2*fyne.MeasureText("深", theme.TextSize(), fyne.TextStyle{}).Height {
			t.Fatalf("%s: the long status takes %.0f, not two lines", locale, lines)
		}
		textFoot := absolute(status).Y + status.MinSize().Height - theme.InnerPadding()
		if top := absolute(w.game.thinking).Y; top < textFoot {
			t.Errorf("%s: a status wrapped to the whole slot reaches %.0f, under the bar's top %.0f", locale, textFoot, top)
		}
	}
}
