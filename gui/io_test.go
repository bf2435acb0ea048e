package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

const variationPGN = "[Game \"Chinese Chess\"]\n[Red \"甲\"]\n[Black \"乙\"]\n" +
	"1. 炮二平五 马８进７ (1. ... 炮８平５ 2. 马二进三) 2. 马二进三 车９平８ *\n"

// openURI opens a storage URI as the open dialog would hand it over.
func openURI(t *testing.T, w *Window, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := storage.Reader(storage.NewFileURI(path))
	if err != nil {
		t.Fatal(err)
	}
	w.files.openFromReader(r, nil)
}

func closeDialogs(w *Window) {
	for w.Fyne().Canvas().Overlays().Top() != nil {
		w.Fyne().Canvas().Overlays().Remove(w.Fyne().Canvas().Overlays().Top())
	}
}

func TestImportThroughStorageURI(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 1)
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	dir := t.TempDir()

	openURI(t, w, filepath.Join(dir, "game.pgn"), []byte(variationPGN))
	g := w.Session().Game()
	if g.Len() != 4 || g.Record().Meta.Red != "甲" || w.Board().View().PieceAt(sq(t, "g7")) != rules.MakePiece(rules.Black, rules.Knight) {
		t.Fatalf("imported game: %d moves, red %q", g.Len(), g.Record().Meta.Red)
	}
	// The game it replaced, which had a move, went to the library.
	if items := w.io.library.List(); len(items) != 1 || items[0].Plies != 1 {
		t.Fatalf("library after import: %+v", items)
	}

	// A bad file: a message naming the place, and the game stays.
	openURI(t, w, filepath.Join(dir, "bad.pgn"), []byte("1. 炮二平五 马８进７\n2. 马二进三 马８进７ *\n"))
	want := tr("import.badMove", map[string]any{"Name": "bad.pgn", "Move": "马８进７", "Line": 2})
	if text := overlayText(w); !strings.Contains(text, want) {
		t.Fatalf("error says %q", text)
	}
	if w.Session().Game().Len() != 4 {
		t.Fatal("a bad file changed the game")
	}
	closeDialogs(w)

	// XQF by content, and a FEN file.
	var xqf strings.Builder
	rec, _, _ := game.ReadRecord([]byte(variationPGN))
	if err := rec.ExportXQF(&xqf); err != nil {
		t.Fatal(err)
	}
	openURI(t, w, filepath.Join(dir, "game.xqf"), []byte(xqf.String()))
	if w.Session().Game().Len() != 4 {
		t.Fatalf("XQF: %d moves", w.Session().Game().Len())
	}
	openURI(t, w, filepath.Join(dir, "end.fen"), []byte("3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 1\n"))
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("position.twoPlayers") }))
	if w.Session().Game().FEN() != "3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 1" || w.Session().Engine().Thinking() {
		t.Fatalf("FEN: %s", w.Session().Game().FEN())
	}
}

// Saving writes the game as PGN, XQF for a name ending in .xqf, and the board for .fen.
func TestSaveThroughStorageURI(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	if !w.files.importData([]byte(variationPGN), "test") {
		t.Fatal("import failed")
	}
	dir := t.TempDir()
	for _, name := range []string{"out.pgn", "out.xqf", "out.fen"} {
		u := storage.NewFileURI(filepath.Join(dir, name))
		wr, err := storage.Writer(u)
		if err != nil {
			t.Fatal(err)
		}
		w.files.saveToWriter(wr, nil)
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		back, _, err := game.ReadRecord(data)
		if err != nil {
			t.Fatalf("%s does not read back: %v", name, err)
		}
		want := w.Session().CurrentRecord().ICCSText()
		if name == "out.fen" {
			want = w.Session().Game().FEN() + "\n\n"
		}
		if back.ICCSText() != want {
			t.Errorf("%s: %q, want %q", name, back.ICCSText(), want)
		}
	}
	if overlayText(w) != "" {
		t.Errorf("dialogs: %q", overlayText(w))
	}
}

