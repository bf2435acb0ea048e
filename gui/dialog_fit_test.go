package gui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// dialogObjects are the labels, checks, choices and buttons drawn in the open dialog.
func dialogObjects(w *Window) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	for _, o := range test.LaidOutObjects(w.Fyne().Canvas().Overlays().Top()) {
		switch o.(type) {
		case *widget.Label, *tapLabel, *widget.Check, *widget.RadioGroup, *widget.Select, *widget.Entry, *widget.Button:
			if o.Visible() && o.Size().Width > 0 {
				out = append(out, o)
			}
		}
	}
	return out
}

// withinWidth fails for every object of the open dialog that reaches past the window's
// sides or, inside the dialog's scroll, past the scroll's.
func withinWidth(t *testing.T, w *Window, what string) {
	t.Helper()
	win := w.Fyne().Canvas().Size()
	right := win.Width
	for _, o := range test.LaidOutObjects(w.Fyne().Canvas().Overlays().Top()) {
		// The dialog's body, the first scroll: its content must not be wider than it.
		if s, ok := o.(*container.Scroll); ok {
			if c := s.Content.Size().Width; c > s.Size().Width+0.5 {
				t.Errorf("%s at %v: the content is %.0f wide in a %.0f wide dialog", what, win, c, s.Size().Width)
			}
			break
		}
	}
	for _, o := range dialogObjects(w) {
		if x := absolute(o).X; x < -0.5 || x+o.Size().Width > right+0.5 {
			t.Errorf("%s at %v: %T %q spans x %.0f to %.0f, the dialog ends at %.0f", what, win, o, textOf(o), x, x+o.Size().Width, right)
		}
	}
}

func textOf(o fyne.CanvasObject) string {
	switch x := o.(type) {
	case *widget.Label:
		return x.Text
	case *tapLabel:
		return x.Text
	case *widget.Check:
		return x.Text
	case *widget.Button:
		return x.Text
	}
	return ""
}

// Issue 35: in a 1280x900 window New game shows its whole form, the seconds per move
// included, without scrolling; the last row hid half under the buttons.
func TestNewGameDialogShowsWholeFormWhenThereIsRoom(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	w.Fyne().Resize(fyne.NewSize(1280, 900))
	for _, opp := range []string{tr("opponent.engine"), tr("opponent.human")} {
		test.Tap(w.game.newBtn)
		find(t, w, func(r *widget.RadioGroup) bool { return len(r.Options) == 2 && r.Options[1] == tr("opponent.human") }).
			SetSelected(opp)
		scroll := find(t, w, func(s *container.Scroll) bool { return true })
		seconds := find(t, w, func(e *widget.Entry) bool { return true })
		cancel := find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.cancel") })
		if bottom := absolute(seconds).Y + seconds.Size().Height; bottom > absolute(scroll).Y+scroll.Size().Height+0.5 ||
			bottom > absolute(cancel).Y {
			t.Errorf("%s: the seconds field ends at %.0f, below the scroll's view (ends %.0f) or the buttons (%.0f)",
				opp, bottom, absolute(scroll).Y+scroll.Size().Height, absolute(cancel).Y)
		}
		if c := scroll.Content.Size().Height; c > scroll.Size().Height+0.5 {
			t.Errorf("%s: the form (%.0f tall) scrolls in a %.0f view with the window %v", opp, c, scroll.Size().Height, w.Fyne().Canvas().Size())
		}
		withinWidth(t, w, "new game "+opp)
		test.Tap(cancel)
	}
}

// Issue 35: on a phone New game wraps "Face to face (two players…)" and its note to the
// dialog's width; they ran past the right edge.
func TestNewGameDialogWrapsToPhoneWidth(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	for _, size := range phoneSizes {
		w.Fyne().Resize(size)
		test.Tap(w.game.newBtn)
		find(t, w, func(r *widget.RadioGroup) bool { return len(r.Options) == 2 && r.Options[1] == tr("opponent.human") }).
			SetSelected(tr("opponent.human"))
		withinWidth(t, w, "new game")
		test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.cancel") }))
	}
}

// On a phone Settings wraps its checks ("Face to face (two players)", "Warn before a
// repetition the rules forbid") to the dialog's width: they ran past its right edge and
// the content scrolled sideways under the fields, in a game against the engine and in one
// of two players.
func TestSettingsDialogWrapsToPhoneWidth(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	for _, human := range []game.HumanSide{game.HumanRed, game.HumanBoth} {
		newGame(t, w, human, 1)
		for _, size := range phoneSizes {
			w.Fyne().Resize(size)
			test.Tap(w.game.settBtn)
			withinWidth(t, w, fmt.Sprintf("settings (players %v)", human))
			test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.cancel") }))
		}
	}
}

