package glicko

import (
	"fmt"
	"math"
	"strconv"
	"testing"
)

// The worked example of Glickman's "Example of the Glicko-2 system": a player rated
// 1500 (RD 200, σ 0.06) beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700
// (RD 300), with τ = 0.5. The paper prints, on the Glicko-2 scale, μ' = −0.2069,
// φ' = 0.8722, σ' = 0.05999 (its digits cut, not rounded: the value is 0.0599960), and
// converts those printed numbers to r' = 1464.06 and RD' = 151.52. The unrounded r' is
// 1464.0507, so r' is checked the way the paper got it: from μ' as printed.
func TestGlickmanWorkedExample(t *testing.T) {
	player := Rating{1500, 200, 0.06}
	games := []Outcome{
		{Rating{1400, 30, 0.06}, 1},
		{Rating{1550, 100, 0.06}, 0},
		{Rating{1700, 300, 0.06}, 0},
	}
	got, err := Update(player, games, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	mu := fmt.Sprintf("%.4f", (got.Rating-DefaultRating)/Scale)
	phi := fmt.Sprintf("%.4f", got.Deviation/Scale)
	sigma := fmt.Sprintf("%.5f", math.Trunc(got.Volatility*1e5)/1e5)
	if mu != "-0.2069" || phi != "0.8722" || sigma != "0.05999" {
		t.Fatalf("got μ' %s φ' %s σ' %s, the paper prints -0.2069 0.8722 0.05999", mu, phi, sigma)
	}
	printedMu, _ := strconv.ParseFloat(mu, 64)
	printedPhi, _ := strconv.ParseFloat(phi, 64)
	r, rd := fmt.Sprintf("%.2f", Scale*printedMu+DefaultRating), fmt.Sprintf("%.2f", Scale*printedPhi)
	if r != "1464.06" || rd != "151.52" {
		t.Errorf("step 8 gives r' %s RD' %s, the paper prints 1464.06 151.52", r, rd)
	}
	if math.Abs(got.Rating-1464.06) > 0.01 || math.Abs(got.Deviation-151.52) > 0.005 {
		t.Errorf("unrounded r' %.4f RD' %.4f are further from the paper's than its rounding explains", got.Rating, got.Deviation)
	}
}

func TestNoGamesWidensDeviationOnly(t *testing.T) {
	got, err := Update(Rating{1600, 100, 0.06}, nil, DefaultTau)
	if err != nil {
		t.Fatal(err)
	}
	if got.Rating != 1600 || got.Volatility != 0.06 || got.Deviation <= 100 {
		t.Errorf("got %+v, want rating and volatility kept and the deviation widened", got)
	}
}

func TestGameMovesBothPlayers(t *testing.T) {
	a, b, err := Game(Default(), Default(), 1, DefaultTau)
	if err != nil {
		t.Fatal(err)
	}
	if a.Rating <= DefaultRating || b.Rating >= DefaultRating || a.Rating-DefaultRating != DefaultRating-b.Rating {
		t.Errorf("equal players, a wins: got %+v and %+v, want symmetric gain and loss", a, b)
	}
	if !a.Provisional() || a.Deviation >= DefaultDeviation {
		t.Errorf("after one game the deviation %.1f should shrink and stay provisional", a.Deviation)
	}
	d1, d2, err := Game(Default(), Default(), 0.5, DefaultTau)
	if err != nil || d1.Rating != DefaultRating || d2.Rating != DefaultRating {
		t.Errorf("a draw between equals moved the ratings: %+v %+v %v", d1, d2, err)
	}
}

func TestBadInputIsAnError(t *testing.T) {
	if _, err := Update(Rating{1500, 0, 0.06}, nil, 0.5); err == nil {
		t.Error("zero deviation accepted")
	}
	if _, err := Update(Default(), []Outcome{{Default(), 2}}, 0.5); err == nil {
		t.Error("score 2 accepted")
	}
}
