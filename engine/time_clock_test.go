package engine

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestClockPlanSpendsTheClock plays games on a fake clock at 12 s + 0.2 s:
// each move takes a random share of the planned optimum (a search stops
// between about half of it and its whole, more after a change), never more
// than the hard limit. No game may lose on time, and on average a game of
// 40 to 130 moves must end with less than a fifth of the clock left (the old
// plan, a thirtieth of the clock and three quarters of the increment, left
// two thirds of it).
func TestClockPlanSpendsTheClock(t *testing.T) {
	const initial, inc = 12 * time.Second, 200 * time.Millisecond
	rng := rand.New(rand.NewPCG(1, 2))
	var leftShare float64
	const games = 500
	for g := 0; g < games; g++ {
		moves := 40 + rng.IntN(91)
		clock := initial
		for n := 1; n <= moves; n++ {
			// Material comes off the board as the game goes on.
			phase := fullPhase - fullPhase*n/moves
			b := planTime(Limits{Time: clock, Increment: inc}, phase)
			if b.hard > clock/2 || b.optimum > b.hard || b.optimum <= 0 {
				t.Fatalf("game %d move %d: clock %v, plan %+v", g, n, clock, b)
			}
			used := time.Duration(float64(b.optimum) * (0.5 + 0.6*rng.Float64()))
			if rng.IntN(8) == 0 {
				used = b.hard // an unsettled move runs to the limit
			}
			used = min(used, b.hard)
			clock -= used
			if clock <= 0 {
				t.Fatalf("game %d: lost on time at move %d", g, n)
			}
			clock += inc
		}
		leftShare += float64(clock) / float64(initial)
	}
	if avg := leftShare / games; avg >= 0.2 {
		t.Fatalf("games end with %.0f%% of the clock left on average", 100*avg)
	} else {
		t.Logf("games end with %.0f%% of the clock left on average", 100*avg)
	}
}

// TestMovesLeftFalls: the estimate of moves left shrinks as material comes
// off, within its bounds, and an unknown phase gets a middle value.
func TestMovesLeftFalls(t *testing.T) {
	if movesLeft(fullPhase) != openingMovesLeft || movesLeft(0) != endgameMovesLeft || movesLeft(-3) != endgameMovesLeft {
		t.Fatalf("moves left at full material: %d, with none: %d", movesLeft(fullPhase), movesLeft(0))
	}
	for ph := 1; ph <= fullPhase; ph++ {
		if movesLeft(ph) < movesLeft(ph-1) {
			t.Fatalf("moves left grows as phase %d falls", ph)
		}
	}
	if m := movesLeft(unknownPhase); m <= endgameMovesLeft || m >= openingMovesLeft {
		t.Fatalf("unknown phase: %d moves left", m)
	}
	if NewPosition().phase() != fullPhase {
		t.Fatalf("start position phase %d", NewPosition().phase())
	}
	// An endgame move gets a larger share of the same clock.
	early := planTime(Limits{Time: 10 * time.Second}, fullPhase)
	late := planTime(Limits{Time: 10 * time.Second}, 2)
	if late.optimum <= early.optimum {
		t.Fatalf("endgame plans %v, opening %v", late.optimum, early.optimum)
	}
	// movestogo below the estimate takes over.
	if b := planTime(Limits{Time: 10 * time.Second, MovesToGo: 5}, fullPhase); b.optimum < 10*time.Second/6 {
		t.Fatalf("movestogo 5: optimum %v", b.optimum)
	}
}

// TestSoftStopOnlyWhenSettled: past the soft stop a settled iteration ends
// the search, an unsettled one (a fail low or a new best move) goes on.
func TestSoftStopOnlyWhenSettled(t *testing.T) {
	for _, unsettled := range []bool{false, true} {
		w := &worker{sh: &shared{start: time.Now().Add(-time.Hour)}}
		w.softStop, w.unsettled = time.Millisecond, unsettled
		w.softStopCheck()
		if w.sh.stop.Load() == unsettled {
			t.Errorf("unsettled %v: stopped %v", unsettled, w.sh.stop.Load())
		}
	}
	w := &worker{sh: &shared{start: time.Now()}} // no soft stop in fixed time
	w.softStopCheck()
	if w.sh.stop.Load() {
		t.Error("stopped without a soft stop")
	}
	var tc timeControl
	tc.completed(1, NewMove(Sq(7, 2), Sq(4, 2)), 0)
	if tc.stopWithin(time.Second) <= tc.stopAfter(time.Second) {
		t.Errorf("an iteration is cut before a new one may start: %v <= %v", tc.stopWithin(time.Second), tc.stopAfter(time.Second))
	}
}
