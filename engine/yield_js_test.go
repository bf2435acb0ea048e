//go:build js

package engine

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/rules"
)

// In a browser Go runs on one thread without preemption. The page (drawing, taps)
// is another goroutine there and must get turns while the engine thinks; here a
// ticking goroutine stands in for it and counts the turns it gets.
func TestSearchLetsThePageRun(t *testing.T) {
	var searching atomic.Bool
	searching.Store(true)
	turns := 0
	done := make(chan struct{})
	go func() {
		defer close(done)
		for searching.Load() {
			time.Sleep(5 * time.Millisecond)
			if searching.Load() {
				turns++
			}
		}
	}()
	s := NewSearcher(Options{HashMB: 4, Threads: 1})
	res := s.Search(context.Background(), rules.NewPosition(), Limits{MoveTime: 300 * time.Millisecond}, nil)
	searching.Store(false)
	<-done
	if res.Move == rules.NoMove {
		t.Fatal("no move")
	}
	if turns < 3 {
		t.Fatalf("the page goroutine ran %d times during a 300 ms search, want it every %v or so", turns, yieldInterval)
	}
	t.Logf("the page goroutine ran %d times during a 300 ms search", turns)
}
