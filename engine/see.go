package engine

import "github.com/xqfyne/xiangqi/rules"

// A cheap static exchange test for the quiescence search: a capture by a
// piece worth more than its victim, onto a square the opponent defends,
// loses material on the exchange (at best the victim for the attacker), so
// quiescence skips it.

// exchangeValue is a rough piece value for exchange decisions; the king
// is 0 because a king capture onto a defended square is illegal anyway.
var exchangeValue = [rules.NumPieceTypes]int{
	rules.King: 0, rules.Advisor: 20, rules.Bishop: 20, rules.Knight: 90, rules.Rook: 200, rules.Cannon: 95, rules.Pawn: 20,
}

// losingCaptureCandidate tells whether a capture could lose material: the
// attacker is worth clearly more than the victim. Only then is it worth
// asking whether the square is defended.
func losingCaptureCandidate(p *rules.Position, m rules.Move) bool {
	b := p.Board()
	attacker := b[m.From()].Type()
	victim := b[m.To()].Type()
	return exchangeValue[attacker] > exchangeValue[victim]+10
}
