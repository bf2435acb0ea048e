package matchstat

import (
	"math"
	"testing"
)

func TestEloOf(t *testing.T) {
	if e := EloOf(0.5); e != 0 {
		t.Fatalf("even score: %v", e)
	}
	if e := EloOf(0.75); math.Abs(e-190.8) > 0.5 {
		t.Fatalf("75%%: %v, want about +191", e)
	}
	if math.Abs(EloOf(0.25)+EloOf(0.75)) > 1e-9 {
		t.Fatal("Elo is not antisymmetric")
	}
	if math.Abs(ScoreOf(EloOf(0.3))-0.3) > 1e-9 {
		t.Fatal("ScoreOf does not invert EloOf")
	}
}

func TestScoreElo(t *testing.T) {
	s, elo, lo, hi := Score{Wins: 4, Draws: 3, Losses: 1}.Elo()
	if math.Abs(s-0.6875) > 1e-9 || math.Abs(elo-EloOf(0.6875)) > 1e-9 || !(lo < elo && elo < hi) {
		t.Fatalf("4/3/1: score %v Elo %v (%v .. %v)", s, elo, lo, hi)
	}
	// More games of the same score narrow the interval.
	_, _, lo2, hi2 := Score{Wins: 40, Draws: 30, Losses: 10}.Elo()
	if hi2-lo2 >= hi-lo {
		t.Fatalf("80 games: interval %v .. %v not narrower than 8 games' %v .. %v", lo2, hi2, lo, hi)
	}
	if (Score{}).Games() != 0 {
		t.Fatal("empty score has games")
	}
}
