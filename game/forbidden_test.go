package game

import (
	"slices"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

func moveTexts(ms []rules.Move) []string {
	var s []string
	for _, m := range ms {
		s = append(s, m.String())
	}
	return s
}

// The checker is banned exactly the move after which the defender's reply
// would complete the third occurrence, and only then; the defender is never
// banned anything.
func TestForbiddenMovesPerpetualCheck(t *testing.T) {
	g := mustGame(t, "5k3/9/9/9/4R4/9/9/9/9/3K5 w - - 0 1")
	cycle := []string{"e5f5", "f9e9", "f5e5", "e9f9"}
	for i, m := range append(cycle, cycle[:2]...) {
		if f := g.ForbiddenMoves(); len(f) != 0 {
			t.Fatalf("ply %d: forbidden %v, want none yet", i, moveTexts(f))
		}
		playAll(t, g, m)
	}
	if f := moveTexts(g.ForbiddenMoves()); !slices.Equal(f, []string{"f5e5"}) {
		t.Fatalf("forbidden %v, want [f5e5]", f)
	}
	// The judge agrees: playing it anyway lets Black win with e9f9.
	playAll(t, g, "f5e5", "e9f9")
	wantResult(t, g, BlackWins, ReasonPerpetualCheck)
}

func TestForbiddenMovesPerpetualChase(t *testing.T) {
	g := mustGame(t, "5k3/9/1c7/9/R8/9/9/9/9/3K5 w - - 0 1")
	playAll(t, g, "a5b5", "b7a7", "b5a5", "a7b7", "a5b5", "b7a7")
	if f := moveTexts(g.ForbiddenMoves()); !slices.Equal(f, []string{"b5a5"}) {
		t.Fatalf("forbidden %v, want [b5a5]", f)
	}
}

// Chasing a defended piece is no chase: the repetition is a draw, nothing is banned.
func TestForbiddenMovesNoneForDrawnRepetition(t *testing.T) {
	g := mustGame(t, "5k3/9/1c6r/9/R8/9/9/9/9/3K5 w - - 0 1")
	playAll(t, g, "a5b5", "b7a7", "b5a5", "a7b7", "a5b5", "b7a7")
	if f := g.ForbiddenMoves(); len(f) != 0 {
		t.Fatalf("forbidden %v, want none", moveTexts(f))
	}
}
