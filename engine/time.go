package engine

import "time"

// Limits says when a search must stop. Zero values mean "no limit"; when no
// field is set the search runs until its context is cancelled or it reaches
// the maximum depth.
type Limits struct {
	Depth    int           // stop after this many iterations (plies)
	Nodes    uint64        // stop after about this many nodes
	MoveTime time.Duration // hard time for this move (the app's difficulty)

	// Clock mode (UCI wtime/winc, UCCI time/increment/movestogo): the time
	// left for the side to move, its increment per move, and the number of
	// moves until the next time control (0: sudden death).
	Time      time.Duration
	Increment time.Duration
	MovesToGo int

	// Infinite keeps searching (analysis, UCI "go infinite") until the
	// context is cancelled, even after a mate is found or the depth limit is
	// reached.
	Infinite bool

	// BanMoves are root moves the search must not play (UCCI "banmoves",
	// used by referees to forbid moves that break the repetition rules).
	BanMoves []Move
	// SearchMoves, when not empty, restricts the root to these moves (UCI
	// "searchmoves").
	SearchMoves []Move
}

// moveOverhead is kept in reserve in clock mode for the time the move takes
// to reach the referee.
const moveOverhead = 30 * time.Millisecond

// maxClock caps the clock and increment before planning: beyond it every plan is
// the same (the search ends by depth long before), and the arithmetic below
// (left*9, target*4) stays far from overflowing.
const maxClock = 1000 * time.Hour

// timeBudget is the plan for one search: soft is when no new iteration
// should start, hard is when the search is cut off. A zero value means none.
type timeBudget struct {
	soft, hard time.Duration
}

// planTime turns limits into a budget.
func planTime(l Limits) timeBudget {
	if l.Infinite {
		return timeBudget{}
	}
	var b timeBudget
	if l.MoveTime > 0 {
		// A fixed time per move: use it fully, and stop at once when it is over.
		b.hard = l.MoveTime
		b.soft = l.MoveTime
	}
	if l.Time > 0 || l.Increment > 0 {
		mtg := l.MovesToGo
		if mtg <= 0 || mtg > 40 {
			mtg = 40
		}
		left := min(l.Time, maxClock) - moveOverhead
		if left < 5*time.Millisecond {
			left = 5 * time.Millisecond
		}
		target := left/time.Duration(mtg) + min(l.Increment, maxClock)*3/4
		hard := target * 4
		if maxShare := left * 2 / 5; hard > maxShare && mtg > 1 {
			hard = maxShare
		}
		if mtg == 1 && hard > left*9/10 {
			hard = left * 9 / 10
		}
		if hard > left {
			hard = left
		}
		if target > hard {
			target = hard
		}
		// The soft limit is checked between iterations: an iteration usually
		// takes longer than all earlier ones together, so starting one after
		// half the target would likely overrun it.
		soft := target / 2
		if b.hard == 0 || hard < b.hard {
			b.hard, b.soft = hard, soft
		}
	}
	return b
}

// TimeBudget returns when a search under these limits stops starting new
// iterations (soft) and when it is cut off (hard); zero means no limit.
func (l Limits) TimeBudget() (soft, hard time.Duration) {
	b := planTime(l)
	return b.soft, b.hard
}
