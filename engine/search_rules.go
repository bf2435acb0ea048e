package engine

// The search scores a repeated position by the same judge as the game: a
// draw, or a loss (BanValue-based, so that it is never stored as a mate)
// for the side the rules in force condemn for perpetual check or chase.

// SetRules selects the rule set repetitions are scored by.
func (s *Searcher) SetRules(r RuleSet) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts.Rules = r
}

// repetitionValue scores the current position, which RepStatus(1) found
// repeated (status r), for the side to move at ply.
func (w *worker) repetitionValue(r Repetition, ply int) int {
	v, ok := w.pos.JudgeRepetition(1, w.rules)
	if !ok {
		return repetitionScore(r, ply)
	}
	switch {
	case !v.Decided:
		return drawScore(ply)
	case v.Loser == w.pos.side:
		return ply - BanValue
	}
	return BanValue - ply
}
