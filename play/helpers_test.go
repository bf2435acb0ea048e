package play

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/xqfyne/xiangqi/match/matchtest"
	"github.com/xqfyne/xiangqi/rules"
)

func sq(t testing.TB, name string) rules.Square {
	t.Helper()
	s, err := rules.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The record helpers the match and play tests share (match/matchtest).
var (
	mv         = matchtest.Move
	playedGame = matchtest.PlayedGame
)

// memFS is storage without atomic renames, like a browser's: the store's other path.
type memFS struct {
	mu    sync.Mutex
	files map[string][]byte
	// failWrites makes every write fail, as a full disk would.
	failWrites bool
	writes     int // files written so far
}

func newMemFS() *memFS { return &memFS{files: map[string][]byte{}} }

func (f *memFS) WriteFile(name string, data []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.writes++
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
