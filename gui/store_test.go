package gui

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/storage"

	"github.com/xqfyne/xiangqi/game"
)

func playedGame(t *testing.T, moves ...string) *game.Game {
	t.Helper()
	g, err := game.New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if err := g.Play(mv(t, m)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// eachStore runs a test on a local-directory store and on a store reached through Fyne's
// storage repositories (the browser's path), both backed by dir.
func eachStore(t *testing.T, run func(t *testing.T, s *Store, dir string)) {
	t.Run("dir", func(t *testing.T) {
		dir := t.TempDir()
		s, err := NewStore(dir)
		if err != nil {
			t.Fatal(err)
		}
		run(t, s, dir)
	})
	t.Run("uri", func(t *testing.T) {
		newTestApp(t)
		dir := t.TempDir()
		s, err := NewURIStore(storage.NewFileURI(dir))
		if err != nil {
			t.Fatal(err)
		}
		run(t, s, dir)
	})
}

func TestStoreKeepsBackupAndSurvivesInterruptedSave(t *testing.T) {
	eachStore(t, testStoreBackup)
}

func testStoreBackup(t *testing.T, s *Store, dir string) {
	if _, err := s.Load(); !errors.Is(err, ErrNoSave) {
		t.Fatalf("empty store: %v, want ErrNoSave", err)
	}
	first := playedGame(t, "h2e2")
	second := playedGame(t, "h2e2", "h9g7")
	if err := s.Save(first); err != nil {
		t.Fatal(err)
	}
	if err := s.Save(second); err != nil {
		t.Fatal(err)
	}
	g, err := s.Load()
	if err != nil || g.FEN() != second.FEN() {
		t.Fatalf("load after two saves: %v", err)
	}
	// The previous save is kept as the backup.
	b, err := game.Unmarshal(mustRead(t, filepath.Join(dir, backupName)))
	if err != nil || b.FEN() != first.FEN() {
		t.Fatalf("backup is not the previous save: %v", err)
	}
	// A kill after the old save was moved to the backup but before the rename of the new
	// one leaves a temp file and the backup: the backup is loaded.
	if err := os.Rename(filepath.Join(dir, saveName), filepath.Join(dir, backupName)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, tempName), []byte(`{"format":"xiangqi-ga`), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err = s.Load()
	if err != nil || g.FEN() != second.FEN() {
		t.Fatalf("load with only the backup: %v", err)
	}
	// The next save overwrites the half-written temp file.
	if err := s.Save(first); err != nil {
		t.Fatal(err)
	}
	if g, err = s.Load(); err != nil || g.FEN() != first.FEN() {
		t.Fatalf("save after an interrupted save: %v", err)
	}
}

func TestStoreSetsCorruptSaveAside(t *testing.T) {
	eachStore(t, testStoreCorrupt)
	if _, err := NewStore(""); err == nil {
		t.Fatal("NewStore accepted an empty directory")
	}
	if _, err := NewURIStore(nil); err == nil {
		t.Fatal("NewURIStore accepted no folder")
	}
}

func testStoreCorrupt(t *testing.T, s *Store, dir string) {
	path := filepath.Join(dir, saveName)
	for _, bad := range [][]byte{nil, []byte("{"), []byte(`{"format":"xiangqi-game","version":99}`), {0xff, 0xfe, 0x00}} {
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := s.Load()
		var c *CorruptSaveError
		if !errors.As(err, &c) {
			t.Fatalf("%q: error %v, want CorruptSaveError", bad, err)
		}
		aside := filepath.Join(dir, filepath.Base(c.Aside))
		if got := mustRead(t, aside); string(got) != string(bad) {
			t.Fatalf("kept-aside file differs from the bad save")
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Fatal("bad save still in place, the next save would overwrite it")
		}
		if err := s.Save(playedGame(t, "h2e2")); err != nil {
			t.Fatal(err)
		}
		if got := mustRead(t, aside); string(got) != string(bad) {
			t.Fatalf("the next save overwrote the file kept aside")
		}
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		os.Remove(filepath.Join(dir, backupName))
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestLevelsTable(t *testing.T) {
	for i, l := range Levels {
		if err := checkSeconds(l.Seconds); err != nil {
			t.Errorf("level %s: %v", l.Key, err)
		}
		if i > 0 && l.Seconds <= Levels[i-1].Seconds {
			t.Errorf("levels not in increasing time at %s", l.Key)
		}
		if got, ok := levelFor(l.Seconds); !ok || got != l {
			t.Errorf("levelFor(%v) = %v", l.Seconds, got)
		}
	}
	if _, ok := levelFor(2.5); ok {
		t.Error("2.5 s is not a named level")
	}
	for _, bad := range []string{"", "abc", "0", "-1", "1e9", "NaN"} {
		if _, err := parseSeconds(bad); err == nil {
			t.Errorf("parseSeconds(%q) accepted", bad)
		}
	}
	if v, err := parseSeconds(" 2,5 "); err != nil || v != 2.5 {
		t.Errorf("parseSeconds(2,5) = %v %v", v, err)
	}
}
