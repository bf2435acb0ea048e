package main

import (
	"slices"
	"testing"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/rules"
)

func fen(t *testing.T, f string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(f)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mv(t *testing.T, s string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A horse out and straight back is a shuffle; the same with a capture or a
// check on either move, or to another square, is not.
func TestIsShuffle(t *testing.T) {
	out, back := plyFacts{move: mv(t, "h0g2")}, plyFacts{move: mv(t, "g2h0")}
	if !isShuffle(out, back) {
		t.Fatal("h0g2 then g2h0 is not a shuffle")
	}
	for name, c := range map[string][2]plyFacts{
		"first move captured":  {{move: out.move, capture: true}, back},
		"first move checked":   {{move: out.move, check: true}, back},
		"return captures":      {out, {move: back.move, capture: true}},
		"return checks":        {out, {move: back.move, check: true}},
		"elsewhere":            {out, {move: mv(t, "g2e3")}},
		"no previous move":     {{}, back},
		"the same move again":  {out, out},
		"another piece's move": {out, {move: mv(t, "b0c2")}},
	} {
		if isShuffle(c[0], c[1]) {
			t.Errorf("%s: counted as a shuffle", name)
		}
	}
}

// The facts of a move: whether it captures, whether it checks.
func TestFactsOf(t *testing.T) {
	p := fen(t, "4k4/9/9/n8/9/9/R8/9/9/3K5 w - - 0 1")
	if f := factsOf(p, mv(t, "a3a6")); !f.capture || f.check {
		t.Errorf("a3a6 takes the horse without check: %+v", f)
	}
	if f := factsOf(p, mv(t, "a3e3")); f.capture || !f.check {
		t.Errorf("a3e3 checks along the e-file: %+v", f)
	}
	if f := factsOf(p, mv(t, "a3b3")); f.capture || f.check {
		t.Errorf("a3b3 is quiet: %+v", f)
	}
	if p.FEN() != fen(t, "4k4/9/9/n8/9/9/R8/9/9/3K5 w - - 0 1").FEN() {
		t.Error("factsOf changed the position")
	}
}

// A rook takes a horse no one guards; with a rook guarding it, or a pawn as
// the prey, the capture is not free.
func TestFreeCaptures(t *testing.T) {
	if got := freeCaptures(fen(t, "4k4/9/9/n8/9/9/R8/9/9/3K5 w - - 0 1")); !slices.Equal(got, []rules.Move{mv(t, "a3a6")}) {
		t.Errorf("lone horse: free captures %v, want a3a6", got)
	}
	if got := freeCaptures(fen(t, "r3k4/9/9/n8/9/9/R8/9/9/3K5 w - - 0 1")); len(got) != 0 {
		t.Errorf("guarded horse: free captures %v, want none", got)
	}
	if got := freeCaptures(fen(t, "4k4/9/9/p8/9/9/R8/9/9/3K5 w - - 0 1")); len(got) != 0 {
		t.Errorf("a pawn: free captures %v, want none", got)
	}
}

// Rook and cannon mate in one; the detectors find it for the side to move,
// as the opponent's threat, and as what a careless move lets through.
// threatFEN: Black to move, Red threatens the rook and cannon mate c1d1.
const threatFEN = "9/3k5/2C6/7P1/9/9/9/9/2R1K4/r2A5 b - - 0 1"

func TestMateInOne(t *testing.T) {
	const mateFEN = "9/3k5/2C6/7P1/9/9/9/9/2R1K4/3A5 w - - 0 1"
	p := fen(t, mateFEN)
	if got := matesInOne(p); !slices.Contains(got, mv(t, "c1d1")) {
		t.Errorf("mates in one %v, want c1d1 among them", got)
	}
	if !hasMateInOne(p) {
		t.Error("hasMateInOne misses c1d1")
	}
	start := fen(t, rules.StartFEN)
	if hasMateInOne(start) || len(matesInOne(start)) != 0 || mateThreat(start) {
		t.Error("a mate in one in the start position")
	}
	// The same position with Black to move and a black rook: Red threatens
	// c1d1, which taking the advisor (a0d0) stops.
	q := fen(t, threatFEN)
	if !mateThreat(q) {
		t.Fatal("Black does not see the threat of c1d1")
	}
	if !canAvoidMateInOne(q) {
		t.Fatal("Black cannot avoid the mate, the test position proves nothing")
	}
	var stays, escapes int
	for _, m := range q.LegalMoves() {
		if allowsMateInOne(q, m) {
			stays++
		} else {
			escapes++
		}
	}
	if stays == 0 || escapes == 0 {
		t.Errorf("of Black's moves %d allow the mate and %d avoid it; want some of each", stays, escapes)
	}
	if allowsMateInOne(q, mv(t, "a0d0")) || !allowsMateInOne(q, mv(t, "a0b0")) {
		t.Error("a0d0 should stop the mate, a0b0 let it through")
	}
	if q.FEN() != fen(t, threatFEN).FEN() {
		t.Error("the detectors changed the position")
	}
}

// observe puts the figures together: a shuffle, a free capture passed over,
// a mate taken.
func TestObserve(t *testing.T) {
	var s moveStats
	ref := engine.NewSearcher(engine.Options{HashMB: 1, Seed: 1})
	p := fen(t, "4k4/9/9/n8/9/9/R8/9/9/3K5 w - - 0 1")
	prev := s.observe(p, mv(t, "a3b3"), plyFacts{move: mv(t, "b3a3")}, ref)
	if s.moves != 1 || s.shuffles != 1 || s.freeChances != 1 || s.freeTaken != 0 || prev.move != mv(t, "a3b3") {
		t.Fatalf("after a shuffle past a free horse: %+v", s)
	}
	s.observe(p, mv(t, "a3a6"), prev, ref)
	if s.moves != 2 || s.shuffles != 1 || s.freeChances != 2 || s.freeTaken != 1 || s.rightChances != 2 || s.rightTaken != 1 {
		t.Fatalf("after taking the horse: %+v", s)
	}
	m := fen(t, "9/3k5/2C6/7P1/9/9/9/9/2R1K4/3A5 w - - 0 1")
	s.observe(m, mv(t, "c1d1"), plyFacts{}, ref)
	if s.mateChances != 1 || s.mateTaken != 1 {
		t.Fatalf("after the mate: %+v", s)
	}
	q := fen(t, threatFEN)
	s.observe(q, mv(t, "a0d0"), plyFacts{}, ref)
	if s.dangerChances != 1 || s.allowed != 0 {
		t.Fatalf("after stopping the mate: %+v", s)
	}
	s.observe(q, mv(t, "a0b0"), plyFacts{}, ref)
	if s.dangerChances != 2 || s.allowed != 1 || s.opened != 0 {
		t.Fatalf("after letting the mate through: %+v", s)
	}
	// From a weak level's game: no threat, but moving the advisor e1 to d0
	// lets Black mate; most other moves do not.
	o := fen(t, "5k2P/1c1Pa4/4Pa2b/5P3/6b2/8p/9/4p4/3KAp1n1/5Ar2 w - - 0 1")
	opening := mv(t, "e1d0")
	if mateThreat(o) || !allowsMateInOne(o, opening) {
		t.Fatal("the advisor position is not what the test needs")
	}
	safe := rules.NoMove
	for _, m := range o.LegalMoves() {
		if !allowsMateInOne(o, m) {
			safe = m
		}
	}
	s.observe(o, safe, plyFacts{}, ref)
	s.observe(o, opening, plyFacts{}, ref)
	if s.dangerChances != 2 || s.allowed != 1 || s.opened != 1 {
		t.Fatalf("after opening a mate: %+v", s)
	}
}

func TestParseLevels(t *testing.T) {
	for text, want := range map[string][]int{"all": {0, 1, 2, 3}, "1-3": {0, 1, 2}, "4,1-2": {0, 1, 3}, "2": {1}} {
		if got, err := parseLevels(text, 4); err != nil || !slices.Equal(got, want) {
			t.Errorf("%q: %v %v, want %v", text, got, err, want)
		}
	}
	for _, bad := range []string{"0", "5", "3-1", "x", "", "1-"} {
		if _, err := parseLevels(bad, 4); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// A free capture is counted only for the side to move, and not at all when
// a mate in one is on the board: mating is the move then. Red to move can
// mate with c1d1 and take a free horse with c1a1.
func TestFreeCaptureCountedOnlyWhereItIsTheMove(t *testing.T) {
	const both = "9/3k5/2C6/7P1/9/9/9/9/n1R1K4/3A5 w - - 0 1"
	p := fen(t, both)
	mate, grab := mv(t, "c1d1"), mv(t, "c1a1")
	if !slices.Contains(matesInOne(p), mate) || !slices.Contains(freeCaptures(p), grab) {
		t.Fatalf("the position lacks the mate or the free horse: mates %v, free %v", matesInOne(p), freeCaptures(p))
	}
	ref := engine.NewSearcher(engine.Options{HashMB: 1, Seed: 1})
	var s moveStats
	s.observe(p, grab, plyFacts{}, ref)
	if s.mateChances != 1 || s.mateTaken != 0 || s.freeChances != 0 || s.freeTaken != 0 {
		t.Fatalf("grabbing the horse past a mate: %+v, want one mate missed and no free-capture chance", s)
	}
	// Black to move in the same position: Red's free horse is not Black's.
	q := fen(t, "9/3k5/2C6/7P1/9/9/9/9/n1R1K4/3A5 b - - 0 1")
	if got := freeCaptures(q); len(got) != 0 {
		t.Fatalf("Black has free captures %v", got)
	}
	var b moveStats
	b.observe(q, q.LegalMoves()[0], plyFacts{}, ref)
	if b.freeChances != 0 {
		t.Fatalf("Black's move counted a free capture: %+v", b)
	}
}
