package gui

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
)

// listTexts returns the library list's rows as shown: "title | detail".
func listTexts(t *testing.T, ls *libraryScreen) []string {
	t.Helper()
	var rows []string
	for i := 0; i < ls.list.Length(); i++ {
		row := ls.list.CreateItem()
		ls.list.UpdateItem(i, row)
		rows = append(rows, strings.ReplaceAll(row.(*widget.Label).Text, "\n", " | "))
	}
	return rows
}

// The library lists games (a damaged one as damaged), opens one, and deletes one after
// asking; a finished game is filed automatically.
func TestLibraryListsOpensAndDeletesGames(t *testing.T) {
	dir := t.TempDir()
	w, q := openWindow(t, dir)
	newGame(t, w, game.HumanBoth, 1)
	lib := w.io.library
	for _, text := range []string{variationPGN, "h2e2 h9g7 h0g2", "b2e2"} {
		rec, _, err := game.ReadRecord([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := lib.Add(rec, play.Players{}); err != nil {
			t.Fatal(err)
		}
	}
	// Damage the second game's file.
	damaged := lib.List()[1]
	if err := os.WriteFile(filepath.Join(dir, libraryFolder, "game-"+damaged.ID+".json"), []byte("{\"format\":"), 0o644); err != nil {
		t.Fatal(err)
	}

	w.showLibrary()
	ls := shown[*libraryScreen](t, w)
	if w.Fyne().Content() != ls.content {
		t.Fatal("the library is not shown")
	}
	ls.waitChecked(t, q)
	rows := listTexts(t, ls)
	if len(rows) != 3 || !strings.Contains(rows[2], "甲 – 乙") || !strings.Contains(rows[2], "炮二平五 马８进７") ||
		!strings.Contains(rows[1], tr("library.damaged", map[string]any{"Name": damaged.ID})) {
		t.Fatalf("rows: %q", rows)
	}
	// A damaged game cannot be opened, only deleted.
	ls.list.Select(1)
	if !ls.open.Disabled() || ls.delete.Disabled() {
		t.Fatal("buttons for a damaged entry")
	}

	// Open the first game: it replaces the current game and the game screen comes back.
	ls.list.Select(2)
	test.Tap(ls.open)
	if g := w.Session().Game(); g.Len() != 4 || g.Record().Meta.Red != "甲" || w.Fyne().Content() != w.game.content {
		t.Fatalf("opened: %d moves, red %q", g.Len(), g.Record().Meta.Red)
	}

	// Delete the damaged one, confirming.
	w.showLibrary()
	ls = shown[*libraryScreen](t, w)
	ls.list.Select(1)
	test.Tap(ls.delete)
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Importance == widget.HighImportance }))
	if rows := listTexts(t, ls); len(rows) != 2 || strings.Contains(strings.Join(rows, "\n"), damaged.ID) {
		t.Fatalf("after delete: %q", rows)
	}
	if _, err := os.Stat(filepath.Join(dir, libraryFolder, "game-"+damaged.ID+".json")); !os.IsNotExist(err) {
		t.Errorf("the deleted game's file: %v", err)
	}

	// Rename through the dialog.
	ls.list.Select(0)
	test.Tap(ls.rename)
	find(t, w, func(e *widget.Entry) bool { return true }).SetText("快棋")
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.apply") }))
	if rows := listTexts(t, ls); !strings.HasPrefix(rows[0], "快棋 · ") {
		t.Errorf("after rename: %q", rows)
	}
	test.Tap(find2(t, ls.content, tr("action.back")))
	if w.Fyne().Content() != w.game.content {
		t.Fatal("Back did not return to the game")
	}

	// A game that ends goes into the library by itself.
	newGame(t, w, game.HumanBoth, 1)
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	w.Session().Endings().Resign()
	items := lib.List()
	if len(items) != 3 || items[0].Result != "1-0" || items[0].Plies != 1 {
		t.Fatalf("finished game not filed: %+v", items[0])
	}
}

// find2 returns the button with the given text inside o.
func find2(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	for _, x := range test.LaidOutObjects(o) {
		if b, ok := x.(*widget.Button); ok && b.Text == text {
			return b
		}
	}
	t.Fatalf("no button %q", text)
	return nil
}

// Through the app: h2e2, the engine replies, Ctrl+Z, another move, the engine replies,
// one more move, resign. The library files the game as it was played (3 plies, 0-1),
// and the exported PGN's main line is that game.
func TestTakenBackMovesAreNotFiled(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanRed, play.MinSeconds)
	s := w.Session()
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	q.WaitFor(t, 20*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 2 && !s.Engine().Thinking() })
	w.Fyne().Canvas().(interface{ TypedShortcut(fyne.Shortcut) }).TypedShortcut(&fyne.ShortcutUndo{})
	if s.Game().Ply() != 0 {
		t.Fatalf("Ctrl+Z: ply %d", s.Game().Ply())
	}
	tapPoint(t, w.Board(), "h0")
	tapPoint(t, w.Board(), "g2")
	q.WaitFor(t, 20*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 2 && !s.Engine().Thinking() })
	tapPoint(t, w.Board(), "b0")
	tapPoint(t, w.Board(), "c2")
	test.Tap(w.game.resignBtn)
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == lang.L("Yes") }))
	played := s.Game().Moves()
	if len(played) != 3 || played[0] != mv(t, "h0g2") || played[2] != mv(t, "b0c2") {
		t.Fatalf("played %v", played)
	}
	items := w.io.library.List()
	if len(items) != 1 || items[0].Plies != 3 || items[0].Result != "0-1" {
		t.Fatalf("library: %+v", items)
	}
	pgn, err := w.io.library.ExportPGN(items[0].ID, game.PGNOptions{Notation: game.ICCS})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := game.ImportPGNRecord(bytes.NewReader(pgn))
	if err != nil || !slices.Equal(rec.MainLineMoves(), played) {
		t.Fatalf("exported main line %v (%v), played %v", rec.MainLineMoves(), err, played)
	}
}

// Issue 35 item 11: a game left unfinished for a new one is kept in the library, listed as
// unfinished, and one tap takes the player back to it, against the engine as before.
func TestNewGameKeepsTheUnfinishedOneAndOffersItBack(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	s := w.Session()
	newGame(t, w, game.HumanRed, play.MinSeconds)
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 2 })
	newGame(t, w, game.HumanBoth, play.MinSeconds)
	if s.Game().Len() != 0 || !strings.Contains(overlayText(w), tr("library.kept")) {
		t.Fatalf("after New game: %d moves, dialogs %q", s.Game().Len(), overlayText(w))
	}
	items := w.io.library.List()
	if len(items) != 1 || present.ResultName(trData, items[0].Result) != tr("library.unfinished") {
		t.Fatalf("library %+v", items)
	}
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("library.resume") }))
	if s.Game().Ply() != 2 || s.Settings().Human != game.HumanRed || !s.HumanToMove() {
		t.Fatalf("resumed at ply %d, human %v", s.Game().Ply(), s.Settings().Human)
	}
}
