package main

import (
	"math"
	"strings"
	"testing"
)

func TestEloOf(t *testing.T) {
	if e := eloOf(0.5); e != 0 {
		t.Fatalf("even score: %v", e)
	}
	if e := eloOf(0.75); math.Abs(e-190.8) > 0.5 {
		t.Fatalf("75%%: %v, want about +191", e)
	}
	if math.Abs(eloOf(0.25)+eloOf(0.75)) > 1e-9 {
		t.Fatal("Elo is not antisymmetric")
	}
}

func TestTallySummary(t *testing.T) {
	var tl tally
	for _, s := range []float64{1, 1, 1, 0.5, 0.5, 0, 1, 0.5} {
		tl.add(s)
	}
	got := tl.summary()
	if tl.wins != 4 || tl.draws != 3 || tl.losses != 1 || !strings.Contains(got, "W/D/L 4/3/1") || !strings.Contains(got, "score 68.8%") {
		t.Fatalf("summary %q (%+v)", got, tl)
	}
	if (tally{}).summary() != "no games" {
		t.Fatal("empty tally")
	}
}

func TestOpeningPositions(t *testing.T) {
	ops, err := openingPositions(defaultOpenings)
	if err != nil || len(ops) != len(defaultOpenings) {
		t.Fatalf("default openings: %v", err)
	}
	if _, err := openingPositions([]string{"h2e2 h2e2"}); err == nil {
		t.Fatal("illegal opening accepted")
	}
	if _, err := openingPositions([]string{"rnbakabnr/9 w"}); err == nil {
		t.Fatal("bad FEN accepted")
	}
}
