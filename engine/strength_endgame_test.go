package engine

import (
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// beginnerElo is the app's Beginner (play.Levels' first).
const beginnerElo = 600

// The Beginner does not walk an advisor straight back in the endgame (issue 51 item 5:
// "A6+5, A5-4, A4+5"). The positions are the Beginner's own, from its games against the
// next level up: its advisor stepped into the palace's centre or out of it, the opponent
// answered, and the advisor, attacked but guarded where it stands, could step back; the
// full engine plays something else in each. Before, a piece attacked where it stood was
// free to walk back, and since most pieces are in an endgame, the Beginner walked back in
// 14 of these 80 searches.
func TestBeginnerDoesNotWalkBackInTheEndgame(t *testing.T) {
	for _, c := range []struct {
		fen   string
		moves [2]string
		back  string
	}{
		{"4k4/4aP3/2R1ba3/5P3/2b3p2/4p1P1p/P7P/1p1AB3B/4A4/5K3 b - - 18 67", [2]string{"e8f9", "c7d7"}, "f9e8"},
		{"4ka3/5P3/3Rba3/5P3/2b3p2/4p1P1p/P7P/1p1AB3B/4A4/5K3 b - - 20 68", [2]string{"f7e8", "d7b7"}, "e8f7"},
		{"4ka3/5P3/4ba3/3RP4/2b3p2/6P1p/P7P/3Ap3B/3pA4/5KB2 b - - 42 79", [2]string{"f7e8", "d6d3"}, "e8f7"},
		{"3k1a3/2P2P3/4ba3/P8/2b3p1P/6P2/8p/3AB3B/2p1A1p2/3K5 b - - 11 101", [2]string{"f9e8", "e1f2"}, "e8f9"},
	} {
		p := mustFEN(t, c.fen)
		for _, m := range c.moves {
			if !p.MakeMove(mustMove(t, m)) {
				t.Fatalf("%s: %s", c.fen, m)
			}
		}
		back := mustMove(t, c.back)
		if !p.IsLegal(back) || !p.SquareAttacked(back.From(), p.Side().Opponent()) || threatened(p, back.From()) {
			t.Fatalf("%s: %s is not the walk back of an attacked, guarded advisor", c.fen, back)
		}
		if r := searchAt(t, p, 0, 1, Limits{Depth: 8}, nil); r.Move == back {
			t.Fatalf("%s: the full engine walks back too: the position proves nothing", c.fen)
		}
		walked := 0
		for seed := uint64(1); seed <= 20; seed++ {
			if r := searchAt(t, p, beginnerElo, seed, Limits{}, nil); r.Move == back {
				walked++
			}
		}
		if walked > 0 {
			t.Errorf("%s: the Beginner walked the advisor back (%s) in %d of 20 seeds", c.fen, back, walked)
		}
	}
}

// A piece in danger where it stands may walk back: attacked by a cheaper piece, or
// attacked and unguarded; attacked and guarded by a piece that takes back, it is not.
func TestThreatened(t *testing.T) {
	for _, c := range []struct {
		fen  string
		sq   string
		want bool
	}{
		{"r2k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "e1", false},  // no attacker
		{"5k3/9/9/9/9/9/9/3r5/9/3AK4 w - - 0 1", "d0", false},  // the rook takes, the general takes back
		{"5k3/9/9/9/9/9/9/3r5/4K4/3A5 w - - 0 1", "d0", true},  // nothing takes back
		{"3k5/9/9/9/9/9/p8/R8/9/4K4 w - - 0 1", "a2", true},    // a pawn attacks the rook
		{"3k5/9/9/9/9/9/9/R6r1/9/4K4 w - - 0 1", "a2", true},   // the rook, unguarded
		{"3k5/9/9/9/9/9/9/R6r1/9/R3K4 w - - 0 1", "a2", false}, // guarded by the other rook
		{"3k5/9/9/9/9/9/9/4r4/9/4K4 w - - 0 1", "e0", true},    // in check
	} {
		p := mustFEN(t, c.fen)
		sq, err := rules.ParseSquare(c.sq)
		if err != nil {
			t.Fatal(err)
		}
		if got := threatened(p, sq); got != c.want {
			t.Errorf("%s: threatened(%s) = %v, want %v", c.fen, c.sq, got, c.want)
		}
	}
}

// The pieces' recent squares are followed back over several moves: an advisor's round
// e1-d0-e1 and a king's d/e steps are returns; a capture on the way ends the trail.
func TestReturningMove(t *testing.T) {
	p := mustFEN(t, "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1")
	for _, m := range []string{"e1d0", "d9d8", "e0e1", "d8d9", "e1e0", "d9d8"} {
		if !p.MakeMove(mustMove(t, m)) {
			t.Fatal(m)
		}
	}
	own := recentOwnMoves(p)
	if len(own) != 3 || own[0] != mustMove(t, "e1e0") {
		t.Fatalf("recent own moves %v", own)
	}
	for m, want := range map[string]bool{"d0e1": true, "e0e1": true, "e0f0": false, "d0d1": false} {
		if got := returningMove(own, mustMove(t, m)); got != want {
			t.Errorf("%s returning: %v, want %v", m, got, want)
		}
	}
	q := mustFEN(t, "3k5/9/9/9/9/9/9/p8/R8/4K4 w - - 0 1")
	for _, m := range []string{"a1a2", "d9d8"} { // the rook takes the pawn on its way
		if !q.MakeMove(mustMove(t, m)) {
			t.Fatal(m)
		}
	}
	if own := recentOwnMoves(q); len(own) != 0 || returningMove(own, mustMove(t, "a2a1")) {
		t.Fatalf("a capture is no shuffle to undo: %v", own)
	}
}
