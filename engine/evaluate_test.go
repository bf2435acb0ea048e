package engine

import "testing"

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
