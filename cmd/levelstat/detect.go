package main

import "github.com/xqfyne/xiangqi/rules"

// The detectors of the human-likeness figures. Each looks at the position
// before a move and the move played; none changes the position it is given
// (what it makes, it unmakes).

// plyFacts is what the shuffle test needs of one move.
type plyFacts struct {
	move    rules.Move
	capture bool // it took a piece
	check   bool // it gave check
}

// factsOf returns the facts of m played in p.
func factsOf(p *rules.Position, m rules.Move) plyFacts {
	f := plyFacts{move: m, capture: p.At(m.To()) != rules.NoPiece}
	if p.MakeMove(m) {
		f.check = p.InCheck()
		p.UnmakeMove()
	}
	return f
}

// isShuffle tells whether cur returns a piece to the square it left on the
// same side's previous move, prev, when neither move captured or gave check:
// a move that undoes the one before it to no purpose.
func isShuffle(prev, cur plyFacts) bool {
	if prev.move == rules.NoMove || prev.capture || prev.check || cur.capture || cur.check {
		return false
	}
	return cur.move.From() == prev.move.To() && cur.move.To() == prev.move.From()
}

// matesInOne returns the moves of the side to move after which the other
// side has no legal move (mate, or the stalemate that also loses in Xiangqi).
func matesInOne(p *rules.Position) []rules.Move {
	var out []rules.Move
	for _, m := range p.LegalMoves() {
		if p.MakeMove(m) {
			if p.IsMate() {
				out = append(out, m)
			}
			p.UnmakeMove()
		}
	}
	return out
}

// hasMateInOne tells whether the side to move of p can mate at once.
func hasMateInOne(p *rules.Position) bool {
	var buf [128]rules.Move
	for _, m := range p.GenerateMoves(buf[:0], false) {
		if !p.MakeMove(m) {
			continue
		}
		mate := p.IsMate()
		p.UnmakeMove()
		if mate {
			return true
		}
	}
	return false
}

// allowsMateInOne tells whether after m (legal in p) the opponent can mate at
// once.
func allowsMateInOne(p *rules.Position, m rules.Move) bool {
	if !p.MakeMove(m) {
		return false
	}
	defer p.UnmakeMove()
	return hasMateInOne(p)
}

// mateThreat tells whether the opponent of the side to move would mate in
// one if it were its turn: a threat the move must meet. In check the threat
// is the check itself, which every legal move meets, so it is not one.
func mateThreat(p *rules.Position) bool {
	if p.InCheck() {
		return false
	}
	p.MakeNullMove()
	defer p.UnmakeNullMove()
	return hasMateInOne(p)
}

// canAvoidMateInOne tells whether some legal move of p leaves the opponent no
// mate in one.
func canAvoidMateInOne(p *rules.Position) bool {
	for _, m := range p.LegalMoves() {
		if !allowsMateInOne(p, m) {
			return true
		}
	}
	return false
}

// freeCaptures returns the captures of an opponent's rook, horse or cannon
// that the opponent cannot answer by taking back on that square.
func freeCaptures(p *rules.Position) []rules.Move {
	var out []rules.Move
	for _, m := range p.LegalMoves() {
		switch victim := p.At(m.To()); {
		case victim == rules.NoPiece:
			continue
		case victim.Type() != rules.Rook && victim.Type() != rules.Knight && victim.Type() != rules.Cannon:
			continue
		}
		if !p.MakeMove(m) {
			continue
		}
		recapture := false
		for _, r := range p.LegalMoves() {
			if r.To() == m.To() {
				recapture = true
				break
			}
		}
		p.UnmakeMove()
		if !recapture {
			out = append(out, m)
		}
	}
	return out
}
