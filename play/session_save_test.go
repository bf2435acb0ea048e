package play

import (
	"errors"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
)

// Every change is saved by the background writer; a restart restores the game, the
// cursor and the settings.
func TestSessionSavesInBackgroundAndRestores(t *testing.T) {
	fs := DirFS(t.TempDir())
	s, _, _ := openSession(t, fs, nil)
	set := fastSettings(game.HumanBoth)
	set.Notation = game.ICCS
	if err := s.NewGame(set); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"h2e2", "h9g7", "b0c2"} {
		tapMove(t, s, m)
	}
	s.Takeback().Undo()
	s.Flush()
	s2, _, notice := openSession(t, fs, nil)
	if notice != nil {
		t.Fatal(notice)
	}
	g := s2.Game()
	if g.Len() != 3 || g.Ply() != 2 || s2.Settings() != s.Settings() {
		t.Fatalf("restored len %d ply %d settings %+v, want 3, 2, %+v", g.Len(), g.Ply(), s2.Settings(), s.Settings())
	}
}

// A failing write is reported on the UI goroutine and play goes on.
func TestSaveFailureIsReported(t *testing.T) {
	fs := newMemFS()
	s, q, _ := openSession(t, fs, nil)
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	s.Flush()
	var reported error
	s.Listen(Listener{SaveError: func(err error) { reported = err }})
	fs.mu.Lock()
	fs.failWrites = true
	fs.mu.Unlock()
	tapMove(t, s, "h2e2")
	s.Flush()
	q.WaitFor(t, 5*time.Second, "the write error", func() bool { return reported != nil })
	if s.Game().Ply() != 1 {
		t.Fatalf("ply %d after a failed save", s.Game().Ply())
	}
}

// An unreadable save is replaced by the backup with a notice; the settings come back too.
func TestSessionRecoversFromBackup(t *testing.T) {
	fs := newMemFS()
	s, _, _ := openSession(t, fs, nil)
	set := fastSettings(game.HumanBoth)
	set.Coords = false
	if err := s.NewGame(set); err != nil {
		t.Fatal(err)
	}
	// Saves waiting together are written as one, so each move is flushed to make the
	// backup hold the move before the last.
	for _, m := range []string{"h2e2", "h9g7"} {
		tapMove(t, s, m)
		s.Flush()
	}
	s.Close()
	if err := fs.WriteFile(saveName, []byte(`{"format":"xiangqi-game","vers`)); err != nil {
		t.Fatal(err)
	}
	s2, _, notice := openSession(t, fs, nil)
	var rec *RecoveredError
	if !errors.As(notice, &rec) || s2.Game().Ply() != 1 || s2.Settings().Coords {
		t.Fatalf("notice %v, ply %d, coords %v; want the backup's game and settings", notice, s2.Game().Ply(), s2.Settings().Coords)
	}
}
