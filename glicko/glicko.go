// Package glicko rates players by the Glicko-2 system exactly as Mark Glickman's paper
// "Example of the Glicko-2 system" (2013) defines it: a rating, its deviation (how unsure
// the rating is) and a volatility, updated after a rating period from the games of that
// period. The server treats each game as one rating period of its two players; the
// puzzles rate a solve as a game of the player against the puzzle.
package glicko

import (
	"errors"
	"math"
)

// Scale is the factor between the Glicko scale (ratings around 1500) and the Glicko-2
// scale the algorithm works in (step 2 of the paper).
const Scale = 173.7178

// Defaults for a new player (step 1 of the paper) and the system constant τ, which bounds
// how fast the volatility changes; the paper suggests 0.3 to 1.2 and its example uses 0.5.
const (
	DefaultRating     = 1500
	DefaultDeviation  = 350
	DefaultVolatility = 0.06
	DefaultTau        = 0.5
)

// convergence is ε of step 5: the iteration stops when the bracket is this narrow.
const convergence = 0.000001

// ProvisionalDeviation: a rating whose deviation is above this is shown as provisional
// (the player has not played enough for the number to mean much).
const ProvisionalDeviation = 110

// Rating is a player's Glicko-2 rating on the Glicko scale.
type Rating struct {
	Rating, Deviation, Volatility float64
}

// Default returns a new player's rating.
func Default() Rating {
	return Rating{DefaultRating, DefaultDeviation, DefaultVolatility}
}

// Provisional reports whether the deviation is still too high for the rating to be shown
// as established.
func (r Rating) Provisional() bool { return r.Deviation > ProvisionalDeviation }

// Outcome is one game of a rating period against one opponent: the opponent's rating
// before the period and the score, 1 for a win, 0.5 for a draw, 0 for a loss.
type Outcome struct {
	Opponent Rating
	Score    float64
}

// Update returns the player's rating after a rating period with the given games, with
// system constant tau. A period with no games only widens the deviation (step 6 applied
// alone, as the paper says).
func Update(player Rating, games []Outcome, tau float64) (Rating, error) {
	if tau <= 0 || player.Deviation <= 0 || player.Volatility <= 0 {
		return Rating{}, errors.New("glicko: deviation, volatility and tau must be positive")
	}
	for _, g := range games {
		if g.Score < 0 || g.Score > 1 || g.Opponent.Deviation <= 0 {
			return Rating{}, errors.New("glicko: a score is between 0 and 1 and an opponent's deviation positive")
		}
	}
	// Step 2: to the Glicko-2 scale.
	mu := (player.Rating - DefaultRating) / Scale
	phi := player.Deviation / Scale
	sigma := player.Volatility
	if len(games) == 0 {
		phiStar := math.Sqrt(phi*phi + sigma*sigma)
		return Rating{player.Rating, phiStar * Scale, sigma}, nil
	}
	// Steps 3 and 4: the estimated variance v and the improvement Δ.
	var vInverse, sum float64
	for _, g := range games {
		muJ := (g.Opponent.Rating - DefaultRating) / Scale
		phiJ := g.Opponent.Deviation / Scale
		gJ := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-gJ*(mu-muJ)))
		vInverse += gJ * gJ * e * (1 - e)
		sum += gJ * (g.Score - e)
	}
	v := 1 / vInverse
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	sigmaNew := newVolatility(delta, phi, v, sigma, tau)
	// Steps 6 and 7: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigmaNew*sigmaNew)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	// Step 8: back to the Glicko scale.
	return Rating{Scale*muNew + DefaultRating, Scale * phiNew, sigmaNew}, nil
}

// newVolatility is step 5 of the paper: the root of f by the Illinois algorithm.
func newVolatility(delta, phi, v, sigma, tau float64) float64 {
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
	for math.Abs(B-A) > convergence {
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

// Game rates one game between a and b as a rating period of each: scoreA is a's score
// (1, 0.5 or 0). It returns both new ratings.
func Game(a, b Rating, scoreA, tau float64) (Rating, Rating, error) {
	newA, err := Update(a, []Outcome{{b, scoreA}}, tau)
	if err != nil {
		return Rating{}, Rating{}, err
	}
	newB, err := Update(b, []Outcome{{a, 1 - scoreA}}, tau)
	if err != nil {
		return Rating{}, Rating{}, err
	}
	return newA, newB, nil
}
