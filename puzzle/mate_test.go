package puzzle

import (
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// A mate in 1 on the back rank: the rook b7 checks on b9, the rook a8
// holds rank 8 and the red king the e-file (白脸将).
const mateIn1FEN = "3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1"

func mustFEN(t *testing.T, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestProverMateIn1(t *testing.T) {
	pos := mustFEN(t, mateIn1FEN)
	for _, quiet := range []int{AnyMoves, ChecksOnly, 1} {
		pr := NewProver(quiet, 0)
		n, err := pr.Shortest(pos, 3)
		if err != nil || n != 1 {
			t.Fatalf("quiet %d: shortest = %d, %v; want 1", quiet, n, err)
		}
		// b7b9 mates; a8b8 stalemates, which also wins in Xiangqi.
		line, err := pr.Line(pos, 1)
		if err != nil || len(line) != 1 {
			t.Fatalf("line = %v, %v; want one move", line, err)
		}
		after := pos.Copy()
		after.MakeMove(line[0])
		if !after.IsMate() {
			t.Fatalf("%v leaves a legal reply", line)
		}
	}
}

// a0a8 leaves Black no move (the red king holds e9, the pawn d5 keeps the
// rook off the d-file): a win in one quiet move, which a prover by checks
// only does not see.
func TestProverQuietAllowance(t *testing.T) {
	pos := mustFEN(t, "3k5/9/9/9/3P5/9/9/9/9/R3K4 w - - 0 1")
	if n, err := NewProver(ChecksOnly, 0).Shortest(pos, 1); err != nil || n != 0 {
		t.Errorf("by checks: %d, %v; want no mate in 1", n, err)
	}
	for _, quiet := range []int{1, AnyMoves} {
		pr := NewProver(quiet, 0)
		line, err := pr.Line(pos, 1)
		if err != nil || len(line) != 1 || line[0].String() != "a0a8" {
			t.Errorf("quiet %d: line %v, %v; want a0a8", quiet, line, err)
		}
	}
	if _, err := NewProver(AnyMoves, 3).Shortest(mustFEN(t, rules.StartFEN), 3); err != ErrBudget {
		t.Errorf("a search past its budget: %v, want ErrBudget", err)
	}
}
