package game

import "github.com/xqfyne/xiangqi/engine"

// Perpetual chase (长捉) judging. RepStatus tells who checked on every move
// of a repetition; this file looks at the same stretch of moves again and
// decides who attacked on every move, where an attack is a check or a
// chase. A side that attacked with every move while the other did not
// loses (长打: 长捉, or checks mixed with chases).
//
// A move chases when the piece that moved can now capture an opponent
// piece it could not capture before, and that capture is a real threat:
//   - the target is a rook, horse, cannon, advisor or elephant (kings are
//     checks; pawns may be chased),
//   - the attacker is not a king or a pawn on its own side of the river,
//   - the target is unprotected (the opponent could not recapture on its
//     square), or it is a rook attacked by a horse or cannon,
//   - it is not an offered exchange: the target is not the same kind of
//     piece able to capture the attacker back.
//
// Attacks discovered by moving another piece out of the way are not
// counted, and the finer points of the official rules (repeated chases of
// different pieces, "chasing" pieces that are pinned) are not modelled.

// perpetualAttackers returns, for Red and Black, whether every move of that
// side since the current position first occurred (twice ago, matching
// RepStatus(repetitionRecur)) was a check or a chase. ok is false when the
// stretch cannot be found.
func perpetualAttackers(pos *engine.Position) (attacks [2]bool, ok bool) {
	q := pos.Copy()
	key := pos.Hash64()
	var stretch []engine.Move
	found := 0
	for q.Ply() > 0 && found < repetitionRecur {
		m := q.LastMove()
		if m == engine.NoMove || q.LastCaptured() != engine.NoPiece {
			break
		}
		q.UnmakeMove()
		stretch = append(stretch, m)
		if q.Side() == pos.Side() && q.Hash64() == key {
			found++
		}
	}
	if found < repetitionRecur {
		return attacks, false
	}
	attacks = [2]bool{true, true}
	for i := len(stretch) - 1; i >= 0; i-- {
		m := stretch[i]
		mover := q.Side()
		if attacks[mover] && !isAttack(q, m) {
			attacks[mover] = false
		}
		q.MakeMove(m)
	}
	return attacks, true
}

// isAttack reports whether legal move m in p gives check or chases.
// p is unchanged on return.
func isAttack(p *engine.Position, m engine.Move) bool {
	from, to := m.From(), m.To()
	attacker := p.At(from)
	side := attacker.Color()

	// Opponent pieces the mover could already capture before moving.
	var before [256]bool
	targets := chaseTargets(p, side.Opponent())
	for _, sq := range targets {
		before[sq] = p.IsLegal(engine.NewMove(from, sq))
	}

	p.MakeMove(m)
	defer p.UnmakeMove()
	if p.InCheck() {
		return true
	}
	if attacker.Type() == engine.King || attacker.Type() == engine.Pawn && !crossedRiver(side, to) {
		return false
	}
	p.MakeNullMove()
	defer p.UnmakeNullMove()
	for _, sq := range targets {
		if before[sq] || !p.IsLegal(engine.NewMove(to, sq)) {
			continue
		}
		target := p.At(sq)
		if target.Type() == attacker.Type() && canCaptureBack(p, sq, to) {
			continue // an offered exchange
		}
		if target.Type() == engine.Rook && (attacker.Type() == engine.Knight || attacker.Type() == engine.Cannon) {
			return true
		}
		if !protected(p, to, sq) {
			return true
		}
	}
	return false
}

// chaseTargets lists the squares of c's pieces that can be chased.
func chaseTargets(p *engine.Position, c engine.Color) []engine.Square {
	var out []engine.Square
	for file := 0; file < 9; file++ {
		for rank := 0; rank < 10; rank++ {
			sq := engine.Sq(file, rank)
			pc := p.At(sq)
			if pc == engine.NoPiece || pc.Color() != c {
				continue
			}
			switch pc.Type() {
			case engine.Rook, engine.Knight, engine.Cannon, engine.Advisor, engine.Bishop:
				out = append(out, sq)
			}
		}
	}
	return out
}

func crossedRiver(c engine.Color, sq engine.Square) bool {
	if c == engine.Red {
		return sq.Rank() >= 5
	}
	return sq.Rank() <= 4
}

// canCaptureBack reports whether the piece on target could capture the
// attacker on attackerSq if it were its turn. p has the attacker to move.
func canCaptureBack(p *engine.Position, target, attackerSq engine.Square) bool {
	p.MakeNullMove()
	defer p.UnmakeNullMove()
	return p.IsLegal(engine.NewMove(target, attackerSq))
}

// protected reports whether, after the attacker on from captures the piece
// on target, the opponent can recapture. p has the attacker to move.
func protected(p *engine.Position, from, target engine.Square) bool {
	if !p.MakeMove(engine.NewMove(from, target)) {
		return true
	}
	defer p.UnmakeMove()
	for _, reply := range p.LegalMoves() {
		if reply.To() == target {
			return true
		}
	}
	return false
}
