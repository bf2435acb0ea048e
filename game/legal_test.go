package game

import (
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// A judged move is played as judged while the game stands as it was; after any change,
// or in another game, it is judged again.
func TestLegalMoveHoldsUntilTheGameChanges(t *testing.T) {
	g, _ := New("")
	cannon, _ := rules.ParseMove("h2e2")
	lm, ok := g.Legal(cannon)
	if !ok || lm.Move() != cannon || !g.Holds(lm) {
		t.Fatalf("Legal(h2e2) = %v %v at the start", lm, ok)
	}
	if _, ok := g.Legal(rules.NewMove(rules.Sq(4, 0), rules.Sq(4, 2))); ok {
		t.Fatal("the king's two-step judged legal")
	}
	other, _ := New("")
	if other.Holds(lm) {
		t.Fatal("a move judged in one game holds in another")
	}
	if err := g.PlayLegal(lm); err != nil || g.Len() != 1 {
		t.Fatalf("PlayLegal: %v, %d moves", err, g.Len())
	}
	// Judged before the move just played: it no longer holds, and red's cannon move is
	// judged again (black is to move), so it is refused.
	if g.Holds(lm) {
		t.Fatal("a judgement held after the game moved on")
	}
	if err := g.PlayLegal(lm); err == nil || g.Len() != 1 {
		t.Fatalf("a stale judgement was played: %v, %d moves", err, g.Len())
	}
	if err := g.Resign(rules.Black); err != nil {
		t.Fatal(err)
	}
	horse, _ := rules.ParseMove("h9g7")
	if _, ok := g.Legal(horse); ok {
		t.Fatal("a move judged legal in a decided game")
	}
}
