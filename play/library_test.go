package play

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
)

// Remove lets the library delete files on the in-memory storage.
func (f *memFS) Remove(name string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.files[name]; !ok {
		return fmt.Errorf("%s: %w", name, os.ErrNotExist)
	}
	delete(f.files, name)
	return nil
}

// openLibrary opens a library whose clock advances a second per call, so IDs and order
// are predictable.
func openLibrary(t *testing.T, fs FS) *Library {
	t.Helper()
	l, err := OpenLibrary(fs)
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	l.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	return l
}

const libraryPGN = "[Red \"甲\"]\n[Black \"乙\"]\n[Date \"2026.11.20\"]\n1. 炮二平五 马８进７ (1. ... 炮８平５) 2. 马二进三 1-0\n"

func TestLibraryAddListOpenRenameDelete(t *testing.T) {
	for name, fs := range map[string]FS{"plain storage": newMemFS(), "directory": DirFS(t.TempDir())} {
		t.Run(name, func(t *testing.T) {
			l := openLibrary(t, fs)
			first, err := l.Add(readRecord(t, libraryPGN), Players{})
			if err != nil {
				t.Fatal(err)
			}
			g := playedGame(t, "h2e2", "h9g7")
			if _, err := l.Add(g.Record(), Players{Human: game.HumanRed}); err != nil {
				t.Fatal(err)
			}
			// The same game again is not added twice.
			if again, err := l.Add(readRecord(t, libraryPGN), Players{}); err != nil || again.ID != first.ID {
				t.Fatalf("added twice: %v %v", again.ID, err)
			}
			items := l.List()
			if len(items) != 2 || items[1].ID != first.ID {
				t.Fatalf("list: %+v", items)
			}
			e := items[1]
			if e.Err != nil || e.Red != "甲" || e.Black != "乙" || e.Date != "2026.11.20" || e.Result != "1-0" ||
				e.Opening != "炮二平五 马８进７" || e.Plies != 3 {
				t.Errorf("entry: %+v", e)
			}
			if items[0].Result != "*" || items[0].Human != game.HumanRed {
				t.Errorf("played game: %+v", items[0])
			}

			// Open keeps the variation; Rename names it; both survive reopening.
			r, _, err := l.Open(first.ID)
			if err != nil || len(r.Nodes()) != 5 {
				t.Fatalf("open: %v", err)
			}
			if err := l.Rename(first.ID, "  决赛  "); err != nil {
				t.Fatal(err)
			}
			l = openLibrary(t, fs)
			if r, _, err := l.Open(first.ID); err != nil || r.Meta.Title != "决赛" {
				t.Fatalf("renamed: %v", err)
			}
			pgn, err := l.ExportPGN(first.ID, game.PGNOptions{Notation: game.Chinese})
			if err != nil || !strings.Contains(string(pgn), "决赛") || !strings.Contains(string(pgn), "(1. ... 炮８平５)") {
				t.Errorf("export: %v\n%s", err, pgn)
			}

			if err := l.Delete(first.ID); err != nil {
				t.Fatal(err)
			}
			l = openLibrary(t, fs)
			if items := l.List(); len(items) != 1 || items[0].ID == first.ID {
				t.Fatalf("after delete: %+v", items)
			}
			if _, err := fs.ReadFile(gameFileName(first.ID)); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the deleted game's file is still there: %v", err)
			}
			if _, _, err := l.Open(first.ID); err == nil {
				t.Error("a deleted game opened")
			}
		})
	}
}

// A damaged game file or index entry is listed as damaged; the others open, and the
// damaged one can be deleted.
func TestLibraryListsDamagedEntries(t *testing.T) {
	fs := newMemFS()
	l := openLibrary(t, fs)
	good, err := l.Add(readRecord(t, libraryPGN), Players{})
	if err != nil {
		t.Fatal(err)
	}
	bad, err := l.Add(readRecord(t, "h2e2 h9g7 h0g2"), Players{})
	if err != nil {
		t.Fatal(err)
	}
	gone, err := l.Add(readRecord(t, "b2e2"), Players{})
	if err != nil {
		t.Fatal(err)
	}
	fs.files[gameFileName(bad.ID)] = []byte(`{"format": "xiangqi-record", "version": 1, "nodes": [`)
	delete(fs.files, gameFileName(gone.ID))
	// An entry whose ID would be a path is never read.
	entries := append(l.entries, LibraryEntry{ID: "../game", Result: "*"})
	if err := l.writeIndex(entries); err != nil {
		t.Fatal(err)
	}

	l = openLibrary(t, fs)
	items := l.List()
	if len(items) != 4 {
		t.Fatalf("list: %+v", items)
	}
	// The list reads the index only; Damaged reads the files.
	errs := l.Damaged(items)
	for _, it := range items {
		if it.Err != nil {
			errs[it.ID] = it.Err
		}
	}
	if errs[good.ID] != nil || errs[bad.ID] == nil || errs[gone.ID] == nil || errs["../game"] == nil {
		t.Fatalf("errors: %v", errs)
	}
	if !strings.Contains(errs[bad.ID].Error(), gameFileName(bad.ID)) || !strings.Contains(errs["../game"].Error(), "damaged") {
		t.Errorf("reasons: %v", errs)
	}
	if _, _, err := l.Open(bad.ID); err == nil {
		t.Error("a damaged game opened")
	}
	for _, id := range []string{bad.ID, gone.ID, "../game"} {
		if err := l.Delete(id); err != nil {
			t.Errorf("delete %s: %v", id, err)
		}
	}
	if items := l.List(); len(items) != 1 || items[0].Err != nil {
		t.Errorf("after deleting the damaged ones: %+v", items)
	}
}

