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
//     count, nor does one whose line runs through the chaser's own square:
//     an X-ray).
//
// "Could capture" looks at every piece of the mover, so attacks uncovered by
// the move (an opened line, a new cannon screen, a freed horse leg or
// elephant eye, a released pin) count like attacks by the moved piece. A
// capture that was possible before the move chases only if the move made
// it a real threat (it pinned, blocked or unscreened the protector).

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
	standing               []standingThreat
}

// standingThreat is a real threat after a move by a capture that was
// already possible before it: now as after the move, before as before it.
type standingThreat struct{ now, before capturePair }

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
	b.standing = b.standing[:0]
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
		standing := containsPair(b.before, prev, c.target)
		if standing && (inCheck || rules == RulesAsian && chaseValue[chaser.Type()] < chaseValue[target.Type()]) {
			// Not a new attack (see above), or one that was a real threat
			// before the move as after it, whatever the protection.
			continue
		}
		if target.Type() == chaser.Type() && containsPair(b.replies, c.target, c.chaser) {
			continue // an offered exchange
		}
		if !p.realThreat(c, rules, b) {
			continue
		}
		if standing {
			// The capture was possible before the move; it is a chase only
			// if the move made it a real threat (below, in the position
			// before the move).
			b.standing = append(b.standing, standingThreat{now: c, before: capturePair{prev, c.target}})
			continue
		}
		f.chases = append(f.chases, c)
	}
	if rules == RulesChinese && !f.check {
		f.mateThreat = p.threatensMate()
	}
	p.UnmakeNullMove()
	p.UnmakeMove()
	// A standing attack whose threat the move made real is a chase: the move
	// pinned the target's protector, blocked or unscreened its line, or
	// pinned a piece of the target's kind so that it can no longer take back
	// (AXF appendix, "example of perpetual chase": taking away a protection
	// chases the attacked piece).
	for _, s := range b.standing {
		if !p.wasRealThreat(s.before, rules, b) {
			f.chases = append(f.chases, s.now)
		}
	}
	// A mate threat the mover already had is not made by this move, as a
	// capture already possible is no chase (Chinese rules, diagram 5).
	if f.mateThreat && !inCheck && p.threatensMate() {
		f.mateThreat = false
	}
	return f
}

// realThreat reports whether capture c of the side to move is a real
// threat under rules: it wins material after the exchange (Chinese rules),
// or the target is worth more than the chaser or has no real protector
// (Asian rules).
func (p *Position) realThreat(c capturePair, rules RuleSet, b *judgeBuffers) bool {
	if rules == RulesChinese {
		return p.winsMaterial(c)
	}
	return chaseValue[p.board[c.chaser].Type()] < chaseValue[p.board[c.target].Type()] || !p.defended(c, b)
}

// wasRealThreat reports whether capture c of the side to move (not in
// check) was a real threat: not an offered exchange (a target of the
// chaser's kind that could legally take it back) and realThreat.
func (p *Position) wasRealThreat(c capturePair, rules RuleSet, b *judgeBuffers) bool {
	if p.board[c.target].Type() == p.board[c.chaser].Type() {
		p.MakeNullMove()
		takesBack := p.IsLegal(NewMove(c.target, c.chaser))
		p.UnmakeNullMove()
		if takesBack {
			return false
		}
	}
	return p.realThreat(c, rules, b)
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
		if r.To() == c.target && !p.leavesKingAttacked(r) && !p.through(r, c.chaser) {
			return true
		}
	}
	return false
}

// through reports whether move m of the piece on its from square needs
// square sq empty: sq lies between the ends of a rook's or cannon's move,
// or is a horse's leg or an elephant's eye. A recapture through the
// chaser's square is an X-ray: it exists only because the chaser left, and
// it is no protection.
func (p *Position) through(m Move, sq Square) bool {
	from, to := m.From(), m.To()
	delta := to - from
	switch p.board[from].Type() {
	case Knight:
		leg, ok := knightLeg(delta)
		return ok && from+leg == sq
	case Bishop:
		return from+delta/2 == sq
	case Rook, Cannon:
		var step Square
		switch {
		case from.row() == to.row() && sq.row() == from.row():
			step = 1
		case from.col() == to.col() && sq.col() == from.col():
			step = 16
		default:
			return false
		}
		if to < from {
			step = -step
		}
		for s := from + step; s != to; s += step {
			if s == sq {
				return true
			}
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
