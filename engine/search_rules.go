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
// Before the referee's count left checks out, the search drew at 100 plies
// of any kind against ElephantEye. ElephantEye's count lags that one
// whenever checks were given, so the game went on, and with every quiet
// move scored a draw the search played them blind: of 492 games at 100 ms
// a move, 36 reached 100 plies without a capture and 14 of those were
// lost, 8 within 10 plies (one a rook against a rook: the search looked at
// 366 nodes, every reply a draw, and walked into mate). Counting as the referee does, 25 of 200
// reached it and 1 was lost (1 won, 23 drawn); overall 105/35/60, 61.3 %,
// where the engine before had 277/64/151 of 492, 62.8 %; at 1 s a move
// 13/4/7 of 24 (before: 13/3/8), and in a UCCILEAG league at 12 s + 0.2 s
// 12/1/7 of 20 (before: 11/2/7).
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
