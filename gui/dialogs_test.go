package gui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// find walks the top overlay (an open dialog) and returns the first object accepted by match.
func find[T fyne.CanvasObject](t *testing.T, w *Window, match func(T) bool) T {
	t.Helper()
	top := w.Fyne().Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog is open")
	}
	for _, o := range test.LaidOutObjects(top) {
		if x, ok := o.(T); ok && match(x) {
			return x
		}
	}
	var zero T
	t.Fatalf("dialog has no matching %T", zero)
	return zero
}

// checkFor is the check of the open dialog whose text is text: a wrapping check, its
// text a label of its own beside it (newWrapCheck).
func checkFor(t *testing.T, w *Window, text string) *widget.Check {
	t.Helper()
	row := find(t, w, func(c *fyne.Container) bool {
		return slices.ContainsFunc(c.Objects, func(o fyne.CanvasObject) bool {
			l, ok := o.(*tapLabel)
			return ok && l.Text == text
		})
	})
	for _, o := range row.Objects {
		if c, ok := o.(*widget.Check); ok {
			return c
		}
	}
	t.Fatalf("the text %q has no check beside it", text)
	return nil
}

func TestNewGameDialogStartsGameAsBlack(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	test.Tap(w.game.newBtn)
	find(t, w, func(r *widget.RadioGroup) bool { return len(r.Options) == 2 && r.Options[1] == tr("side.black") }).SetSelected(tr("side.black"))
	find(t, w, func(e *widget.Entry) bool { return true }).SetText("0.1")
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.start") }))

	s := w.Session()
	if got := s.Settings(); got.Human != game.HumanBlack || got.Seconds != 0.1 || !got.Flipped {
		t.Fatalf("settings after the dialog: %+v", got)
	}
	q.WaitFor(t, 10*time.Second, "the engine's opening move", func() bool { return s.Game().Ply() == 1 })
	if s.Game().SideToMove() != rules.Black {
		t.Fatal("not the player's turn after the engine opened")
	}
}

// Issue 35 item 14: a game between two players greys out the side "you" play and the
// engine's level, which apply only against the engine.
func TestNewGameDialogGreysOutEngineChoicesForTwoPlayers(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	test.Tap(w.game.newBtn)
	side := find(t, w, func(r *widget.RadioGroup) bool { return len(r.Options) == 2 && r.Options[1] == tr("side.black") })
	opponent := find(t, w, func(r *widget.RadioGroup) bool { return len(r.Options) == 2 && r.Options[1] == tr("opponent.human") })
	level := find(t, w, func(s *widget.Select) bool { return slices.Contains(s.Options, tr("level.custom")) })
	seconds := find(t, w, func(e *widget.Entry) bool { return true })
	engineChoices := func() []bool { return []bool{side.Disabled(), level.Disabled(), seconds.Disabled()} }
	if d := engineChoices(); slices.Contains(d, true) {
		t.Fatalf("against the engine, disabled: %v", d)
	}
	opponent.SetSelected(tr("opponent.human"))
	if d := engineChoices(); slices.Contains(d, false) {
		t.Fatalf("two players, disabled: %v (side, level, seconds)", d)
	}
	opponent.SetSelected(tr("opponent.engine"))
	if d := engineChoices(); slices.Contains(d, true) {
		t.Fatalf("back to the engine, disabled: %v", d)
	}
}

// Issue 35 item 14: Escape closes a dialog, and only a dialog: with none open the keys
// still browse the game.
func TestEscapeClosesDialogs(t *testing.T) {
	w, _ := openTwoPlayerGame(t, "", "h2e2", "h9g7")
	key := func(name fyne.KeyName) { w.Fyne().Canvas().OnTypedKey()(&fyne.KeyEvent{Name: name}) }
	for _, open := range []func(){w.showNewGame, w.showSettings, func() { w.showNotice("hello") }} {
		open()
		if w.Fyne().Canvas().Overlays().Top() == nil {
			t.Fatal("no dialog opened")
		}
		key(fyne.KeyEscape)
		if top := w.Fyne().Canvas().Overlays().Top(); top != nil {
			t.Fatalf("Escape left %T open", top)
		}
	}
	key(fyne.KeyEscape) // nothing open: nothing happens
	key(fyne.KeyLeft)
	if w.Session().Game().Ply() != 1 {
		t.Fatalf("Left after Escape: ply %d", w.Session().Game().Ply())
	}
}

