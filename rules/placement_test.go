package rules

import "testing"

func TestPlacementAllowed(t *testing.T) {
	sq := func(name string) Square {
		s, err := ParseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	cases := []struct {
		p    Piece
		at   string
		want bool
	}{
		{MakePiece(Red, King), "e0", true}, {MakePiece(Red, King), "e3", false}, {MakePiece(Black, King), "e0", false},
		{MakePiece(Red, Advisor), "e1", true}, {MakePiece(Red, Advisor), "e0", false},
		{MakePiece(Black, Bishop), "e7", true}, {MakePiece(Black, Bishop), "e4", false}, {MakePiece(Red, Bishop), "c4", true}, {MakePiece(Red, Bishop), "d4", false},
		{MakePiece(Red, Pawn), "a3", true}, {MakePiece(Red, Pawn), "a2", false}, {MakePiece(Red, Pawn), "b3", false},
		{MakePiece(Red, Pawn), "b5", true}, {MakePiece(Black, Pawn), "c6", true}, {MakePiece(Black, Pawn), "c7", false},
		{MakePiece(Red, Rook), "a9", true}, {NoPiece, "a0", false},
	}
	for _, c := range cases {
		if got := PlacementAllowed(c.p, sq(c.at)); got != c.want {
			t.Errorf("%c on %s: %v, want %v", c.p.FENChar(), c.at, got, c.want)
		}
	}
	if MaxPieces(Pawn) != 5 || MaxPieces(King) != 1 || MaxPieces(Rook) != 2 || MaxPieces(NumPieceTypes) != 0 {
		t.Error("MaxPieces")
	}
}
