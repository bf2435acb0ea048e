package engine

import (
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

func TestHollowCannonFavoursAttacker(t *testing.T) {
	// Red's cannon faces the black king down an open file; with a black
	// pawns screening, the same position should be worse for Red.
	hollow := mustFEN(t, "r1bakab2/9/9/9/9/4C4/9/9/9/R1BAKAB2 w - - 0 1")
	screened := mustFEN(t, "r1bakab2/9/9/4p4/4p4/4C4/9/9/9/R1BAKAB2 w - - 0 1")
	// Discount the pawns' material so only the cannon's threat differs.
	open, shut := Evaluate(hollow), Evaluate(screened)+middlegame(materialOf(screened)[rules.Black])-middlegame(materialOf(hollow)[rules.Black])
	if open <= shut {
		t.Errorf("hollow cannon %d, screened %d (material-adjusted)", open, shut)
	}
	if d := kingDanger(hollow, rules.Black, attackForce(hollow, rules.Red)); d <= 0 {
		t.Errorf("hollow cannon: black king danger %d", d)
	}
	if d := kingDanger(screened, rules.Black, attackForce(screened, rules.Red)); d >= kingDanger(hollow, rules.Black, attackForce(hollow, rules.Red)) {
		t.Errorf("screened king danger %d not below hollow %d", d, kingDanger(hollow, rules.Black, attackForce(hollow, rules.Red)))
	}
}

func TestBottomCannon(t *testing.T) {
	// A red cannon on Black's back rank with nothing between it and the king.
	bottom := mustFEN(t, "C3kab2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1")
	blocked := mustFEN(t, "C1nnkab2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1")
	if kingDanger(bottom, rules.Black, attackForce(bottom, rules.Red)) <= kingDanger(blocked, rules.Black, attackForce(blocked, rules.Red)) {
		t.Errorf("bottom cannon: danger %d, blocked %d", kingDanger(bottom, rules.Black, attackForce(bottom, rules.Red)), kingDanger(blocked, rules.Black, attackForce(blocked, rules.Red)))
	}
}

func TestMissingDefendersCostMoreUnderAttack(t *testing.T) {
	// Black lacks both advisors; the penalty grows with Red's attackers.
	few := mustFEN(t, "2b1kab2/9/9/9/9/9/9/9/9/3K5 w - - 0 1")
	many := mustFEN(t, "2b1kab2/9/9/9/9/9/9/9/9/RN1K3NR w - - 0 1")
	if kingDanger(few, rules.Black, attackForce(few, rules.Red)) >= kingDanger(many, rules.Black, attackForce(many, rules.Red)) {
		t.Errorf("missing advisors: danger %d without attackers, %d with", kingDanger(few, rules.Black, attackForce(few, rules.Red)), kingDanger(many, rules.Black, attackForce(many, rules.Red)))
	}
}

func TestHemmedHorse(t *testing.T) {
	// A horse with all legs blocked by enemy pieces is penalised.
	free := mustFEN(t, "4k4/9/9/9/9/4N4/9/9/9/3K5 w - - 0 1")
	hemmed := mustFEN(t, "4k4/9/9/9/4c4/3cNr3/4r4/9/9/3K5 w - - 0 1")
	if mobility(hemmed, rules.Red) >= 0 || mobility(free, rules.Red) <= mobility(hemmed, rules.Red) {
		t.Errorf("horse mobility: free %d, hemmed %d", mobility(free, rules.Red), mobility(hemmed, rules.Red))
	}
}

// The horse table lists every on-board target from every square; the
// unused slots point at the square itself.
func TestHorseMoveTable(t *testing.T) {
	for sq := rules.Square(0); sq < 256; sq++ {
		if !sq.OnBoard() {
			continue
		}
		want := 0
		for _, d := range []rules.Square{-33, -31, -18, 14, -14, 18, 31, 33} {
			if (sq + d).OnBoard() {
				want++
			}
		}
		got := 0
		for j, to := range horseMoves[sq].to {
			if rules.Square(to) != sq {
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
