package engine

import (
	"time"

	"github.com/xqfyne/xiangqi/rules"
)

// timeControl follows how settled the search is between iterations, to
// decide in clock mode whether another iteration is worth starting: stop
// early when the best move has stayed the same for several iterations,
// extend when it has just changed or the score has dropped.
type timeControl struct {
	best        rules.Move
	score       int
	depth       int
	instability float64 // decaying count of best-move changes
	drop        bool    // the last iteration's score fell clearly
}

// scoreDrop is how far a score must fall between iterations to count as
// trouble worth more time.
const scoreDrop = 30

// completed records an iteration's result.
func (tc *timeControl) completed(depth int, best rules.Move, score int) {
	if tc.depth > 0 {
		tc.instability /= 2
		if best != tc.best {
			tc.instability++
		}
		tc.drop = score < tc.score-scoreDrop && !IsDecisive(score)
	}
	tc.best, tc.score, tc.depth = best, score, depth
}

// scale is the share of the optimum this move deserves: 0.8 when the best
// move has settled, 1.8 just after a change, more after a score drop. (A
// settled share of 0.6 with 18 moves left in the opening left a third of
// the clock unused in 12 s + 0.2 s leagues.)
func (tc *timeControl) scale() float64 {
	s := 0.8 + tc.instability
	if tc.drop {
		s *= 1.4
	}
	return s
}

// stopAfter is the time after which no new iteration should start: the
// next one usually takes longer than all earlier ones together, so the
// search stops at a share of the (scaled) optimum.
func (tc *timeControl) stopAfter(optimum time.Duration) time.Duration {
	return time.Duration(float64(optimum) * tc.scale() * 0.6)
}

// stopWithin is the time after which an unfinished iteration may be cut
// short, provided its first move is still the best and has not failed low:
// it then only confirms the previous iteration's choice.
func (tc *timeControl) stopWithin(optimum time.Duration) time.Duration {
	return time.Duration(float64(optimum) * tc.scale())
}
