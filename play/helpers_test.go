package play

import (
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// uiQueue stands in for the UI goroutine: background goroutines post functions, and the
// test goroutine runs them, so -race sees the same ownership rules as the real app.
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
func (q *uiQueue) waitFor(t testing.TB, timeout time.Duration, what string, cond func() bool) {
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

func sq(t testing.TB, name string) rules.Square {
	t.Helper()
	s, err := rules.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mv(t testing.TB, text string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func playedGame(t testing.TB, moves ...string) *game.Game {
	t.Helper()
	g, err := game.New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if err := g.Play(mv(t, m)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// memFS is storage without atomic renames, like a browser's: the store's other path.
type memFS struct {
	mu    sync.Mutex
	files map[string][]byte
	// failWrites makes every write fail, as a full disk would.
	failWrites bool
}

func newMemFS() *memFS { return &memFS{files: map[string][]byte{}} }

func (f *memFS) WriteFile(name string, data []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.failWrites {
		return fmt.Errorf("%s: no space left", name)
	}
	f.files[name] = append([]byte(nil), data...)
	return nil
}

func (f *memFS) ReadFile(name string) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	data, ok := f.files[name]
	if !ok {
		return nil, fmt.Errorf("%s: %w", name, os.ErrNotExist)
	}
	return append([]byte(nil), data...), nil
}

func (f *memFS) Rename(from, to string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	data, ok := f.files[from]
	if !ok {
		return fmt.Errorf("%s: %w", from, os.ErrNotExist)
	}
	f.files[to] = data
	delete(f.files, from)
	return nil
}

func (f *memFS) Where(name string) string { return "mem:" + name }

// names lists the files whose names start with prefix.
func (f *memFS) names(prefix string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for name := range f.files {
		if len(name) >= len(prefix) && name[:len(prefix)] == prefix {
			out = append(out, name)
		}
	}
	return out
}
