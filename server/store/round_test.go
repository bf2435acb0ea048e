package store

import (
	"context"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/server/proto"
)

func TestMatchCacheKeepsTheMostRecentUpToItsCap(t *testing.T) {
	c := newMatchCache(2)
	g1, _ := game.New("")
	g2, _ := game.New("")
	g3, _ := game.New("")
	c.put(1, 5, g1)
	c.put(2, 7, g2)
	if e, ok := c.take(1); !ok || e.version != 5 || e.g != g1 {
		t.Fatalf("take(1) = %+v %v; want version 5 of g1", e, ok)
	}
	if _, ok := c.take(1); ok {
		t.Fatal("an entry taken out is still there: two requests could share one record")
	}
	c.put(1, 6, g1) // 1 is now the most recent, 2 the least
	c.put(3, 1, g3)
	if _, ok := c.take(2); ok {
		t.Fatal("the least recently used entry outlived the cap")
	}
	for id, v := range map[int64]int64{1: 6, 3: 1} {
		if e, ok := c.take(id); !ok || e.version != v {
			t.Fatalf("take(%d) = %+v %v; want version %d", id, e, ok, v)
		}
	}
	c.put(4, 1, g1)
	c.put(4, 2, g2) // a newer record of the same game replaces the older
	if e, ok := c.take(4); !ok || e.version != 2 || e.g != g2 {
		t.Fatalf("take(4) = %+v %v; want version 2 of g2", e, ok)
	}
	if st := c.stats(); st.Evicted != 1 || st.Entries != 0 {
		t.Fatalf("stats %+v; want 1 evicted, none held", st)
	}
	var off *matchCache // no cache: every action replays
	off.put(1, 1, g1)
	if _, ok := off.take(1); ok {
		t.Fatal("a nil cache gave an entry")
	}
}

// A game played through the round replays its moves once: every later move finds the
// record its previous move left, and judges it the same (a move that is illegal only in
// the position reached is refused).
func TestRoundMovesDoNotReplay(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, black := pair(t, s, blitz, start)
	before := s.Round().CacheStats()
	moves := []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "e2e6"}
	for i, mv := range moves {
		who := red
		if i%2 == 1 {
			who = black
		}
		if _, err := s.Round().Move(ctx, who.ID, id, i, mv, start.Add(time.Duration(i)*time.Second), 0); err != nil {
			t.Fatalf("move %d %s: %v", i, mv, err)
		}
	}
	// e6 is taken: the cannon's capture of the pawn stands in the cached record.
	if _, err := s.Round().Move(ctx, black.ID, id, len(moves), "e6e5", start.Add(10*time.Second), 0); code(err) != proto.CodeIllegal {
		t.Fatalf("black's e6e5 with no black piece on e6: %v; want %s", err, proto.CodeIllegal)
	}
	after := s.Round().CacheStats()
	if misses := after.Misses - before.Misses; misses > 2 {
		// The first move replays; the refused move used up the entry, so at most one more.
		t.Fatalf("%d of %d actions replayed the game; want the first only", misses, len(moves)+1)
	}
	if hits := after.Hits - before.Hits; hits < uint64(len(moves)-1) {
		t.Fatalf("%d cache hits for %d moves", hits, len(moves))
	}
	// The row agrees with the record the round kept.
	g := replayEvents(t, s, id)
	if g.Len() != len(moves) || g.View().FEN() == "" {
		t.Fatalf("stored game has %d moves, want %d", g.Len(), len(moves))
	}
}

// Two instances share the database, each with its own cache: a move made through one
// leaves the other's cached record behind the row's version, and the other replays
// rather than judge on it.
func TestRoundCacheFollowsTheRowAcrossInstances(t *testing.T) {
	a := openStore(t)
	b := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, black := pair(t, a, blitz, start)
	if _, err := a.Round().Move(ctx, red.ID, id, 0, "h2e2", start, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Round().Move(ctx, black.ID, id, 1, "h9g7", start.Add(time.Second), 0); err != nil {
		t.Fatal(err)
	}
	missed := a.Round().CacheStats().Misses
	// a's record says black to move at ply 1; the row says red at ply 2.
	if _, err := a.Round().Move(ctx, red.ID, id, 2, "e2e6", start.Add(2*time.Second), 0); err != nil {
		t.Fatalf("red's move through the instance that missed black's: %v", err)
	}
	if a.Round().CacheStats().Misses != missed+1 {
		t.Fatal("the instance judged on a record older than the row")
	}
	// And back on b, whose record is now one move behind.
	if _, err := b.Round().Move(ctx, black.ID, id, 3, "g7e6", start.Add(3*time.Second), 0); err != nil {
		t.Fatalf("black's capture of the cannon through b: %v", err)
	}
	if n := replayEvents(t, a, id).Len(); n != 4 {
		t.Fatalf("the game has %d moves; want 4", n)
	}
}

// replayEvents is the game as its stored events tell it.
func replayEvents(t *testing.T, s *Store, id int64) *game.Game {
	t.Helper()
	events, err := s.Events(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := game.New("")
	for _, e := range events {
		if e.Kind != proto.KindMove {
			continue
		}
		var m proto.MoveData
		if err := e.Decode(&m); err != nil {
			t.Fatal(err)
		}
		if err := g.PlayText(m.Move); err != nil {
			t.Fatalf("stored move %s: %v", m.Move, err)
		}
	}
	return g
}
