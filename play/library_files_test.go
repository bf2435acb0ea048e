package play

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// indexIDs reads the IDs library.json lists, from the file itself.
func indexIDs(t *testing.T, dir string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, libraryIndexName))
	if err != nil {
		t.Fatal(err)
	}
	var idx libraryIndex
	if err := json.Unmarshal(data, &idx); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range idx.Games {
		ids = append(ids, e.ID)
	}
	return ids
}

// The index is written as saves are: the index before each write kept as the backup,
// no temporary file left behind.
func TestLibraryIndexKeptWithBackup(t *testing.T) {
	dir := t.TempDir()
	l := openLibrary(t, DirFS(dir))
	if _, err := l.Add(readRecord(t, libraryPGN), Players{}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(dir, libraryIndexName))
	if _, err := l.Add(readRecord(t, "h2e2"), Players{}); err != nil {
		t.Fatal(err)
	}
	backup, err := os.ReadFile(filepath.Join(dir, libraryBackupName))
	if err != nil || !bytes.Equal(backup, before) {
		t.Fatalf("backup %q (%v), want the index before the write %q", backup, err, before)
	}
	if _, err := os.Stat(filepath.Join(dir, libraryTempName)); !os.IsNotExist(err) {
		t.Errorf("temporary file left: %v", err)
	}
}

// With the index and its backup both damaged, the games in the folder are listed again
// from their files, the index is rewritten with them, and the next add keeps them.
func TestDamagedIndexRediscoversTheGames(t *testing.T) {
	dir := t.TempDir()
	l := openLibrary(t, DirFS(dir))
	var ids []string
	for _, text := range []string{libraryPGN, "h2e2 h9g7", "b2e2"} {
		e, err := l.Add(readRecord(t, text), Players{Human: "red", Seconds: 2})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, e.ID)
	}
	for _, name := range []string{libraryIndexName, libraryBackupName} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("{\"format\": \"xiangqi-lib"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l, err := OpenLibrary(DirFS(dir))
	if err == nil || !strings.Contains(err.Error(), "rebuilt from the game files") || !strings.Contains(err.Error(), "3 games found") {
		t.Fatalf("notice: %v", err)
	}
	items := l.List()
	if len(items) != 3 || items[0].ID != ids[2] || items[2].ID != ids[0] {
		t.Fatalf("listed again: %+v", items)
	}
	if items[2].Red != "甲" || items[2].Result != "1-0" || items[2].Plies != 3 || items[2].Added == "" {
		t.Errorf("the first game described as %+v", items[2].LibraryEntry)
	}
	if r, _, err := l.Open(ids[1]); err != nil || len(r.MainLineMoves()) != 2 {
		t.Errorf("open a rediscovered game: %v", err)
	}
	if got := indexIDs(t, dir); !slices.Equal(got, ids) {
		t.Errorf("index rewritten with %v, want %v", got, ids)
	}
	l.now = openLibrary(t, DirFS(t.TempDir())).now
	added, err := l.Add(readRecord(t, "c3c4"), Players{})
	if err != nil {
		t.Fatal(err)
	}
	l, err = OpenLibrary(DirFS(dir))
	if err != nil || len(l.List()) != 4 {
		t.Fatalf("reopened after an add: %v, %+v", err, l.List())
	}
	if got := indexIDs(t, dir); !slices.Equal(got, append(ids, added.ID)) {
		t.Errorf("index after the add %v", got)
	}
}

// A game file the index never listed (a crash between the file and the index) is listed
// at the next open, silently; a copy of a listed game under another name is not listed
// twice; a damaged game file is listed, as damaged, so that it can be deleted.
func TestUnlistedGameFilesAreListed(t *testing.T) {
	other := t.TempDir()
	lo := openLibrary(t, DirFS(other))
	lo.now = func() time.Time { return time.Date(2026, 11, 23, 9, 10, 0, 0, time.UTC) }
	lost, err := lo.Add(readRecord(t, "h2e2 h9g7 h0g2"), Players{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	l := openLibrary(t, DirFS(dir))
	kept, err := l.Add(readRecord(t, libraryPGN), Players{})
	if err != nil {
		t.Fatal(err)
	}
	copyFile := func(from, to string) {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(filepath.Join(other, gameFileName(lost.ID)), filepath.Join(dir, gameFileName(lost.ID)))
	copyFile(filepath.Join(dir, gameFileName(kept.ID)), filepath.Join(dir, gameFileName("20261123-090000-7")))
	damaged := "20261123-090500-1"
	if err := os.WriteFile(filepath.Join(dir, gameFileName(damaged)), []byte("{\"format\""), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "game-not-an-id.json"), []byte("{}"), 0o644)
	l, err = OpenLibrary(DirFS(dir))
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	var got []string
	for _, it := range l.List() {
		got = append(got, it.ID)
	}
	if want := []string{lost.ID, damaged, kept.ID}; !slices.Equal(got, want) {
		t.Fatalf("listed %v, want %v (newest first)", got, want)
	}
	if errs := l.Damaged(l.List()); errs[damaged] == nil || errs[kept.ID] != nil || errs[lost.ID] != nil {
		t.Errorf("damaged: %v", errs)
	}
	if err := l.Delete(damaged); err != nil {
		t.Fatal(err)
	}
	if l, err = OpenLibrary(DirFS(dir)); err != nil || len(l.List()) != 2 {
		t.Errorf("after deleting the damaged file: %v, %+v", err, l.List())
	}
}

// listingFS is the in-memory storage with a folder listing, as a local directory has.
type listingFS struct{ *memFS }

func (f listingFS) ListFiles() ([]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var names []string
	for name := range f.files {
		names = append(names, name)
	}
	return names, nil
}

// Game files of any name and content beside a damaged index open without a panic, each
// one with a game ID listed once, and the library still takes a new game and keeps them.
func FuzzRediscoverGames(f *testing.F) {
	f.Add("20261123-090000-1", []byte(`{"format": "xiangqi-record"}`))
	f.Add("20261123-090000-12", []byte("h2e2 h9g7"))
	f.Add("../x", []byte("garbage"))
	f.Fuzz(func(t *testing.T, id string, data []byte) {
		fs := listingFS{newMemFS()}
		fs.files[libraryIndexName] = []byte("garbage")
		fs.files[gameFileName(id)] = data
		l, _ := OpenLibrary(fs)
		want := 0
		if libraryIDPattern.MatchString(id) {
			want = 1
		}
		if n := len(l.List()); n != want {
			t.Fatalf("%d games listed, want %d", n, want)
		}
		if _, err := l.Add(readRecord(t, "c3c4"), Players{}); err != nil {
			t.Fatal(err)
		}
		if l, _ = OpenLibrary(fs); len(l.List()) != want+1 {
			t.Fatalf("after an add: %+v", l.List())
		}
	})
}
