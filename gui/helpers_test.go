package gui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
)

func sq(t *testing.T, name string) rules.Square {
	t.Helper()
	s, err := rules.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mv(t *testing.T, text string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// tapPoint taps the board on the point named like "h2", where the widget draws it.
func tapPoint(t *testing.T, b *board.Board, name string) {
	t.Helper()
	test.TapAt(b, b.PointPosition(sq(t, name)))
}

// newTestApp makes a Fyne test app with the bundled theme and translations.
// xqfExample reads XQFEXAMA.XQF (柳大华 v 吕钦, with comments) from the third-party test
// data, skipping t where the data is not there.
func xqfExample(t *testing.T) *game.Record {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "testdata", "xqf", "XQFEXAMA.XQF"))
	if err != nil {
		t.Skip("third-party test data not available:", err)
	}
	rec, _, err := game.ReadRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func newTestApp(t testing.TB) fyne.App {
	t.Helper()
	a := test.NewTempApp(t)
	SetupApp(a)
	return a
}

// reloadTranslations makes Fyne choose the language again from the current environment.
func reloadTranslations(t *testing.T) {
	t.Helper()
	if err := lang.AddTranslationsFS(resources.Translations, resources.TranslationsDir); err != nil {
		t.Fatal(err)
	}
}

// shown is the screen of type T the window shows, failing the test when it shows another.
func shown[T screen](t testing.TB, w *Window) T {
	t.Helper()
	s, ok := w.screens.top().(T)
	if !ok {
		t.Fatalf("the window shows %T", w.screens.top())
	}
	return s
}
