package gui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/play"
)

// speechRecorder is a sound player that can speak (play.Speaker), remembering what it said.
type speechRecorder struct {
	soundRecorder
	said []string
}

func (r *speechRecorder) Say(words []string) { r.said = append(r.said, strings.Join(words, " ")) }

// The spoken moves are off in a new game; the switch in Settings turns them on, the
// setting is kept, and then the player's move and the engine's reply are said in the
// app's language.
func TestSpokenMovesSwitch(t *testing.T) {
	rec := &speechRecorder{}
	dir := t.TempDir()
	w, q := openWindowWith(t, Config{SaveDir: dir, Sound: rec})
	if w.Session().Settings().Speech {
		t.Fatal("the spoken moves are on in a new game")
	}
	test.Tap(w.game.settBtn)
	check := checkFor(t, w, tr("settings.speech"))
	if check.Checked {
		t.Fatal("the switch is on while the spoken moves are off")
	}
	check.SetChecked(true)
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.apply") }))
	if !w.Session().Settings().Speech {
		t.Fatal("the switch did not turn the spoken moves on")
	}
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	want := "en-cannon en-2 en-across en-5"
	if w.lang == play.Chinese {
		want = "zh-pao zh-2 zh-ping zh-5"
	}
	if len(rec.said) != 1 || rec.said[0] != want {
		t.Fatalf("after 炮二平五 said %q, want %q", rec.said, want)
	}
	q.WaitFor(t, 30*time.Second, "the engine's reply", func() bool { return w.Session().Game().Ply() == 2 })
	if len(rec.said) != 2 || !slices.Contains([]string{"en-", "zh-"}, rec.said[1][:3]) {
		t.Fatalf("the engine's reply said %q", rec.said)
	}
	// Kept for the next launch.
	w.Session().Close()
	q.Drain()
	again, _ := openWindowWith(t, Config{SaveDir: dir, Sound: &speechRecorder{}})
	if !again.Session().Settings().Speech {
		t.Fatal("the spoken moves' setting was not kept")
	}
}
