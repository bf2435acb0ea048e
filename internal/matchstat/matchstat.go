// Package matchstat holds what the match tools (cmd/xqmatch, cmd/levelstat)
// share: the default openings of a match and the Elo estimate of a score with
// its 95 % interval.
package matchstat

import "math"

// DefaultOpenings are short, common openings (ICCS moves from the start);
// each is played with both colours. There are only 30 of them: engines
// without randomness replay the same 60 games, so long matches of such
// engines should draw their openings from a book.
var DefaultOpenings = []string{
	"h2e2 h9g7", "h2e2 b9c7", "h2e2 h7e7", "h2e2 b7e7", "b2e2 h9g7",
	"c3c4 g6g5", "c3c4 b9c7", "g3g4 c6c5", "g3g4 h9g7", "b0c2 h9g7",
	"h0g2 b9c7", "c0e2 h7e7", "c0e2 c6c5", "g0e2 b7e7", "h2f2 h9g7",
	"h2d2 b9c7", "b2d2 h9g7", "h2e2 h9g7 h0g2 i9h9", "h2e2 b9c7 h0g2 a9b9",
	"c3c4 b7c7 b0c2", "h2e2 h7e7 h0g2 h9g7", "b0c2 c6c5 c3c4", "g3g4 b7c7 h0g2",
	"h2e2 c6c5 h0g2 b9c7", "c0e2 g6g5 h0i2", "i3i4 h9g7", "a3a4 b9c7", "h2g2 h9g7",
	"h2e2 g6g5 h0g2 h9g7", "b2e2 b9c7 b0c2 a9b9",
}

// EloOf is the Elo difference that gives an expected score s (0..1; clamped
// to 0.001..0.999 so that a clean sweep stays finite).
func EloOf(s float64) float64 {
	s = math.Min(math.Max(s, 0.001), 0.999)
	return -400 * math.Log10(1/s-1)
}

// ScoreOf is the expected score of an Elo difference.
func ScoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Score is a match result from one side: its wins, draws and losses.
type Score struct{ Wins, Draws, Losses int }

// Games is the number of games.
func (t Score) Games() int { return t.Wins + t.Draws + t.Losses }

// MeanVar returns the mean score per game and its per-game variance.
func (t Score) MeanVar() (s, variance float64) {
	n := float64(t.Games())
	if n == 0 {
		return 0, 0
	}
	s = (float64(t.Wins) + float64(t.Draws)/2) / n
	variance = (float64(t.Wins)*(1-s)*(1-s) + float64(t.Draws)*(0.5-s)*(0.5-s) + float64(t.Losses)*s*s) / n
	return s, variance
}

// Elo returns the score, its Elo difference and the 95 % interval of that
// difference, from the per-game score variance (normal approximation).
func (t Score) Elo() (score, elo, lo, hi float64) {
	s, variance := t.MeanVar()
	se := math.Sqrt(variance / float64(max(t.Games(), 1)))
	return s, EloOf(s), EloOf(s - 1.96*se), EloOf(s + 1.96*se)
}
