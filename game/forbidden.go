package game

import "github.com/xqfyne/xiangqi/rules"

// ForbiddenMoves returns the legal moves of the side to move that would hand
// the opponent a win by the repetition rules in force (perpetual check,
// chase, or under the Chinese rules any unbroken series of checks and
// chases): a move after which the judge already gives the game to the
// opponent, or a move back into an earlier position after which some reply
// of the opponent completes the repetition that the mover loses. These are
// the moves a referee bans (UCCI "banmoves") and the app's engine must not
// play. When every legal move is forbidden the side loses whatever it
// plays, and the result is nil: there is nothing to choose between.
func (g *Game) ForbiddenMoves() []rules.Move {
	if g.Result().Decided() {
		return nil
	}
	mover := g.pos.Side()
	pos := g.pos.Copy()
	legal := pos.LegalMoves()
	var forbidden []rules.Move
	for _, m := range legal {
		if !pos.MakeMove(m) {
			continue
		}
		if _, lost := lossByRepetitionAfter(pos, mover, g.rules); lost {
			forbidden = append(forbidden, m)
		}
		pos.UnmakeMove()
	}
	if len(forbidden) == len(legal) {
		return nil
	}
	return forbidden
}

// lossByRepetitionAfter reports whether mover, who has just moved in pos,
// has lost by a repetition rule (reply NoMove) or the opponent has a reply
// after which the judge gives the game against mover (that reply). pos is
// unchanged on return.
func lossByRepetitionAfter(pos *rules.Position, mover rules.Color, ruleSet RuleSet) (reply rules.Move, lost bool) {
	if losesByRepetition(judge(pos, ruleSet), mover) {
		return rules.NoMove, true
	}
	if pos.RepStatus(1)&rules.RepFound == 0 {
		return rules.NoMove, false // no earlier position returns: no reply can repeat one
	}
	for _, r := range pos.LegalMoves() {
		if !pos.MakeMove(r) {
			continue
		}
		lost := losesByRepetition(judge(pos, ruleSet), mover)
		pos.UnmakeMove()
		if lost {
			return r, true
		}
	}
	return rules.NoMove, false
}

// losesByRepetition reports whether r gives the game against c by a
// repetition rule.
func losesByRepetition(r Result, c rules.Color) bool {
	return r.Decided() && r.Status != Draw && r.Winner != c && r.Reason.isRepetitionLoss()
}

// isRepetitionLoss tells the reasons by which the judge of repetitions
// gives a game to one side.
func (r Reason) isRepetitionLoss() bool {
	return r == ReasonPerpetualCheck || r == ReasonPerpetualChase || r == ReasonPerpetualAttack ||
		r == ReasonPerpetualMateThreat
}
