package engine

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// colourFlipped returns p rotated by 180 degrees with the colours swapped
// and the other side to move: the same position for the other player.
func colourFlipped(t *testing.T, p *rules.Position) *rules.Position {
	t.Helper()
	// Reversing the placement field turns the board by 180 degrees.
	placement := []byte(strings.Fields(p.FEN())[0])
	slices.Reverse(placement)
	for i, c := range placement {
		switch {
		case c >= 'a' && c <= 'z':
			placement[i] = c - 'a' + 'A'
		case c >= 'A' && c <= 'Z':
			placement[i] = c - 'A' + 'a'
		}
	}
	side := "b"
	if p.Side() == rules.Black {
		side = "w"
	}
	return mustFEN(t, string(placement)+" "+side+" - - 0 1")
}

func TestEvaluateIsSymmetric(t *testing.T) {
	// Mirrored and colour-flipped positions score the same for the side to move.
	fens := []string{
		rules.StartFEN,
		"4k4/9/9/9/9/9/9/9/4C4/3K5 w - - 0 1",
		"3akab2/9/2n1c4/p3p1p1p/9/2P6/P3P1P1P/4C1N2/9/RNBAKAB1R w - - 0 1",
		"2bakab2/9/2n1c1n2/p3p3p/2p3p2/9/P1P1P1P1P/1CN3N2/9/R1BAKAB1R b - - 0 1",
	}
	for _, f := range fens {
		a := mustFEN(t, f)
		b := colourFlipped(t, a)
		if Evaluate(a) != Evaluate(b) {
			t.Errorf("%s: %d, colour-flipped %d", f, Evaluate(a), Evaluate(b))
		}
		if Evaluate(a) != Evaluate(a.Mirror()) {
			t.Errorf("%s: %d, mirrored %d", f, Evaluate(a), Evaluate(a.Mirror()))
		}
	}
	// Material counts: a side a rook up is clearly ahead.
	up := mustFEN(t, "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1")
	if v := Evaluate(up); v < 150 {
		t.Errorf("a rook up scores %d", v)
	}
}

// Advisors and elephants cannot win: a side with nothing else scores at
// most a draw however many it has, and with neither side able to attack
// the search scores the game as drawn.
func TestNoAttackersCannotWin(t *testing.T) {
	// Red: king, two advisors, two elephants; Black: king, one advisor and a pawn.
	const redDefendersOnly = "3k5/4a4/9/9/9/4p4/9/4B4/9/2BAKA3 w - - 0 1"
	if v := Evaluate(mustFEN(t, redDefendersOnly)); v > 0 {
		t.Errorf("Red with defenders only against a pawn: Evaluate %d, want at most 0", v)
	}
	black := mustFEN(t, strings.Replace(redDefendersOnly, " w ", " b ", 1))
	if v := Evaluate(black); v < 0 {
		t.Errorf("Black's pawn against defenders only: Evaluate %d for Black, want at least 0", v)
	}
	const bare = "3k5/4a4/9/9/9/9/9/4B4/9/2BAKA3 w - - 0 1"
	p := mustFEN(t, bare)
	if p.HasAttackers(rules.Red) || p.HasAttackers(rules.Black) || !mustFEN(t, redDefendersOnly).HasAttackers(rules.Black) {
		t.Fatal("HasAttackers miscounts")
	}
	if v := Evaluate(p); v != 0 {
		t.Errorf("neither side can attack: Evaluate %d, want 0 (a draw)", v)
	}
}

// TestMaterialSumsFollowMoves: the sums the search keeps move by move equal
// a fresh count after every move, null move and take-back of random lines.
func TestMaterialSumsFollowMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	w := newWorker(0)
	for g := 0; g < 20; g++ {
		w.setRoot(rules.NewPosition())
		p := w.pos
		for ply := 0; ply < MaxPly-1; ply++ {
			if got, want := w.material[ply], materialOf(p); got != want {
				t.Fatalf("%s at ply %d: sums %v, fresh %v", p.FEN(), ply, got, want)
			}
			if ply%7 == 3 && !p.InCheck() {
				w.makeNullMove(ply)
				if got, want := w.material[ply+1], materialOf(p); got != want {
					t.Fatalf("%s after a null move: sums %v, fresh %v", p.FEN(), got, want)
				}
				p.UnmakeNullMove()
			}
			moves := p.GenerateMoves(nil, false)
			played := false
			for _, i := range rng.Perm(len(moves)) {
				if w.makeMove(moves[i], ply) {
					played = true
					break
				}
			}
			if !played {
				break
			}
		}
		for p.Ply() > 0 {
			p.UnmakeMove()
			if got, want := w.material[p.Ply()], materialOf(p); got != want {
				t.Fatalf("%s after a take-back: sums %v, fresh %v", p.FEN(), got, want)
			}
		}
	}
}
