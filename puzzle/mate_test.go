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
	for _, checks := range []bool{false, true} {
		pr := NewProver(checks, 0)
		n, err := pr.Shortest(pos, 3)
		if err != nil || n != 1 {
			t.Fatalf("checksOnly %v: shortest = %d, %v; want 1", checks, n, err)
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
