package engine

import (
	"context"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// A search's Style stands in for the searcher's options of the same name, for that
// search only: the book of one search is not the next one's.
func TestStyleTravelsWithTheSearch(t *testing.T) {
	book := func(*rules.Position) (rules.Move, bool) { return rules.NewMove(rules.Sq(7, 2), rules.Sq(4, 2)), true } // h2e2
	s := NewSearcher(Options{HashMB: 1, Threads: 1, Seed: 1, BookProbe: book})
	pos := rules.NewPosition()
	lim := Limits{Depth: 1}
	if res := s.Search(context.Background(), pos, lim, nil); !res.FromBook {
		t.Fatalf("the searcher's own book was not asked: %+v", res)
	}
	lim.Style = &Style{} // no book for this search
	if res := s.Search(context.Background(), pos, lim, nil); res.FromBook {
		t.Fatal("a search whose style has no book played the searcher's book move")
	}
	lim.Style = nil
	if res := s.Search(context.Background(), pos, lim, nil); !res.FromBook {
		t.Fatal("the style of one search stayed for the next")
	}
	if got := (&Style{Elo: -5, Randomness: -3}).apply(Options{}); got.Elo != clampElo(-5) || got.Randomness != 0 {
		t.Fatalf("a style's strength and randomness are not bounded as the setters bound them: %+v", got)
	}
}
