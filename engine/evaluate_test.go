package engine

import (
	"strings"
	"testing"
)

// colourFlipped returns p rotated by 180 degrees with the colours swapped
// and the other side to move: the same position for the other player.
func colourFlipped(p *Position) *Position {
	f := &Position{side: p.Side().Opponent(), startSide: p.Side().Opponent(), startMoveNo: 1}
	for _, sq := range boardSquares {
		if pc := p.At(sq); pc != NoPiece {
			f.addPiece(sq.flip(), MakePiece(pc.Color().Opponent(), pc.Type()))
		}
	}
	return f
}

func TestEvaluateIsSymmetric(t *testing.T) {
	// Mirrored and colour-flipped positions score the same for the side to move.
	fens := []string{
		StartFEN,
		"4k4/9/9/9/9/9/9/9/4C4/3K5 w - - 0 1",
		"3akab2/9/2n1c4/p3p1p1p/9/2P6/P3P1P1P/4C1N2/9/RNBAKAB1R w - - 0 1",
		"2bakab2/9/2n1c1n2/p3p3p/2p3p2/9/P1P1P1P1P/1CN3N2/9/R1BAKAB1R b - - 0 1",
	}
	for _, f := range fens {
		a := mustFEN(t, f)
		b := mustFEN(t, colourFlipped(a).FEN())
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
	if p.HasAttackers(Red) || p.HasAttackers(Black) || !mustFEN(t, redDefendersOnly).HasAttackers(Black) {
		t.Fatal("HasAttackers miscounts")
	}
	if v := Evaluate(p); v != 0 {
		t.Errorf("neither side can attack: Evaluate %d, want 0 (a draw)", v)
	}
}
