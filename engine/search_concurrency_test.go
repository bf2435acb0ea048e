package engine

import (
	"context"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/rules"
)

// While a search runs, ProbeHash, Options and the option setters return
// without waiting for it (the CLI answers probe during go infinite); the
// changed options apply to the next search. Run with -race.
func TestSearcherAnswersDuringSearch(t *testing.T) {
	s := NewSearcher(Options{HashMB: 1})
	p := rules.NewPosition()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan SearchResult)
	go func() { done <- s.Search(ctx, p, Limits{Infinite: true}, nil) }()
	answered := make(chan struct{})
	go func() {
		defer close(answered)
		for range 100 {
			s.ProbeHash(p)
			s.SetThreads(2)
			s.SetRandomness(3)
			s.SetFeatures(Features{NoLMR: true})
			s.SetBookProbe(nil)
			_ = s.Options()
		}
	}()
	select {
	case <-answered:
	case <-time.After(time.Minute): // a watchdog against a hang, not a timing
		cancel()
		t.Fatal("the searcher's methods waited for the running search")
	}
	select {
	case <-done:
		t.Fatal("the infinite search ended before it was cancelled")
	default:
	}
	cancel()
	if res := <-done; !p.IsLegal(res.Move) {
		t.Fatalf("illegal move %s", res.Move)
	}
	if o := s.Options(); o.Threads != 2 || o.Randomness != 3 || !o.Features.NoLMR {
		t.Fatalf("options after the search: %+v", o)
	}
}