func TestLibraryDamagedIndex(t *testing.T) {
	fs := newMemFS()
	l := openLibrary(t, fs)
	first, _ := l.Add(readRecord(t, libraryPGN), Players{})
	if _, err := l.Add(readRecord(t, "h2e2"), Players{}); err != nil {
		t.Fatal(err)
	}
	// On plain storage the previous index is the backup.
	fs.files[libraryIndexName] = []byte("{\"format\": \"xiangqi-lib")
	l, err := OpenLibrary(fs)
	if err == nil || !strings.Contains(err.Error(), "previous index was restored") {
		t.Fatalf("notice: %v", err)
	}
	if items := l.List(); len(items) != 1 || items[0].ID != first.ID {
		t.Fatalf("restored: %+v", items)
	}
	if len(fs.names("library.corrupt-")) != 1 {
		t.Errorf("the damaged index was not kept: %v", fs.names("library"))
	}
	// Neither readable: an empty library that still works.
	fs.files[libraryIndexName] = []byte("garbage")
	fs.files[libraryBackupName] = []byte("garbage")
	l, err = OpenLibrary(fs)
	if err == nil || !strings.Contains(err.Error(), "starts empty") || len(l.List()) != 0 {
		t.Fatalf("both damaged: %v", err)
	}
	if _, err := l.Add(readRecord(t, "h2e2"), Players{}); err != nil || len(l.List()) != 1 {
		t.Errorf("add after a damaged index: %v", err)
	}
}

func TestFinishedGamesGoToTheLibrary(t *testing.T) {
	s, _, _ := openSession(t, nil, nil)
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	l := openLibrary(t, newMemFS())
	announced := 0
	s.Listen(Listener{GameOver: func(game.Result) { announced++ }})
	l.FileGames(s, nil, func(err error) { t.Error(err) })
	tapMove(t, s, "h2e2")
	s.Endings().Resign()
	items := l.List()
	if announced != 1 || len(items) != 1 || items[0].Result != "1-0" || items[0].Plies != 1 || items[0].Date == "" {
		t.Fatalf("announced %d, library %+v", announced, items)
	}
}

// Issue 35 item 11: an unfinished game left for a new one is filed as unfinished, with its
// players, and opens again where it was; an empty or finished game is not filed again.
func TestUnfinishedGameLeftForANewOneIsKept(t *testing.T) {
	calls := 0
	s, q, _ := openSession(t, nil, firstLegal(&calls))
	l := openLibrary(t, newMemFS())
	var kept []LibraryEntry
	l.FileGames(s, func(e LibraryEntry) { kept = append(kept, e) }, func(err error) { t.Error(err) })
	set := fastSettings(game.HumanBlack)
	set.Seconds = 2
	if err := s.NewGame(set); err != nil {
		t.Fatal(err)
	}
	q.WaitFor(t, 10*time.Second, "the engine's first move", func() bool { return s.Game().Ply() == 1 })
	tapMove(t, s, "h9g7")
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 3 })
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	items := l.List()
	if len(kept) != 1 || len(items) != 1 || items[0].Result != "*" || items[0].Plies != 3 ||
		items[0].Human != game.HumanBlack || items[0].Seconds != 2 || kept[0].ID != items[0].ID {
		t.Fatalf("kept %+v, library %+v", kept, items)
	}
	// A new game without moves, left for another, is not filed.
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil || len(l.List()) != 1 {
		t.Fatalf("empty game filed: %v, %d entries", err, len(l.List()))
	}
	rec, who, err := l.Open(kept[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.OpenRecord(rec, who); err != nil {
		t.Fatal(err)
	}
	if s.Game().Ply() != 3 || s.Settings().Human != game.HumanBlack || !s.HumanToMove() {
		t.Fatalf("resumed at ply %d, human %v", s.Game().Ply(), s.Settings().Human)
	}
	// A finished game is filed when it ends, not again when it is left.
	tapMove(t, s, "b9c7")
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 5 })
	s.Endings().Resign()
	q.Drain()
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	if n := len(l.List()); n != 2 || len(kept) != 1 {
		t.Fatalf("after a finished game: %d entries, %d kept", n, len(kept))
	}
}
