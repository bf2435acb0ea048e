package play

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/game"
)

// eachFS runs a test on a store in a local directory (atomic renames) and on one in
// storage without them (the browser's kind).
func eachFS(t *testing.T, run func(t *testing.T, fs FS)) {
	t.Run("dir", func(t *testing.T) { run(t, DirFS(t.TempDir())) })
	t.Run("mem", func(t *testing.T) { run(t, newMemFS()) })
}

// asides lists the files set aside as unreadable.
func asides(t *testing.T, fs FS) []string {
	t.Helper()
	switch f := fs.(type) {
	case DirFS:
		names, err := filepath.Glob(filepath.Join(string(f), "*.corrupt-*"))
		if err != nil {
			t.Fatal(err)
		}
		for i := range names {
			names[i] = filepath.Base(names[i])
		}
		return names
	case *memFS:
		var out []string
		for _, n := range f.names("game") {
			if strings.Contains(n, ".corrupt-") {
				out = append(out, n)
			}
		}
		return out
	}
	t.Fatalf("unknown FS %T", fs)
	return nil
}

func mustReadFS(t *testing.T, fs FS, name string) []byte {
	t.Helper()
	data, err := fs.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestStoreKeepsPreviousSaveAsBackup(t *testing.T) {
	eachFS(t, func(t *testing.T, fs FS) {
		s := NewStore(fs)
		if _, err := s.Load(); !errors.Is(err, ErrNoSave) {
			t.Fatalf("empty store: %v, want ErrNoSave", err)
		}
		first, second := playedGame(t, "h2e2"), playedGame(t, "h2e2", "h9g7")
		for _, g := range []*game.Game{first, second} {
			if err := s.Save(g, DefaultSettings(English)); err != nil {
				t.Fatal(err)
			}
		}
		g, err := NewStore(fs).Load()
		if err != nil || g.FEN() != second.FEN() {
			t.Fatalf("load after two saves: %v", err)
		}
		b, err := decodeSave(mustReadFS(t, fs, backupName))
		if err != nil || b.game.FEN() != first.FEN() {
			t.Fatalf("backup is not the previous save: %v", err)
		}
	})
}

// A save cut short (a kill while the save was written on storage without atomic renames,
// or any damage) is replaced by the backup, with a notice, and kept aside.
func TestStoreFallsBackToBackup(t *testing.T) {
	eachFS(t, func(t *testing.T, fs FS) {
		s := NewStore(fs)
		first, second := playedGame(t, "h2e2"), playedGame(t, "h2e2", "h9g7")
		for _, g := range []*game.Game{first, second} {
			if err := s.Save(g, DefaultSettings(English)); err != nil {
				t.Fatal(err)
			}
		}
		whole := mustReadFS(t, fs, saveName)
		cut := whole[:len(whole)/2]
		if err := fs.WriteFile(saveName, cut); err != nil {
			t.Fatal(err)
		}
		s = NewStore(fs)
		g, err := s.Load()
		var rec *RecoveredError
		if !errors.As(err, &rec) || g == nil || g.FEN() != first.FEN() {
			t.Fatalf("load with a cut save: game %v, error %v; want the backup and a RecoveredError", g, err)
		}
		got := asides(t, fs)
		if len(got) != 1 || !bytes.Equal(mustReadFS(t, fs, got[0]), cut) || !strings.HasSuffix(rec.Aside, got[0]) {
			t.Fatalf("set aside %v (notice names %s), want the cut save", got, rec.Aside)
		}
		// The game goes on from the backup: the next save is whole and loads.
		if err := s.Save(second, DefaultSettings(English)); err != nil {
			t.Fatal(err)
		}
		if g, err := NewStore(fs).Load(); err != nil || g.FEN() != second.FEN() {
			t.Fatalf("save after recovery: %v", err)
		}
		if !bytes.Equal(mustReadFS(t, fs, got[0]), cut) {
			t.Fatal("a later save overwrote the file kept aside")
		}
	})
}

// When neither the save nor the backup can be read, a new game starts and both files are
// kept aside.
func TestStoreKeepsBothUnreadableFilesAside(t *testing.T) {
	bad := [][]byte{nil, []byte("{"), []byte(`{"format":"xiangqi-game","version":99}`), {0xff, 0xfe, 0x00}}
	eachFS(t, func(t *testing.T, fs FS) {
		for i, saveBytes := range bad {
			backupBytes := bad[(i+1)%len(bad)]
			for _, f := range []struct {
				name string
				data []byte
			}{{saveName, saveBytes}, {backupName, backupBytes}} {
				if err := fs.WriteFile(f.name, f.data); err != nil {
					t.Fatal(err)
				}
			}
			before := len(asides(t, fs))
			g, err := NewStore(fs).Load()
			var c *CorruptSaveError
			if g != nil || !errors.As(err, &c) || len(c.Asides) != 2 {
				t.Fatalf("%q/%q: game %v, error %v; want a CorruptSaveError naming two files", saveBytes, backupBytes, g, err)
			}
			if n := len(asides(t, fs)); n != before+2 {
				t.Fatalf("%d files set aside, want %d", n, before+2)
			}
			for _, name := range []string{saveName, backupName} {
				if _, err := fs.ReadFile(name); !errors.Is(err, os.ErrNotExist) {
					t.Fatalf("%s still in place, the next save would overwrite it", name)
				}
			}
		}
	})
}

// With only the backup left (storage lost the save between two steps), the backup loads.
func TestStoreLoadsBackupWhenSaveIsMissing(t *testing.T) {
	eachFS(t, func(t *testing.T, fs FS) {
		g := playedGame(t, "h2e2")
		data, err := encodeSave(g, DefaultSettings(English), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := fs.WriteFile(backupName, data); err != nil {
			t.Fatal(err)
		}
		got, err := NewStore(fs).Load()
		if err != nil || got.FEN() != g.FEN() {
			t.Fatalf("load with only the backup: %v", err)
		}
	})
}

func TestNewDirStoreRejectsEmptyDirectory(t *testing.T) {
	if _, err := NewDirStore(""); err == nil {
		t.Fatal("NewDirStore accepted an empty directory")
	}
}

// The online sign-in is kept in a file of its own: saving it leaves the game's save as it
// was, it reads back, and a damaged file is an error, not a panic.
func TestOnlineAccountKeptBesideTheSave(t *testing.T) {
	dir := t.TempDir()
	st, err := NewDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	if a, err := st.LoadOnline(); err != nil || !reflect.DeepEqual(a, OnlineAccount{}) {
		t.Fatalf("nothing kept yet: %+v %v", a, err)
	}
	want := OnlineAccount{Server: "http://localhost:8080", Token: "abc", Filed: []int64{3, 9}}
	if err := st.SaveOnline(want); err != nil {
		t.Fatal(err)
	}
	if a, err := st.LoadOnline(); err != nil || !reflect.DeepEqual(a, want) {
		t.Fatalf("read back %+v %v", a, err)
	}
	if _, err := os.Stat(filepath.Join(dir, saveName)); !os.IsNotExist(err) {
		t.Errorf("the save was written: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, onlineName), []byte("{garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := st.LoadOnline(); err == nil {
		t.Error("a damaged file read without an error")
	}
}
