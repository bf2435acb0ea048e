package gui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/play/playtest"
)

// fillLibrary files one game through the library and then lists copies of it n times in
// the library's folder of dir, as a library of n games would be (filing each through Add
// rewrites the whole index every time). It returns the library's folder.
func fillLibrary(tb testing.TB, dir string, n int) string {
	tb.Helper()
	folder := filepath.Join(dir, libraryFolder)
	lib, err := openLibrary(nil, dir)
	if err != nil {
		tb.Fatal(err)
	}
	rec, _, err := game.ReadRecord([]byte(variationPGN))
	if err != nil {
		tb.Fatal(err)
	}
	first, err := lib.Add(rec, play.Players{})
	if err != nil {
		tb.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(folder, "game-"+first.ID+".json"))
	if err != nil {
		tb.Fatal(err)
	}
	entries := make([]play.LibraryEntry, n)
	for i := range entries {
		e := first
		e.ID = fmt.Sprintf("20261126-120000-%d", i)
		entries[i] = e
		if err := os.WriteFile(filepath.Join(folder, "game-"+e.ID+".json"), data, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	index, err := json.Marshal(map[string]any{"format": "xiangqi-library", "version": 1, "games": entries})
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(folder, "library.json"), index, 0o644); err != nil {
		tb.Fatal(err)
	}
	return folder
}

// BenchmarkShowLibrary10000 shows the library list of 10,000 games (the target is under
// 50 ms).
func BenchmarkShowLibrary10000(b *testing.B) {
	dir := b.TempDir()
	fillLibrary(b, dir, 10_000)
	w, q := openWindow(b, dir)
	b.ResetTimer()
	for b.Loop() {
		w.showLibrary()
		b.StopTimer()
		ls := shown[*libraryScreen](b, w)
		if ls.list.Length() != 10_000 {
			b.Fatalf("%d games listed", ls.list.Length())
		}
		ls.waitChecked(b, q)
		w.screens.pop()
		b.StartTimer()
	}
}

// Showing the library reads its index only: the games' files are checked afterwards, off
// the UI goroutine, and a damaged one is then listed as damaged.
func TestLibraryListsFromTheIndex(t *testing.T) {
	dir := t.TempDir()
	folder := fillLibrary(t, dir, 200)
	damagedID := "20261126-120000-7"
	if err := os.WriteFile(filepath.Join(folder, "game-"+damagedID+".json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, q := openWindow(t, dir)
	w.showLibrary()
	ls := shown[*libraryScreen](t, w)
	if ls.list.Length() != 200 {
		t.Fatalf("%d games listed", ls.list.Length())
	}
	// The check's answer comes through the UI queue, which has not run yet: what is
	// listed so far came from the index alone.
	for _, it := range ls.items {
		if it.Err != nil {
			t.Fatalf("a game file was read on the UI goroutine: %s listed as %v", it.ID, it.Err)
		}
	}
	ls.waitChecked(t, q)
	damaged := 0
	for _, it := range ls.items {
		if it.Err != nil {
			damaged++
			if it.ID != damagedID {
				t.Errorf("%s listed as damaged: %v", it.ID, it.Err)
			}
		}
	}
	if damaged != 1 {
		t.Errorf("%d games listed as damaged, want 1", damaged)
	}
	rows := listTexts(t, ls)
	if want := tr("library.damaged", map[string]any{"Name": damagedID}); !slices.ContainsFunc(rows, func(r string) bool { return strings.Contains(r, want) }) {
		t.Errorf("the damaged game is not shown as damaged: %q", rows[:10])
	}
}

// waitChecked waits until the check of the listed games' files has answered.
func (ls *libraryScreen) waitChecked(tb testing.TB, q *playtest.UIQueue) {
	tb.Helper()
	q.WaitFor(tb, 20*time.Second, "the check of the library's files", func() bool { return !ls.checking })
}
