package game

import (
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

func TestWhyIllegal(t *testing.T) {
	cases := []struct {
		fen, move string
		want      Illegality
	}{
		{rules.StartFEN, "h2e2", NotIllegal},
		{rules.StartFEN, "h7e7", NoOwnPiece},      // Black's cannon, Red to move
		{rules.StartFEN, "e4e5", NoOwnPiece},      // an empty point
		{rules.StartFEN, "a0a3", OwnPieceThere},   // the rook onto its own pawn
		{rules.StartFEN, "b0d1", HorseLegBlocked}, // the leg c0 holds the elephant
		{rules.StartFEN, "a0a5", PathBlocked},     // the rook over its own pawn
		{rules.StartFEN, "h2h7", CannonScreen},    // no screen before the cannon
		{rules.StartFEN, "h2i1", NotThatWay},      // cannons do not move diagonally
		{rules.StartFEN, "e0e2", NotThatWay},      // two steps for the king
		{rules.StartFEN, "d0c1", LeavesPalace},    // the advisor out of the palace
		{"4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1", "e3e2", PawnBackward},
		{"4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1", "e3d3", PawnSideways},
		{"4k4/9/9/9/9/2B6/9/9/9/3K5 w - - 0 1", "c4e6", ElephantRiver},
		{"3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1", "c0e2", ElephantEyeBlocked},
		{"4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "e1d2", GeneralsFace},
		{"5k3/9/9/9/9/9/9/9/9/4K3r w - - 0 1", "e0d0", KingInCheck},
	}
	for _, c := range cases {
		pos, err := rules.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := rules.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := WhyIllegal(pos, m); got != c.want {
			t.Errorf("%s in %s: %v, want %v", c.move, c.fen, got, c.want)
		}
	}
}

// Every illegal move from every square of a few positions gets a reason, and a legal one
// never does.
func TestWhyIllegalCoversEveryMove(t *testing.T) {
	texts := loadCatalogs(t)
	for _, fen := range []string{rules.StartFEN, "4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1"} {
		pos, err := rules.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		for from := rules.Square(0); from < 256; from++ {
			for to := rules.Square(0); to < 256; to++ {
				if !from.OnBoard() || !to.OnBoard() || from == to {
					continue
				}
				m := rules.NewMove(from, to)
				got := WhyIllegal(pos, m)
				if (got == NotIllegal) != pos.IsLegal(m) || !sayable(texts, got.Message()) {
					t.Fatalf("%v in %s: %v", m, fen, got)
				}
			}
		}
	}
}
