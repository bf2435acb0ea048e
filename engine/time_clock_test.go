package engine

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/rules"
)

// TestClockPlanSpendsTheClock plays games on a fake clock at 12 s + 0.2 s.
// Each move takes the time the real stop rules give it (timeControl): a
// search with a settled best move starts its last iteration before
// stopAfter and ends it by about twice that, or is cut at stopWithin; one
// move in eight has just changed its best move and runs on, up to the hard
// limit. Games last 30 to 130 moves, and many are resigned with much
// material left, so the phase falls to anywhere from none to half. No game
// may lose on time, and on average a game must end with less than a fifth
// of the clock left. (Rules that stopped a settled search at a third of the
// optimum left a third of the clock in real 12 s + 0.2 s leagues against
// ElephantEye.)
func TestClockPlanSpendsTheClock(t *testing.T) {
	const initial, inc = 12 * time.Second, 200 * time.Millisecond
	rng := rand.New(rand.NewPCG(1, 2))
	settled, changed, _ := settledClock()
	var leftShare float64
	const games = 500
	for g := 0; g < games; g++ {
		moves := 30 + rng.IntN(101)
		endPhase := rng.IntN(fullPhase/2 + 1)
		clock := initial
		for n := 1; n <= moves; n++ {
			// Material comes off the board as the game goes on.
			phase := fullPhase - (fullPhase-endPhase)*n/moves
			plan := planTime(Limits{Time: clock, Increment: inc}, phase)
			if plan.hard > clock/2 || plan.optimum > plan.hard || plan.optimum <= 0 {
				t.Fatalf("game %d move %d: clock %v, plan %+v", g, n, clock, plan)
			}
			tc := settled
			if rng.IntN(8) == 0 {
				tc = changed
			}
			start := tc.stopAfter(plan.optimum)
			end := min(2*start, tc.stopWithin(plan.optimum))
			used := start + time.Duration(rng.Float64()*float64(end-start))
			used = min(used, plan.hard)
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
	if phase(rules.NewPosition()) != fullPhase {
		t.Fatalf("start position phase %d", phase(rules.NewPosition()))
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
	tc.completed(1, rules.NewMove(rules.Sq(7, 2), rules.Sq(4, 2)), 0)
	if tc.stopWithin(time.Second) <= tc.stopAfter(time.Second) {
		t.Errorf("an iteration is cut before a new one may start: %v <= %v", tc.stopWithin(time.Second), tc.stopAfter(time.Second))
	}
}
