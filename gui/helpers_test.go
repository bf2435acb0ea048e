package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/play/playtest"
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

// openWindow builds the app window on a test app, saving into dir.
func openWindow(t testing.TB, dir string) (*Window, *playtest.UIQueue) {
	t.Helper()
	return openWindowWith(t, Config{SaveDir: dir})
}

// openWindowWith builds the app window on a test app with cfg, posting to a test queue.
func openWindowWith(t testing.TB, cfg Config) (*Window, *playtest.UIQueue) {
	t.Helper()
	a := newTestApp(t)
	q := &playtest.UIQueue{}
	cfg.Post = q.Post
	w, err := NewWindow(a, cfg)
	if err != nil {
		t.Fatal(err)
	}
	w.Fyne().Resize(fyne.NewSize(900, 680))
	t.Cleanup(func() {
		w.game.keepClockTicking(false)
		w.Session().Close()
		q.Drain()
	})
	return w, q
}

// openTwoPlayerGame saves a two-player game from fen with moves played and
// opens the app on it, as a relaunch would.
func openTwoPlayerGame(t *testing.T, fen string, moves ...string) (*Window, *playtest.UIQueue) {
	t.Helper()
	dir := t.TempDir()
	g, err := game.New(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range moves {
		if err := g.PlayText(text); err != nil {
			t.Fatal(err)
		}
	}
	store, _ := play.NewDirStore(dir)
	set := play.DefaultSettings(play.English)
	set.Human = game.HumanBoth
	if err := store.Save(g, set); err != nil {
		t.Fatal(err)
	}
	return openWindow(t, dir)
}

// newGame starts a game with fast engine settings (no randomness, no book).
func newGame(t *testing.T, w *Window, human game.HumanSide, seconds float64) {
	t.Helper()
	set := w.Session().Settings()
	set.Human, set.Seconds, set.Random, set.Book = human, seconds, false, false
	if err := w.Session().NewGame(set); err != nil {
		t.Fatal(err)
	}
}

// overlayText returns the texts of the labels in the open dialogs.
func overlayText(w *Window) string {
	var texts []string
	for _, top := range w.Fyne().Canvas().Overlays().List() {
		for _, o := range test.LaidOutObjects(top) {
			if l, ok := o.(*widget.Label); ok {
				texts = append(texts, l.Text)
			}
		}
	}
	return strings.Join(texts, "\n")
}
