package engine

import (
	"math"

	"github.com/xqfyne/xiangqi/rules"
)

// The search scores a repeated position by the same judge as the game: a
// draw, or a loss (BanValue-based, so that it is never stored as a mate)
// for the side the rules in force condemn for perpetual check or chase.

// SetRules selects the rule set repetitions are scored by.
func (s *Searcher) SetRules(r rules.RuleSet) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts.Rules = r
}

// repetitionValue scores the current position, which RepStatus(1) found
// repeated (status r), for the side to move at ply.
func (w *worker) repetitionValue(r rules.Repetition, ply int) int {
	v, ok := w.pos.JudgeRepetition(1, w.rules)
	if !ok {
		return repetitionScore(r, ply)
	}
	// The side to move at an even ply is the root's side.
	rootLoses := (v.Loser == w.pos.Side()) == (ply&1 == 0)
	switch {
	case !v.Decided:
		return drawScore(ply)
	case w.opponentMayChase && !rootLoses && v.Violations[v.Loser] != rules.PerpetualCheck:
		return drawScore(ply) // the referee may let the chase go on
	case v.Loser == w.pos.Side():
		return ply - BanValue
	}
	return BanValue - ply
}

// noCaptureLimits are the no-capture counts at which the search scores a
// draw: plies of any kind (the game's own limit, MoveLimitPlies) and plies
// that neither give check nor answer one (a referee's limit,
// Options.MoveLimit, counted as ElephantEye and UCCILEAG count it).
// math.MaxInt stands for no limit.
//
// Counting as the referee does matters: a search that draws earlier than
// the referee scores every quiet move a draw and plays them blind, and lost
// games so (docs/engine-log.md, "The no-capture count").
type noCaptureLimits struct {
	plies, checkFree int
}

// gameNoCaptureLimits are the game's own limit alone, with no referee's.
func gameNoCaptureLimits() noCaptureLimits {
	return noCaptureLimits{plies: rules.MoveLimitPlies, checkFree: math.MaxInt}
}

// noCaptureLimitsFor returns the limits in force for a search from root. A
// limit the root has already reached is not in force: the game went on past
// it, so the referee does not end games there.
func noCaptureLimitsFor(moveLimit int, root *rules.Position) noCaptureLimits {
	l := gameNoCaptureLimits()
	if moveLimit > 0 {
		l.plies, l.checkFree = max(l.plies, moveLimit), moveLimit
	}
	if root.HalfmoveClock() >= l.plies {
		l.plies = math.MaxInt
	}
	if root.CheckFreeClock() >= l.checkFree {
		l.checkFree = math.MaxInt
	}
	return l
}

// reached reports whether p is drawn by a no-capture count.
func (l noCaptureLimits) reached(p *rules.Position) bool {
	return p.HalfmoveClock() >= l.plies || p.CheckFreeClock() >= l.checkFree
}
