package gui

// The game's save seen from the window: a game and its settings come back after the app
// is closed mid-search, and a corrupt save, an unreadable one with a backup, and storage
// that cannot be opened each leave a playable app and tell the player.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

func TestPersistenceRestoresGameAndSettings(t *testing.T) {
	dir := t.TempDir()
	w, q := openWindow(t, dir)
	newGame(t, w, game.HumanRed, play.MinSeconds)
	set := w.Session().Settings()
	set.Coords = false
	if err := w.Session().ApplySettings(set); err != nil {
		t.Fatal(err)
	}
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	q.WaitFor(t, 10*time.Second, "reply", func() bool { return w.Session().Game().Ply() == 2 })
	tapPoint(t, w.Board(), "h0")
	tapPoint(t, w.Board(), "g2")
	// Tear down while the engine thinks about its second reply.
	fen := w.Session().Game().FEN()
	w.Session().Close()
	w.Fyne().Close()
	q.Drain()

	w2, q2 := openWindow(t, dir)
	s2 := w2.Session()
	if s2.Game().Ply() != 3 {
		t.Fatalf("restored ply %d, want 3", s2.Game().Ply())
	}
	if got := s2.Game().FEN(); got != fen {
		t.Fatalf("restored FEN %q, want %q", got, fen)
	}
	got := s2.Settings()
	if got.Human != game.HumanRed || got.Seconds != play.MinSeconds || got.Coords || got.Random || got.Book {
		t.Fatalf("restored settings %+v", got)
	}
	if w2.Board().View().Coords {
		t.Fatal("the board draws coordinates although they were switched off")
	}
	// The engine was to move: it resumes and answers.
	if !s2.Engine().Thinking() {
		t.Fatal("engine did not resume thinking after restore")
	}
	q2.WaitFor(t, 10*time.Second, "resumed reply", func() bool { return s2.Game().Ply() == 4 })
}

func TestCorruptSaveIsReportedAndKeptAside(t *testing.T) {
	dir := t.TempDir()
	bad := []byte(`{"format":"xiangqi-game","version":1,"startFen":"not a fen"`)
	if err := os.WriteFile(filepath.Join(dir, "game.json"), bad, 0o644); err != nil {
		t.Fatal(err)
	}
	w, _ := openWindow(t, dir)
	if w.Session().Game().Ply() != 0 || w.Session().Game().FEN() != rules.StartFEN {
		t.Fatal("a corrupt save did not start a new game")
	}
	if len(w.Fyne().Canvas().Overlays().List()) == 0 {
		t.Fatal("the user was not told about the unreadable save")
	}
	aside, _ := filepath.Glob(filepath.Join(dir, "game.corrupt-*.json"))
	if len(aside) != 1 {
		t.Fatalf("bad file not kept aside: %v", aside)
	}
	if data, _ := os.ReadFile(aside[0]); string(data) != string(bad) {
		t.Fatal("the file kept aside is not the bad save")
	}
	// The new game is saved in place of the bad one, and it is readable.
	w.Session().Flush()
	store, _ := play.NewDirStore(dir)
	if _, err := store.Load(); err != nil {
		t.Fatalf("new save unreadable: %v", err)
	}
}

// An unreadable save with a good backup: the backup's game comes back and the user is
// told; the bad file is kept aside.
func TestUnreadableSaveIsReplacedByBackupWithNotice(t *testing.T) {
	saveDir := t.TempDir()
	w, _ := openWindow(t, saveDir)
	newGame(t, w, game.HumanBoth, 1)
	for _, p := range []string{"h2", "e2", "h9", "g7"} {
		tapPoint(t, w.Board(), p)
		w.Session().Flush()
	}
	tapPoint(t, w.Board(), "b0")
	tapPoint(t, w.Board(), "c2")
	w.Session().Close()
	if err := os.WriteFile(filepath.Join(saveDir, "game.json"), []byte(`{"format":"xiangqi-ga`), 0o644); err != nil {
		t.Fatal(err)
	}
	w2, _ := openWindow(t, saveDir)
	if got := w2.Session().Game().Ply(); got != 2 {
		t.Fatalf("restored ply %d, want the backup's 2", got)
	}
	text := overlayText(w2)
	aside, _ := filepath.Glob(filepath.Join(saveDir, "game.corrupt-*.json"))
	if len(aside) != 1 || !strings.Contains(text, tr("save.recovered", map[string]any{"Path": aside[0]})) {
		t.Fatalf("dialogs say %q; files set aside %v", text, aside)
	}
}

// Storage that cannot be opened leaves the app playable, with a notice.
func TestUnopenableStoreLeavesAppRunning(t *testing.T) {
	file := filepath.Join(t.TempDir(), "not-a-dir")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	w, _ := openWindow(t, filepath.Join(file, "saves"))
	if !strings.Contains(overlayText(w), strings.SplitN(tr("save.unavailable"), "(", 2)[0]) {
		t.Fatalf("no notice about the storage; dialogs say %q", overlayText(w))
	}
	newGame(t, w, game.HumanBoth, 1)
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	if w.Session().Game().Ply() != 1 {
		t.Fatal("no move could be played without storage")
	}
}
