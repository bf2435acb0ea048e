package rules

import "testing"

func TestPieceListsFollowMoves(t *testing.T) {
	p := mustFEN(t, StartFEN)
	check := func() {
		t.Helper()
		var seen [2][NumPieceTypes]int
		for _, sq := range boardSquares {
			if pc := p.At(sq); pc != NoPiece {
				seen[pc.Color()][pc.Type()]++
				found := false
				for i := 0; i < int(p.pieceCount[pc.Color()][pc.Type()]); i++ {
					found = found || Square(p.pieceList[pc.Color()][pc.Type()][i]) == sq
				}
				if !found {
					t.Fatalf("%v on %s missing from the piece list", pc.FENChar(), sq)
				}
			}
		}
		for c := range seen {
			for ty := range seen[c] {
				if seen[c][ty] != int(p.pieceCount[c][ty]) {
					t.Fatalf("colour %d type %d: %d on board, %d listed", c, ty, seen[c][ty], p.pieceCount[c][ty])
				}
			}
		}
	}
	// A game with captures, then take every move back.
	for _, s := range []string{"h2e2", "h9g7", "e2e6", "g7e6", "b2e2", "h7e7", "e2e6", "e7e3"} {
		m, err := ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if !p.MakeMove(m) {
			t.Fatalf("move %s refused", s)
		}
		check()
	}
	for p.Ply() > 0 {
		p.UnmakeMove()
		check()
	}
}

// TestCheckFreeClock: the referee's count leaves out a move that gives
// check and the reply to it, restarts at a capture, and UnmakeMove restores
// it along with the halfmove clock.
func TestCheckFreeClock(t *testing.T) {
	p := mustFEN(t, "3aka3/9/9/9/9/R8/9/9/9/3K5 w - - 10 60")
	steps := []struct {
		move                 string
		halfmoves, checkFree int
	}{
		{"a4a5", 11, 11}, // quiet
		{"e9e8", 12, 12}, // quiet
		{"a5e5", 13, 12}, // check
		{"e8f8", 14, 12}, // the reply
		{"e5e4", 15, 13}, // quiet again
		{"f9e8", 16, 14},
		{"e4e8", 0, 0}, // capture, and check
	}
	for _, st := range steps {
		playMoves(t, p, st.move)
		if p.HalfmoveClock() != st.halfmoves || p.CheckFreeClock() != st.checkFree {
			t.Errorf("after %s: halfmove clock %d, check-free clock %d; want %d and %d",
				st.move, p.HalfmoveClock(), p.CheckFreeClock(), st.halfmoves, st.checkFree)
		}
	}
	for range steps {
		p.UnmakeMove()
	}
	if p.HalfmoveClock() != 10 || p.CheckFreeClock() != 10 {
		t.Errorf("after taking every move back: %d and %d, want 10 and 10", p.HalfmoveClock(), p.CheckFreeClock())
	}
}
