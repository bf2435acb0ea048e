package main

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"time"

	"github.com/xqfyne/xiangqi/internal/matchstat"
)

// tally counts engine 1's results.
type tally struct{ wins, draws, losses int }

func (t *tally) add(score float64) {
	switch score {
	case 1:
		t.wins++
	case 0:
		t.losses++
	default:
		t.draws++
	}
}

func (t tally) games() int { return t.wins + t.draws + t.losses }

// meanVar is the score and its per-game variance.
func (t tally) meanVar() (s, variance float64) { return t.score().MeanVar() }

func (t tally) score() matchstat.Score {
	return matchstat.Score{Wins: t.wins, Draws: t.draws, Losses: t.losses}
}

// summary gives W/D/L, the score and an Elo difference with a 95% interval
// from the per-game score variance.
func (t tally) summary() string {
	if t.games() == 0 {
		return "no games"
	}
	s, elo, lo, hi := t.score().Elo()
	return fmt.Sprintf("engine1 W/D/L %d/%d/%d  score %.1f%%  Elo %+.0f (95%% interval %+.0f .. %+.0f, ±%.0f)",
		t.wins, t.draws, t.losses, 100*s, elo, lo, hi, (hi-lo)/2)
}

// sprt is a sequential probability ratio test of H0: Elo = elo0 against
// H1: Elo = elo1 with error rates of 5% each, on the normal approximation
// of the per-game score (as fishtest's simplified SPRT).
type sprt struct{ elo0, elo1 float64 }

// sprtBound is log((1-β)/α) for α = β = 0.05; the lower bound is its negative.
var sprtBound = math.Log(0.95 / 0.05)

// llr returns the log-likelihood ratio of the tally.
func (p sprt) llr(t tally) float64 {
	if t.games() == 0 {
		return 0
	}
	s, variance := t.meanVar()
	if variance == 0 {
		variance = 1e-3 // all games alike: keep the test finite
	}
	s0, s1 := matchstat.ScoreOf(p.elo0), matchstat.ScoreOf(p.elo1)
	return float64(t.games()) * (s1 - s0) * (2*s - s0 - s1) / (2 * variance)
}

// sprtMinGames is how many games the test waits for before deciding: the normal
// approximation needs a sample, and a few games that all went one way have a variance near
// zero, which made 2 games won 2-0 "accept" H1 with an LLR of 14.
const sprtMinGames = 30

// verdict is "H1 accepted", "H0 accepted" or "" to go on.
func (p sprt) verdict(t tally) string {
	if t.games() < sprtMinGames {
		return ""
	}
	switch l := p.llr(t); {
	case l >= sprtBound:
		return fmt.Sprintf("SPRT: H1 (Elo >= %+.0f) accepted, LLR %.2f", p.elo1, l)
	case l <= -sprtBound:
		return fmt.Sprintf("SPRT: H0 (Elo <= %+.0f) accepted, LLR %.2f", p.elo0, l)
	}
	return ""
}

// timing summarises reply times: median and max, and the share within the
// acceptance bound (limit + 5% + 20 ms) when a fixed move time is given.
func timing(times []time.Duration, mt time.Duration) string {
	if len(times) == 0 {
		return "no moves"
	}
	ts := slices.Clone(times)
	slices.Sort(ts)
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
	line := fmt.Sprintf("%d replies, median %s, max %s", len(ts), ms(ts[len(ts)/2]), ms(ts[len(ts)-1]))
	if mt > 0 {
		bound := mt + mt/20 + 20*time.Millisecond
		over := len(ts) - sortedCountAtMost(ts, bound)
		line += fmt.Sprintf(" (limit %s: median %.0f%% of it; %d past limit + 5%% + 20 ms)",
			ms(mt), 100*float64(ts[len(ts)/2])/float64(mt), over)
	}
	return line
}

func sortedCountAtMost(ts []time.Duration, bound time.Duration) int {
	n, _ := slices.BinarySearch(ts, bound+1)
	return n
}

// periodUseLine sums up the share of the period that moves in byo-yomi took: their
// number, the median, the 90th percentile and the largest share in per cent, and the
// moves that took more than a period (a period lost, or the flag).
func periodUseLine(use []float64) string {
	u := slices.Clone(use)
	slices.Sort(u)
	pct := func(q float64) float64 { return 100 * u[min(int(q*float64(len(u))), len(u)-1)] }
	over := len(u) - sort.SearchFloat64s(u, math.Nextafter(1, 2))
	return fmt.Sprintf("%d moves in byo-yomi, period used: median %.0f%%, p90 %.0f%%, max %.0f%%; %d over the period",
		len(u), pct(0.5), pct(0.9), 100*u[len(u)-1], over)
}
