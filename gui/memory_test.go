package gui

import "testing"

// Going into the background, and a game's end, give the heap's free pages back (the app
// passes debug.FreeOSMemory): a phone picks the background apps it ends by what they hold.
// Coming back does not.
func TestBackgroundAndGameOverReleaseMemory(t *testing.T) {
	released := 0
	w, q := openWindowWith(t, Config{SaveDir: t.TempDir(), ReleaseMemory: func() { released++ }})
	lc := w.look.app.Lifecycle().(foreground)
	lc.OnExitedForeground()()
	if released != 1 {
		t.Fatalf("memory released %d times going into the background, want 1", released)
	}
	lc.OnEnteredForeground()()
	if released != 1 {
		t.Fatalf("memory released %d times after coming back, want still 1", released)
	}
	w.Session().Endings().Resign()
	q.Drain()
	if released != 2 {
		t.Fatalf("memory released %d times after the game ended, want 2", released)
	}
}
