package puzzle

import (
	"errors"
	"math"

	"github.com/xqfyne/xiangqi/glicko"
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

// A new rating's deviation and volatility, and tau, which bounds how fast
// the volatility changes: package glicko's defaults.
const (
	NewDeviation  = glicko.DefaultDeviation
	newVolatility = glicko.DefaultVolatility
	tau           = glicko.DefaultTau
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
// win (a solve, for the player), 0 for a loss. The rating is kept inside
// the puzzles' scale and the deviation from growing too small, so that a
// rating that has seen many results still moves.
func (g Glicko) Update(opp Glicko, score float64) Glicko {
	r, err := glicko.Update(glicko.Rating(g), []glicko.Outcome{{Opponent: glicko.Rating(opp), Score: score}}, tau)
	if err != nil {
		return g // a rating that cannot be updated (valid() refuses it on load) stays as it is
	}
	out := Glicko(r)
	out.Rating = math.Max(MinRating, math.Min(MaxRating, out.Rating))
	out.Deviation = math.Max(minDeviation, math.Min(NewDeviation, out.Deviation))
	return out
}
