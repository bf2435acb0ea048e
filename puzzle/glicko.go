package puzzle

import (
	"errors"
	"math"
)

// Glicko is a rating with its uncertainty, as Glicko-2 keeps it (Mark
// Glickman, "Example of the Glicko-2 system", 2013): Rating on the Elo
// scale, Deviation (RD) and Volatility. A player and a puzzle each have
// one; a solve is a win for the player against the puzzle.
type Glicko struct {
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"rd"`
	Volatility float64 `json:"vol"`
}

// Glicko-2's constants: its scale factor, a new rating's deviation and
// volatility, and tau, which bounds how fast the volatility changes (0.5
// is in the range Glickman suggests).
const (
	glickoScale       = 173.7178
	NewDeviation      = 350
	newVolatility     = 0.06
	tau               = 0.5
	volatilityEpsilon = 1e-6
	// minDeviation keeps a rating that has seen many results movable.
	minDeviation = 40
)

// NewGlicko returns a rating of r with a new rating's uncertainty.
func NewGlicko(r float64) Glicko {
	return Glicko{Rating: r, Deviation: NewDeviation, Volatility: newVolatility}
}

// errBadGlicko: a rating read from a save must be a usable number.
var errBadGlicko = errors.New("puzzle: rating, deviation or volatility out of range")

// valid tells whether the numbers can be updated (a damaged save may hold
// anything).
func (g Glicko) valid() bool {
	ok := func(x, lo, hi float64) bool { return !math.IsNaN(x) && x >= lo && x <= hi }
	return ok(g.Rating, 0, 4000) && ok(g.Deviation, 1, NewDeviation) && ok(g.Volatility, 1e-4, 1)
}

// Update returns g's rating after one result against opp: score 1 for a
// win (a solve, for the player), 0 for a loss.
func (g Glicko) Update(opp Glicko, score float64) Glicko {
	mu, phi := (g.Rating-1500)/glickoScale, g.Deviation/glickoScale
	muJ, phiJ := (opp.Rating-1500)/glickoScale, opp.Deviation/glickoScale
	gJ := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
	e := 1 / (1 + math.Exp(-gJ*(mu-muJ)))
	v := 1 / (gJ * gJ * e * (1 - e))
	delta := v * gJ * (score - e)
	sigma := newVolatilityFor(phi, v, delta, g.Volatility)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*gJ*(score-e)
	out := Glicko{Rating: glickoScale*muNew + 1500, Deviation: glickoScale * phiNew, Volatility: sigma}
	out.Rating = math.Max(MinRating, math.Min(MaxRating, out.Rating))
	out.Deviation = math.Max(minDeviation, math.Min(NewDeviation, out.Deviation))
	return out
}

// newVolatilityFor is step 5 of Glicko-2: the Illinois algorithm for the
// new volatility.
func newVolatilityFor(phi, v, delta, sigma float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > volatilityEpsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
