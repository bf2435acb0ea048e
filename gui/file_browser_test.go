package gui

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// gameFolder makes a folder with a subfolder of games (one with a long name of Chinese
// words and spaces) and a file of another kind, and returns the subfolder's path.
func gameFolder(t *testing.T) (root, games string) {
	t.Helper()
	root = t.TempDir()
	games = filepath.Join(root, "games")
	if err := os.Mkdir(games, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"中炮过河车互进七兵对屏风马平炮兑车 long game name.pgn", "b.txt", "notes.doc"} {
		if err := os.WriteFile(filepath.Join(games, name), []byte(variationPGN), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, games
}

// rowTexts returns the names the file dialog lists, as shown.
func rowTexts(b *fileBrowser) []string {
	var names []string
	for i := 0; i < b.list.Length(); i++ {
		row := b.list.CreateItem()
		b.list.UpdateItem(i, row)
		names = append(names, row.(*fileRow).name.Text)
	}
	return names
}

// A path can be typed: a folder is then listed, a file opened; names are listed whole on
// one line, folders first, only the game files.
func TestFileDialogTakesATypedPath(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	root, games := gameFolder(t)
	var chosen []string
	b := showFileBrowser(w.Fyne(), false, gameFileExtensions, "", func(p string) { chosen = append(chosen, p) })

	test.Type(b.path, "") // focus
	b.path.SetText(root)
	b.path.OnSubmitted(b.path.Text)
	if b.dir != root || !slices.Equal(rowTexts(b), []string{tr("files.parent"), "games"}) {
		t.Fatalf("after typing %s: folder %s, rows %q", root, b.dir, rowTexts(b))
	}
	b.path.SetText(filepath.Join(root, "games"))
	b.path.OnSubmitted(b.path.Text)
	long := "中炮过河车互进七兵对屏风马平炮兑车 long game name.pgn"
	if rows := rowTexts(b); !slices.Equal(rows, []string{tr("files.parent"), "b.txt", long}) {
		t.Fatalf("rows %q", rows)
	}
	row := b.list.CreateItem().(*fileRow)
	if row.name.Wrapping != fyne.TextWrapOff || row.name.Truncation != fyne.TextTruncateOff {
		t.Error("a name may be broken or cut")
	}

	b.path.SetText("nothing.pgn")
	b.path.OnSubmitted(b.path.Text)
	if !b.problem.Visible() || len(chosen) != 0 {
		t.Fatalf("a path to nothing: problem %q shown %v, chosen %q", b.problem.Text, b.problem.Visible(), chosen)
	}
	b.path.SetText(long) // relative to the folder listed
	b.path.OnSubmitted(b.path.Text)
	if want := filepath.Join(games, long); !slices.Equal(chosen, []string{want}) {
		t.Fatalf("chosen %q, want %q", chosen, want)
	}
}

// A double tap on a folder enters it and opens nothing; a tap on the row that then lies
// under the pointer (a file) only chooses it.
func TestFileDialogDoubleTapOnAFolderOpensNoFile(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	root, games := gameFolder(t)
	var chosen []string
	b := showFileBrowser(w.Fyne(), false, gameFileExtensions, "", func(p string) { chosen = append(chosen, p) })
	b.enter(root)
	row := newFileRow(b)
	row.bind(1) // "games"
	test.DoubleTap(row)
	if b.dir != games || len(chosen) != 0 {
		t.Fatalf("double tap on a folder: in %s, chosen %q", b.dir, chosen)
	}
	row.bind(1) // the list reuses the row for the new folder's first file
	test.Tap(row)
	if len(chosen) != 0 || b.path.Text != filepath.Join(games, "b.txt") {
		t.Fatalf("a tap on a file: chosen %q, path %q", chosen, b.path.Text)
	}
	test.DoubleTap(row)
	if !slices.Equal(chosen, []string{filepath.Join(games, "b.txt")}) {
		t.Fatalf("a double tap on a file: chosen %q", chosen)
	}
}

// The save dialog takes a name in the folder listed, or a whole path, and asks before
// replacing a file.
func TestFileDialogSavesToATypedPath(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	root, games := gameFolder(t)
	var chosen []string
	b := showFileBrowser(w.Fyne(), true, gameFileExtensions, "xiangqi.pgn", func(p string) { chosen = append(chosen, p) })
	b.enter(games)
	if b.path.Text != "xiangqi.pgn" {
		t.Fatalf("suggested name %q", b.path.Text)
	}
	b.path.SetText(filepath.Join(root, "new.pgn"))
	test.Tap(b.confirm)
	if !slices.Equal(chosen, []string{filepath.Join(root, "new.pgn")}) {
		t.Fatalf("chosen %q", chosen)
	}
	b = showFileBrowser(w.Fyne(), true, gameFileExtensions, "b.txt", func(p string) { chosen = append(chosen, p) })
	b.enter(games)
	test.Tap(b.confirm)
	if len(chosen) != 1 {
		t.Fatal("an existing file was replaced without asking")
	}
	test.Tap(find(t, w, func(x *widget.Button) bool { return x.Importance == widget.HighImportance && x != b.confirm }))
	if len(chosen) != 2 || chosen[1] != filepath.Join(games, "b.txt") {
		t.Fatalf("after confirming: chosen %q", chosen)
	}
}

// A game file dropped on the window opens.
func TestDroppedFileOpens(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	_, games := gameFolder(t)
	w.files.openDropped(fyne.NewPos(10, 10), []fyne.URI{storage.NewFileURI(filepath.Join(games, "b.txt"))})
	if g := w.Session().Game(); g.Record().Meta.Red != "甲" || g.Len() != 4 {
		t.Fatalf("after the drop: red %q, %d moves", g.Record().Meta.Red, g.Len())
	}
}
