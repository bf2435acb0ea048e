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

// The deviations, chosen so that one try moves a settled player by tens of
// points and a puzzle by a few (the table of the simulation in README.md
// shows how fast the players' ratings then converge):
//
//   - a new player starts at PlayerDeviation, so the first tries move the
//     rating by up to maxPlayerStep (the cap holds a surprise, such as a
//     failed mate in 1, to that), then less, and it finds its level in a
//     few dozen;
//   - a player's deviation never falls below minPlayerDeviation, where one
//     try at an even puzzle moves the rating by about 14 points;
//   - a puzzle keeps PuzzleDeviation for good: its rating is seeded from its
//     proof depth (InitialRating) and, being fairly sure, moves little, and
//     never by more than maxPuzzleStep a try.
const (
	// MaxDeviation is the largest deviation a save may hold (Glicko-2's
	// new-player value, which older saves used).
	MaxDeviation       = glicko.DefaultDeviation
	PlayerDeviation    = 250
	minPlayerDeviation = 70
	PuzzleDeviation    = 60
	maxPuzzleStep      = 12
	maxPlayerStep      = 100
	newVolatility      = glicko.DefaultVolatility
	tau                = glicko.DefaultTau
)

// NewPlayer returns a new player's rating of r.
func NewPlayer(r float64) Glicko {
	return Glicko{Rating: r, Deviation: PlayerDeviation, Volatility: newVolatility}
}

// NewPuzzleRating returns a puzzle's rating of r, with the fixed deviation
// of every puzzle.
func NewPuzzleRating(r float64) Glicko {
	return Glicko{Rating: r, Deviation: PuzzleDeviation, Volatility: newVolatility}
}

// errBadGlicko: a rating read from a save must be a usable number.
var errBadGlicko = errors.New("puzzle: rating, deviation or volatility out of range")

// valid tells whether the numbers can be updated (a damaged save may hold
// anything).
func (g Glicko) valid() bool {
	ok := func(x, lo, hi float64) bool { return !math.IsNaN(x) && x >= lo && x <= hi }
	return ok(g.Rating, 0, 4000) && ok(g.Deviation, 1, MaxDeviation) && ok(g.Volatility, 1e-4, 1)
}

// Update returns a player's rating g after one result against the puzzle
// opp: score 1 for a win (a solve), 0 for a loss. The change is capped at
// maxPlayerStep, the rating kept inside the puzzles' scale and the
// deviation between minPlayerDeviation and
// MaxDeviation, so that a rating that has seen many results still moves.
func (g Glicko) Update(opp Glicko, score float64) Glicko {
	r, err := glicko.Update(glicko.Rating(g), []glicko.Outcome{{Opponent: glicko.Rating(opp), Score: score}}, tau)
	if err != nil {
		return g // a rating that cannot be updated (valid() refuses it on load) stays as it is
	}
	out := Glicko(r)
	out.Rating = g.Rating + math.Max(-maxPlayerStep, math.Min(maxPlayerStep, out.Rating-g.Rating))
	out.Rating = math.Max(MinRating, math.Min(MaxRating, out.Rating))
	out.Deviation = math.Max(minPlayerDeviation, math.Min(MaxDeviation, out.Deviation))
	return out
}

// puzzleUpdate returns a puzzle's rating g after one result of player
// against it (score 1: the puzzle held, the player failed): Glicko-2's step
// at the puzzle's fixed deviation, capped at maxPuzzleStep; the deviation
// and volatility stay.
func (g Glicko) puzzleUpdate(player Glicko, score float64) Glicko {
	g.Deviation, g.Volatility = PuzzleDeviation, newVolatility
	r, err := glicko.Update(glicko.Rating(g), []glicko.Outcome{{Opponent: glicko.Rating(player), Score: score}}, tau)
	if err != nil {
		return g
	}
	step := math.Max(-maxPuzzleStep, math.Min(maxPuzzleStep, r.Rating-g.Rating))
	g.Rating = math.Max(MinRating, math.Min(MaxRating, g.Rating+step))
	return g
}
