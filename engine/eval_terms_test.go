package engine

import "testing"

func TestHollowCannonFavoursAttacker(t *testing.T) {
	// Red's cannon faces the black king down an open file; with a black
	// pawns screening, the same position should be worse for Red.
	hollow := mustFEN(t, "r1bakab2/9/9/9/9/4C4/9/9/9/R1BAKAB2 w - - 0 1")
	screened := mustFEN(t, "r1bakab2/9/9/4p4/4p4/4C4/9/9/9/R1BAKAB2 w - - 0 1")
	// Discount the pawns' material so only the cannon's threat differs.
	open, shut := Evaluate(hollow), Evaluate(screened)+screened.Material(Black)-hollow.Material(Black)
	if open <= shut {
		t.Errorf("hollow cannon %d, screened %d (material-adjusted)", open, shut)
	}
	if d := hollow.kingDanger(Black); d <= 0 {
		t.Errorf("hollow cannon: black king danger %d", d)
	}
	if d := screened.kingDanger(Black); d >= hollow.kingDanger(Black) {
		t.Errorf("screened king danger %d not below hollow %d", d, hollow.kingDanger(Black))
	}
}

func TestBottomCannon(t *testing.T) {
	// A red cannon on Black's back rank with nothing between it and the king.
	bottom := mustFEN(t, "C3kab2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1")
	blocked := mustFEN(t, "C1nnkab2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1")
	if bottom.kingDanger(Black) <= blocked.kingDanger(Black) {
		t.Errorf("bottom cannon: danger %d, blocked %d", bottom.kingDanger(Black), blocked.kingDanger(Black))
	}
}

func TestMissingDefendersCostMoreUnderAttack(t *testing.T) {
	// Black lacks both advisors; the penalty grows with Red's attackers.
	few := mustFEN(t, "2b1kab2/9/9/9/9/9/9/9/9/3K5 w - - 0 1")
	many := mustFEN(t, "2b1kab2/9/9/9/9/9/9/9/9/RN1K3NR w - - 0 1")
	if few.kingDanger(Black) >= many.kingDanger(Black) {
		t.Errorf("missing advisors: danger %d without attackers, %d with", few.kingDanger(Black), many.kingDanger(Black))
	}
}

func TestHemmedHorse(t *testing.T) {
	// A horse with all legs blocked by enemy pieces is penalised.
	free := mustFEN(t, "4k4/9/9/9/9/4N4/9/9/9/3K5 w - - 0 1")
	hemmed := mustFEN(t, "4k4/9/9/9/4c4/3cNr3/4r4/9/9/3K5 w - - 0 1")
	if hemmed.mobility(Red) >= 0 || free.mobility(Red) <= hemmed.mobility(Red) {
		t.Errorf("horse mobility: free %d, hemmed %d", free.mobility(Red), hemmed.mobility(Red))
	}
}

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

// The horse table, built before inBoard is filled, lists every on-board
// target from every square; the unused slots point at the square itself.
func TestHorseMoveTable(t *testing.T) {
	for _, sq := range boardSquares {
		want := 0
		for _, d := range []Square{-33, -31, -18, 14, -14, 18, 31, 33} {
			if (sq + d).OnBoard() {
				want++
			}
		}
		got := 0
		for j, to := range horseMoves[sq].to {
			if Square(to) != sq {
				got++
			} else if horseMoves[sq].leg[j] != uint8(sq) {
				t.Fatalf("%s: an unused slot's leg is %d, not the horse's own square", sq, horseMoves[sq].leg[j])
			}
		}
		if got != want {
			t.Fatalf("%s: %d horse moves in the table, want %d", sq, got, want)
		}
	}
}
