package gui

import (
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/play"
)

// soundRecorder is a play.SoundPlayer that remembers what it was asked to play.
type soundRecorder struct{ played []play.Sound }

func (r *soundRecorder) Play(k play.Sound) { r.played = append(r.played, k) }

// A move tapped on the board sounds through the player the app was given, and the
// Sounds switch in Settings turns the sounds off (the engine's reply is then silent).
func TestSoundsAndTheirSwitch(t *testing.T) {
	rec := &soundRecorder{}
	w, q := openWindowWith(t, Config{SaveDir: t.TempDir(), Sound: rec})
	if !w.Session().Settings().Sound {
		t.Fatal("sounds are off in a new game")
	}
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	if !slices.Equal(rec.played, []play.Sound{play.SoundMove}) {
		t.Fatalf("after 炮二平五: sounds %v", rec.played)
	}

	test.Tap(w.game.settBtn)
	check := checkFor(t, w, tr("settings.sound"))
	if !check.Checked {
		t.Fatal("the Sounds switch is off while sounds are on")
	}
	check.SetChecked(false)
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.apply") }))
	if w.Session().Settings().Sound {
		t.Fatal("the switch did not turn sounds off")
	}
	q.WaitFor(t, 30*time.Second, "the engine's reply", func() bool { return w.Session().Game().Ply() == 2 })
	if len(rec.played) != 1 {
		t.Fatalf("sounds off, yet the reply played %v", rec.played[1:])
	}
}
