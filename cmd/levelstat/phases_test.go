package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// The phases by material, and an advisor's walk back and forth counted in the endgame:
// a back, then a second one in a row (A-B-A-B), both returns; escaping a cheaper
// attacker is a back but not an unforced one.
func TestShufflesByPhase(t *testing.T) {
	start, _ := rules.ParseFEN(rules.StartFEN)
	end, _ := rules.ParseFEN("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1")
	if phaseOf(start, 0) != phaseOpening || phaseOf(start, 40) != phaseMiddle || phaseOf(end, 0) != phaseEnd {
		t.Fatal("phases misjudged")
	}
	var s shuffleTracker
	prev := plyFacts{move: rules.NoMove}
	for i, m := range []string{"e1d0", "d9d8", "d0e1", "d8d9", "e1d0", "d9d8"} {
		mv := mustParse(t, m)
		f := factsOf(end, mv)
		if i%2 == 0 {
			s.observe(end, i, prev, f)
			prev = f
		}
		if !end.MakeMove(mv) {
			t.Fatal(m)
		}
	}
	if got := s.by[phaseEnd]; got.moves != 3 || got.back != 2 || got.unforced != 2 || got.osc != 1 || got.returns != 2 {
		t.Fatalf("endgame counts %+v", got)
	}
	// A rook attacked by a pawn walks back: forced.
	esc, _ := rules.ParseFEN("3k5/9/9/9/9/9/p8/R8/9/4K4 w - - 0 1")
	if !inDanger(esc, mustParse(t, "a2a1").From()) {
		t.Fatal("a rook attacked by a pawn is in no danger")
	}
	var out bytes.Buffer
	p := &pairing{level: 0}
	p.phases[0] = s
	printPhases(&out, play.Levels(), []int{0}, []*pairing{p})
	if !strings.Contains(out.String(), "| beginner | endgame | 3 | 66.7 % (2/3) | 66.7 % (2/3) | 33.3 % (1/3) | 66.7 % (2/3) |") {
		t.Fatalf("table:\n%s", out.String())
	}
}

func mustParse(t *testing.T, s string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
