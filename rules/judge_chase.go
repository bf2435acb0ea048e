package rules

// What one move of a repetition does: check, chase, or neither (an idle
// move, an offered exchange, a sacrifice). game/RULES.md gives the rule
// articles behind each test.
//
// A move chases a piece when, after it, one of the mover's pieces could
// legally capture that piece, could not capture it before the move, and the
// capture is a real threat:
//   - the chaser is not a king or a pawn (they may threaten perpetually),
//   - the target is not a king (that is a check) or a pawn still on its own
//     side of the river,
//   - it is not an offered exchange: a target of the chaser's kind that can
//     capture the chaser back,
//   - the target is worth more than the chaser (a rook attacked by a horse
//     or cannon, a rook, horse or cannon attacked by an advisor or
//     elephant), or it has no real protector: after the capture the owner
//     has no legal recapture (a pinned protector, or one whose recapture
//     would leave its king in check or facing the other king, does not
//     count).
//
// "Could capture" looks at every piece of the mover, so attacks uncovered by
// the move (an opened line, a new cannon screen, a freed horse leg or
// elephant eye, a released pin) count like attacks by the moved piece.

// chaseValue ranks pieces for the rule that attacking a more valuable piece
// is a chase even when it is protected.
var chaseValue = [NumPieceTypes]int{King: 0, Advisor: 1, Bishop: 1, Knight: 2, Rook: 3, Cannon: 2, Pawn: 1}

// capturePair is a possible capture: the piece on chaser can take the piece
// on target.
type capturePair struct{ chaser, target Square }

// judgeBuffers are scratch slices reused across the moves of a cycle.
type judgeBuffers struct {
	moves                  []Move
	before, after, replies []capturePair
}

// moveFacts is what a move does. Squares are those after the move.
type moveFacts struct {
	check    bool
	checkers []Square
	chases   []capturePair
	// mateThreat (杀, Chinese rules only): not a check, but the mover would
	// mate by checks if the opponent passed.
	mateThreat bool
}

// moveFacts classifies legal move m of the side to move under rules. p is
// unchanged on return.
func (p *Position) moveFacts(m Move, rules RuleSet, b *judgeBuffers) moveFacts {
	side := p.side
	opp := side.Opponent()
	from, to := m.From(), m.To()
	// Before the move. A side in check could legally make few captures, yet
	// its pieces attack what they attack: judge those by the board alone, so
	// that answering a check does not count as a new attack everywhere.
	inCheck := p.attacked(side)
	b.before = p.capturePairs(b, b.before[:0], !inCheck)
	if !p.MakeMove(m) {
		return moveFacts{}
	}
	f := moveFacts{check: p.InCheck()}
	b.replies = p.capturePairs(b, b.replies[:0], true)
	p.MakeNullMove()
	b.after = p.capturePairs(b, b.after[:0], true)
	for _, c := range b.after {
		chaser, target := p.board[c.chaser], p.board[c.target]
		if target.Type() == King {
			if f.check {
				f.checkers = append(f.checkers, c.chaser)
			}
			continue
		}
		if chaser.Type() == King || chaser.Type() == Pawn {
			continue
		}
		if target.Type() == Pawn && homeHalf[opp][c.target] {
			continue
		}
		prev := c.chaser
		if prev == to {
			prev = from
		}
		if containsPair(b.before, prev, c.target) {
			continue // not a new attack
		}
		if target.Type() == chaser.Type() && containsPair(b.replies, c.target, c.chaser) {
			continue // an offered exchange
		}
		if rules == RulesChinese {
			if p.winsMaterial(c) {
				f.chases = append(f.chases, c)
			}
		} else if chaseValue[chaser.Type()] < chaseValue[target.Type()] || !p.defended(c, b) {
			f.chases = append(f.chases, c)
		}
	}
	if rules == RulesChinese && !f.check {
		f.mateThreat = p.threatensMate()
	}
	p.UnmakeNullMove()
	p.UnmakeMove()
	// A mate threat the mover already had is not made by this move, as a
	// capture already possible is no chase (Chinese rules, diagram 5).
	if f.mateThreat && !inCheck && p.threatensMate() {
		f.mateThreat = false
	}
	return f
}

// capturePairs appends the captures the side to move could make. With legal
// set, captures that would leave the own king attacked are left out, except
// captures of the enemy king (a pinned piece still gives check).
func (p *Position) capturePairs(b *judgeBuffers, out []capturePair, legal bool) []capturePair {
	b.moves = p.GenerateMoves(b.moves[:0], true)
	for _, m := range b.moves {
		if legal && p.board[m.To()].Type() != King && p.leavesKingAttacked(m) {
			continue
		}
		out = append(out, capturePair{m.From(), m.To()})
	}
	return out
}

// defended reports whether, after the side to move makes capture c, the
// opponent has a legal recapture on the target square.
func (p *Position) defended(c capturePair, b *judgeBuffers) bool {
	if !p.MakeMove(NewMove(c.chaser, c.target)) {
		return true // the capture is illegal: no threat
	}
	defer p.UnmakeMove()
	b.moves = p.GenerateMoves(b.moves[:0], true)
	for _, r := range b.moves {
		if r.To() == c.target && !p.leavesKingAttacked(r) {
			return true
		}
	}
	return false
}

func containsPair(list []capturePair, chaser, target Square) bool {
	for _, c := range list {
		if c.chaser == chaser && c.target == target {
			return true
		}
	}
	return false
}
