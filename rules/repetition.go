package rules

// Repetition describes a repeated position and who, if anyone, checked on
// every move of the cycle (article 003 §4.2).
type Repetition uint8

// Repetition bits. RepFound alone, or with both perpetual bits, is a draw;
// RepFound|RepSelfPerpetual means the side to move has been giving perpetual
// check and loses; RepFound|RepOppPerpetual means the opponent has and loses.
const (
	RepNone          Repetition = 0
	RepFound         Repetition = 1
	RepSelfPerpetual Repetition = 2
	RepOppPerpetual  Repetition = 4
)

// IsDraw tells whether the repetition is judged a draw.
func (r Repetition) IsDraw() bool {
	return r&RepFound != 0 && (r&(RepSelfPerpetual|RepOppPerpetual) == 0 ||
		r&(RepSelfPerpetual|RepOppPerpetual) == RepSelfPerpetual|RepOppPerpetual)
}

// SideToMoveLoses tells whether the side to move was the only one checking.
func (r Repetition) SideToMoveLoses() bool {
	return r&(RepFound|RepSelfPerpetual|RepOppPerpetual) == RepFound|RepSelfPerpetual
}

// OpponentLoses tells whether the opponent was the only one checking.
func (r Repetition) OpponentLoses() bool {
	return r&(RepFound|RepSelfPerpetual|RepOppPerpetual) == RepFound|RepOppPerpetual
}

// RepStatus looks back through the moves since the last capture (or null
// move) for the current position having occurred recur times before with the
// same side to move. It reports whether each side gave check with every one of
// its moves in that stretch.
func (p *Position) RepStatus(recur int) Repetition {
	selfSide := false
	selfPerpetual, oppPerpetual := true, true
	key := p.zobrist.key
	for i := len(p.history) - 1; i >= 0; i-- {
		h := &p.history[i]
		if h.move == NoMove || h.captured != NoPiece {
			break
		}
		if selfSide {
			selfPerpetual = selfPerpetual && h.check
			if h.key == key {
				recur--
				if recur <= 0 {
					r := RepFound
					if selfPerpetual {
						r |= RepSelfPerpetual
					}
					if oppPerpetual {
						r |= RepOppPerpetual
					}
					return r
				}
			}
		} else {
			oppPerpetual = oppPerpetual && h.check
		}
		selfSide = !selfSide
	}
	return RepNone
}
