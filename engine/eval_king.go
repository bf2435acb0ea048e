package engine

import "github.com/xqfyne/xiangqi/rules"

// King-safety terms in the manner of ElephantEye: a cannon facing the king
// with no screen (hollow cannon) or lying on the king's back rank (bottom
// cannon), and missing advisors and elephants, all weigh more the more
// attacking pieces the opponent still has. (ElephantEye's own pressure
// scale was tried instead: docs/engine-log.md, "King safety".)

// Base penalties before scaling by the attacker's force.
const (
	hollowCannonPenalty  = 40
	bottomCannonPenalty  = 24
	missingAdvisorWeight = 10
	missingBishopWeight  = 8
	// maxAttack is the attacking force (rook 2, horse or cannon 1) at which
	// the penalties apply in full.
	maxAttack = 8
)

// attackForce returns c's attacking force: rooks count double.
func attackForce(p *rules.Position, c rules.Color) int {
	return 2*p.PieceCount(c, rules.Rook) + p.PieceCount(c, rules.Knight) + p.PieceCount(c, rules.Cannon)
}

// kingDanger returns how much c's king is in danger from the opponent's
// cannons and c's missing defenders, to be subtracted from c's score; force
// is the opponent's attackForce, which the caller has at hand.
func kingDanger(p *rules.Position, c rules.Color, force int) int {
	o := c.Opponent()
	if force == 0 {
		return 0
	}
	k := p.KingSquare(c)
	if k == 0 {
		return 0
	}
	b := p.Board()
	raw := (2-p.PieceCount(c, rules.Advisor))*missingAdvisorWeight +
		(2-p.PieceCount(c, rules.Bishop))*missingBishopWeight
	backRank := 0
	if c == rules.Black {
		backRank = 9
	}
	for _, s := range p.PieceSquares(o, rules.Cannon) {
		sq := rules.Square(s)
		var d rules.Square
		switch {
		case sq.File() == k.File():
			d = -16
			if sq > k {
				d = 16
			}
		case sq.Rank() == k.Rank() && k.Rank() == backRank:
			d = -1
			if sq > k {
				d = 1
			}
		default:
			continue
		}
		s := k + d
		for s != sq && b[s] == rules.NoPiece {
			s += d
		}
		if s != sq {
			continue
		}
		if d == 16 || d == -16 {
			raw += hollowCannonPenalty
		} else {
			raw += bottomCannonPenalty
		}
	}
	if force > maxAttack {
		force = maxAttack
	}
	return raw * force / maxAttack
}

// defenders counts c's advisors and elephants.
func defenders(p *rules.Position, c rules.Color) int {
	return p.PieceCount(c, rules.Advisor) + p.PieceCount(c, rules.Bishop)
}
