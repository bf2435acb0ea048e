package puzzle

import (
	"math"
	"testing"

	"github.com/xqfyne/xiangqi/glicko"
)

// The first opponent of Glickman's worked example: a 1500 (RD 200, vol
// 0.06) player beats a 1400 (RD 30). Update takes one result at a time, so
// this checks one win against the formulas worked out by hand, and the
// direction of a loss.
func TestGlickoOneResult(t *testing.T) {
	p := Glicko{Rating: 1500, Deviation: 200, Volatility: 0.06}
	won := p.Update(Glicko{Rating: 1400, Deviation: 30, Volatility: 0.06}, 1)
	// For one win: E = 0.639, g = 0.9955, v = 1/(g²E(1-E)) = 4.3666 (on
	// Glicko-2's scale), φ' = 1/sqrt(1/(φ²+σ²) + 1/v).
	phi := 200 / glicko.Scale
	wantPhi := 1 / math.Sqrt(1/(phi*phi+0.06*0.06)+1/4.3666)
	if math.Abs(won.Deviation-glicko.Scale*wantPhi) > 1 {
		t.Errorf("deviation after one win = %.2f, want %.2f", won.Deviation, glicko.Scale*wantPhi)
	}
	wantRating := 1500 + glicko.Scale*wantPhi*wantPhi*0.9955*(1-0.639)
	if math.Abs(won.Rating-wantRating) > 1 {
		t.Errorf("rating after one win = %.2f, want %.2f", won.Rating, wantRating)
	}
	lost := p.Update(Glicko{Rating: 1400, Deviation: 30, Volatility: 0.06}, 0)
	if lost.Rating >= p.Rating || won.Rating <= p.Rating {
		t.Errorf("a win gave %.1f, a loss %.1f from %.1f", won.Rating, lost.Rating, p.Rating)
	}
	if math.Abs(won.Volatility-0.06) > 0.001 {
		t.Errorf("volatility moved to %f on an expected result", won.Volatility)
	}
}

func TestGlickoBounds(t *testing.T) {
	p := NewPlayer(MaxRating)
	for range 50 {
		p = p.Update(NewPuzzleRating(MinRating), 1)
	}
	if p.Rating > MaxRating || p.Deviation < minPlayerDeviation || !p.valid() {
		t.Errorf("after 50 easy wins: %+v", p)
	}
	if (Glicko{Rating: math.NaN(), Deviation: 100, Volatility: 0.06}).valid() {
		t.Error("NaN rating counted as valid")
	}
}