func TestClipboardCopyAndPaste(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 1)
	clip := fyne.CurrentApp().Clipboard()

	clip.SetContent("h2e2 h9g7\nh0g2")
	w.files.paste()
	if w.Session().Game().Len() != 3 {
		t.Fatalf("pasted ICCS moves: %d", w.Session().Game().Len())
	}
	w.files.copyFEN()
	if clip.Content() != w.Session().Game().FEN() {
		t.Errorf("copied FEN %q", clip.Content())
	}
	w.files.copyPGN()
	back, f, err := game.ReadRecord([]byte(clip.Content()))
	if err != nil || f != game.FormatPGN || len(back.MainLineMoves()) != 3 {
		t.Fatalf("copied PGN: %v %q", err, clip.Content())
	}

	// A paste with an illegal move says which in plain words, and nothing changes
	// (issue 35 item 12: it said "iccs: line 2, column 6: move 4: game: no legal move
	// matches…").
	clip.SetContent("h2e2 h9g7\nh0g2 h9g7")
	w.files.paste()
	want := tr("import.badMove", map[string]any{"Name": tr("paste.name"), "Move": "h9g7", "Line": 2})
	if text := overlayText(w); !strings.Contains(text, want) {
		t.Fatalf("bad paste says %q, want %q", text, want)
	}
	closeDialogs(w)
	// A text that is no game says what a game looks like.
	clip.SetContent("hello")
	w.files.paste()
	if text := overlayText(w); !strings.Contains(text, tr("import.notAGame", map[string]any{"Name": tr("paste.name")})) {
		t.Fatalf("a word pasted says %q", text)
	}
	closeDialogs(w)
	clip.SetContent("")
	w.files.paste()
	if !strings.Contains(overlayText(w), tr("paste.empty")) {
		t.Errorf("empty paste says %q", overlayText(w))
	}
	if w.Session().Game().Len() != 3 {
		t.Error("a bad paste changed the game")
	}
	closeDialogs(w)

	// The paste shortcut and a pasted FEN: a position to play, against the engine if the
	// player says so (issue 35 item 12: it opened for two players, the engine silent).
	clip.SetContent("position fen 3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 1 moves e4e3")
	w.Fyne().Canvas().(interface{ TypedShortcut(fyne.Shortcut) }).TypedShortcut(&fyne.ShortcutPaste{})
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("position.againstEngine") }))
	if g := w.Session().Game(); g.StartFEN() != "3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 1" || g.Len() != 1 {
		t.Fatalf("Ctrl+V: %s %d", g.StartFEN(), g.Len())
	}
	if h := w.Session().Settings().Human; h != game.HumanRed || !w.Session().HumanToMove() {
		t.Fatalf("against the engine: the person plays %v", h)
	}
	// Two players, as a game file opens.
	clip.SetContent("3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 1")
	w.files.paste()
	// Both answers are choices, not go and cancel: neither carries the cancel cross.
	for _, b := range []string{"position.twoPlayers", "position.againstEngine"} {
		if icon := find(t, w, func(x *widget.Button) bool { return x.Text == tr(b) }).Icon; icon == nil ||
			icon.Name() == theme.CancelIcon().Name() || icon.Name() == theme.ConfirmIcon().Name() {
			t.Errorf("%s has icon %v, want a neutral one", tr(b), icon)
		}
	}
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("position.twoPlayers") }))
	if h := w.Session().Settings().Human; h != game.HumanBoth || w.Session().Game().Len() != 0 {
		t.Fatalf("two players: %v, %d moves", h, w.Session().Game().Len())
	}
}

// The menu behind the "more" button offers the file, clipboard, editor, library and online
// actions.
func TestMoreMenuReachesTheActions(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	var more *widget.Button
	for _, o := range test.LaidOutObjects(w.game.content) {
		if b, ok := o.(*widget.Button); ok && b.Text == tr("action.more") && b.Visible() {
			more = b
		}
	}
	if more == nil {
		t.Fatal("no visible More button in the wide layout")
	}
	test.Tap(more)
	var labels []string
	for _, item := range w.moreItems() {
		labels = append(labels, item.Label)
	}
	joined := strings.Join(labels, "|")
	if len(labels) != 14 || !strings.Contains(joined, tr("more.editor")) || !strings.Contains(joined, tr("more.comment")) ||
		!strings.Contains(joined, tr("more.online")) {
		t.Errorf("menu: %q", labels)
	}
	if w.Fyne().Canvas().Overlays().Top() == nil {
		t.Error("no menu popped up")
	}
}