// Issue 35: the arbiter's warning fits a phone: its text wraps and its buttons stay
// within the window (Play anyway ran off the right, Cancel began at x 0).
func TestRepetitionWarningFitsPhoneWidth(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	why := game.Verdict{Loser: rules.Black, Violation: rules.PerpetualCheck}
	for _, size := range append(phoneSizes, fyne.NewSize(1280, 900)) {
		w.Fyne().Resize(size)
		played := false
		w.warnRepetition(why, func() { played = true })
		win := w.Fyne().Canvas().Size()
		for _, name := range []string{"action.playAnyway", "action.cancel"} {
			b := find(t, w, func(b *widget.Button) bool { return b.Text == tr(name) })
			if !inside(w, b) || absolute(b).X < 4 || absolute(b).X+b.Size().Width > win.Width-4 {
				t.Errorf("%v: %s at %v size %v is not inside the window", win, tr(name), absolute(b), b.Size())
			}
		}
		withinWidth(t, w, "repetition warning")
		// As tall as its wrapped text: no empty band, no scrolling.
		text := find(t, w, func(l *widget.Label) bool {
			return strings.HasPrefix(l.Text, strings.Fields(tr("repetition.warning"))[0])
		})
		view := find(t, w, func(s *container.Scroll) bool { return true })
		if h, need := view.Size().Height, text.MinSize().Height; h < need-0.5 || h > need+0.5 {
			t.Errorf("%v: the warning's text needs %.0f, its view is %.0f tall", win, need, h)
		}
		test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.playAnyway") }))
		if !played {
			t.Fatal("Play anyway did not play")
		}
	}
}

// Issue 35: the phone's More menu shows all its items, Play online last, within the
// window, the 422-unit phone simulation's included (it needed 441 and Play online was cut).
func TestMoreMenuFitsPhone(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	for _, size := range phoneSizes {
		w.Fyne().Resize(size)
		more := moreIconButton(w, func(b *widget.Button) bool {
			return b.Icon != nil && b.Icon.Name() == theme.MoreHorizontalIcon().Name()
		})
		if more == nil {
			t.Fatal("no More button")
		}
		test.Tap(more)
		top := w.Fyne().Canvas().Overlays().Top()
		win := w.Fyne().Canvas().Size()
		for _, o := range test.LaidOutObjects(top) {
			if menu, ok := o.(*widget.PopUpMenu); ok && menu.MinSize().Height > win.Height {
				t.Errorf("%v: the menu needs %.0f, more than the window", win, menu.MinSize().Height)
			}
		}
		test.Scroll(w.Fyne().Canvas(), fyne.NewPos(40, win.Height/2), 0, -2*win.Height)
		found := false
		walkAt(top, fyne.Position{}, func(o fyne.CanvasObject, at fyne.Position) {
			if x, ok := o.(*canvas.Text); ok && x.Text == tr("more.online") {
				found = true
				if at.Y < 0 || at.Y+x.Size().Height > win.Height+0.5 {
					t.Errorf("%v: Play online is drawn from y %.0f to %.0f, outside the window even scrolled down", win, at.Y, at.Y+x.Size().Height)
				}
			}
		})
		if !found {
			t.Fatal("the menu has no Play online")
		}
		top.Hide()
	}
}

// moreIconButton is the first object in the window's content accepted by match, or nil.
func moreIconButton(w *Window, match func(*widget.Button) bool) *widget.Button {
	for _, o := range test.LaidOutObjects(w.Fyne().Canvas().Content()) {
		if b, ok := o.(*widget.Button); ok && b.Visible() && match(b) {
			return b
		}
	}
	return nil
}

// The More menu is made once and shown again at each tap, in the snug form a short phone
// needs as well: a menu made at each tap gave the snug one a new theme scope each time, for
// which Fyne parsed and kept all the fonts again (docs/budget.md).
func TestMoreMenuIsMadeOnce(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	for _, size := range []fyne.Size{fyne.NewSize(900, 680), phoneSizes[1]} {
		w.Fyne().Resize(size)
		var menus []*widget.PopUpMenu
		for range 3 {
			test.Tap(moreIconButton(w, func(b *widget.Button) bool {
				return b.Icon != nil && b.Icon.Name() == theme.MoreHorizontalIcon().Name()
			}))
			top := w.Fyne().Canvas().Overlays().Top()
			for _, o := range test.LaidOutObjects(top) {
				if m, ok := o.(*widget.PopUpMenu); ok {
					menus = append(menus, m)
				}
			}
			top.Hide()
		}
		if len(menus) != 3 || menus[1] != menus[0] || menus[2] != menus[0] {
			t.Errorf("%v: the three taps showed menus %p, want one menu three times", size, menus)
		}
	}
}
