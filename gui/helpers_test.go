package gui

import (
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
)

// uiQueue stands in for fyne.Do in tests: background goroutines post functions, and the
// test goroutine (the "UI goroutine" of the test app) runs them, so -race sees the same
// ownership rules as the real app.
type uiQueue struct {
	mu sync.Mutex
	fs []func()
}

func (q *uiQueue) post(f func()) {
	q.mu.Lock()
	q.fs = append(q.fs, f)
	q.mu.Unlock()
}

// drain runs everything posted so far and reports how many functions ran.
func (q *uiQueue) drain() int {
	q.mu.Lock()
	fs := q.fs
	q.fs = nil
	q.mu.Unlock()
	for _, f := range fs {
		f()
	}
	return len(fs)
}

// waitFor drains the queue until cond holds or the timeout passes.
func (q *uiQueue) waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		if q.drain() == 0 {
			time.Sleep(2 * time.Millisecond)
		}
	}
}

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