func TestSettingsDialogAppliesAndRejectsBadSeconds(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	test.Tap(w.game.settBtn)
	level := find(t, w, func(s *widget.Select) bool { return true })
	level.SetSelected(levelLabel(play.Levels()[3]))
	entry := find(t, w, func(e *widget.Entry) bool { return true })
	if entry.Text != formatSeconds(play.Levels()[3].Seconds) {
		t.Fatalf("choosing a level set the seconds to %q", entry.Text)
	}
	checkFor(t, w, tr("settings.coords")).SetChecked(false)
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.apply") }))
	got := w.Session().Settings()
	if got.Seconds != play.Levels()[3].Seconds || got.Coords || w.Board().View().Coords {
		t.Fatalf("settings after the dialog: %+v", got)
	}

	test.Tap(w.game.settBtn)
	find(t, w, func(e *widget.Entry) bool { return true }).SetText("abc")
	if sel := find(t, w, func(s *widget.Select) bool { return true }).Selected; sel != tr("level.custom") {
		t.Fatalf("typed seconds show level %q, want Custom", sel)
	}
	apply := find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.apply") })
	test.Tap(apply)
	if w.Session().Settings().Seconds != play.Levels()[3].Seconds {
		t.Fatal("bad seconds were applied")
	}
	// The dialog stays open with the reason under the field and the typed text kept.
	form := find(t, w, func(f *widget.Form) bool { return true })
	if entry := find(t, w, func(e *widget.Entry) bool { return true }); entry.Text != "abc" {
		t.Fatalf("the typed seconds became %q", entry.Text)
	}
	hint := ""
	for _, item := range form.Items {
		if item.Text == tr("settings.seconds") {
			hint = item.HintText
		}
	}
	if !strings.Contains(hint, fmt.Sprint(play.MaxSeconds)) {
		t.Fatalf("the seconds field says %q, not why the value was refused", hint)
	}
}

func TestDialogsFitPortraitWindow(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	w.Fyne().Resize(fyne.NewSize(267, 480)) // 400x720 pixels at scale 1.5
	for _, open := range []*iconButton{w.game.iconBtns[0], w.game.iconBtns[len(w.game.iconBtns)-1]} {
		test.Tap(open)
		cancel := find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.cancel") })
		fields := []fyne.CanvasObject{
			find(t, w, func(e *widget.Entry) bool { return true }),
			find(t, w, func(s *widget.Select) bool { return true }),
			cancel,
		}
		if open == w.game.iconBtns[len(w.game.iconBtns)-1] {
			// The settings scroll on a short screen: the last check comes into view above
			// the dialog buttons.
			find(t, w, func(s *container.Scroll) bool { return true }).ScrollToBottom()
			last := checkFor(t, w, tr("settings.warnRepetition"))
			fields = append(fields[2:], last)
			if absolute(last).Y+last.Size().Height > absolute(cancel).Y {
				t.Errorf("the last check overlaps the dialog buttons")
			}
		} else {
			// New game scrolls too on so short a screen: its last field, the seconds, comes
			// into view above the dialog buttons.
			find(t, w, func(s *container.Scroll) bool { return true }).ScrollToBottom()
			fields = []fyne.CanvasObject{fields[0], cancel}
		}
		// Every select and radio choice is whole in the window: a label wider than a
		// phone (the top level's) must not make the form wider than the dialog.
		for _, o := range test.LaidOutObjects(w.Fyne().Canvas().Overlays().Top()) {
			switch o.(type) {
			case *widget.Select, *widget.RadioGroup:
				if y := absolute(o).Y; o.Visible() && y >= 0 && y+o.Size().Height <= absolute(cancel).Y {
					fields = append(fields, o)
				}
			}
		}
		for _, o := range fields {
			if !inside(w, o) {
				t.Errorf("dialog field %T at %v size %v is outside the %v window", o, absolute(o), o.Size(), w.Fyne().Canvas().Size())
			}
		}
		test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.cancel") }))
	}
}
