package rules

// boardSquares lists the 90 points of the board in mailbox order.
var boardSquares [90]Square

// knightMoves[i] are the two horse moves through the leg orthSteps[i].
var knightMoves = [4][2]Square{{-33, -31}, {-18, 14}, {-14, 18}, {31, 33}}

func init() {
	n := 0
	for sq := Square(0); sq < 256; sq++ {
		if inBoard[sq] {
			boardSquares[n] = sq
			n++
		}
	}
}

// GenerateMoves appends the pseudo-legal moves of the side to move to buf
// (only captures when capturesOnly) and returns the extended slice. A
// pseudo-legal move follows the piece's movement rules but may leave the own
// king attacked; MakeMove rejects those.
func (p *Position) GenerateMoves(buf []Move, capturesOnly bool) []Move {
	if capturesOnly {
		return p.generate(buf, genCaptures)
	}
	return p.generate(buf, genAll)
}

// GenerateQuiets appends the pseudo-legal moves of the side to move onto
// empty points: the search's late stage, after the captures.
func (p *Position) GenerateQuiets(buf []Move) []Move { return p.generate(buf, genQuiets) }

// genMode says which pseudo-legal moves generate appends.
type genMode uint8

const (
	genAll      genMode = iota
	genCaptures         // moves onto an opponent's piece
	genQuiets           // moves onto an empty point (the search's late stage)
)

// generate appends the moves of the mode. It walks the piece lists rather
// than the board, and steppers read their targets from stepTables.
func (p *Position) generate(buf []Move, mode genMode) []Move {
	c := p.side
	opp := SideTag(c.Opponent())
	b := &p.board
	var want genWant
	if mode != genQuiets {
		want.capture = 1
	}
	if mode != genCaptures {
		want.quiet = 1
	}
	lists, counts := &p.pieceList[c], &p.pieceCount[c]
	for i := 0; i < int(counts[Rook]); i++ {
		buf = p.slideMoves(buf, Square(lists[Rook][i]), want, false)
	}
	for i := 0; i < int(counts[Cannon]); i++ {
		buf = p.slideMoves(buf, Square(lists[Cannon][i]), want, true)
	}
	for i := 0; i < int(counts[Knight]); i++ {
		sq := lists[Knight][i]
		buf = appendSteps(buf, b, sq, &stepTables.knight[sq], opp, want)
	}
	for i := 0; i < int(counts[Pawn]); i++ {
		sq := lists[Pawn][i]
		buf = appendSteps(buf, b, sq, &stepTables.pawn[c][sq], opp, want)
	}
	for i := 0; i < int(counts[Bishop]); i++ {
		sq := lists[Bishop][i]
		buf = appendSteps(buf, b, sq, &stepTables.bishop[sq], opp, want)
	}
	for i := 0; i < int(counts[Advisor]); i++ {
		sq := lists[Advisor][i]
		buf = appendSteps(buf, b, sq, &stepTables.advisor[sq], opp, want)
	}
	if k := p.kings[c]; k != 0 {
		buf = appendSteps(buf, b, uint8(k), &stepTables.king[k], opp, want)
	}
	return buf
}

// genWant is a mode as the piece generators read it: 1 keeps captures, or
// moves onto an empty point; 0 drops them (numbers, so that the steppers
// can mask with them instead of branching).
type genWant struct{ capture, quiet uint32 }

// appendSteps appends the moves of a stepping piece on from, read from its
// precomputed list l. Each candidate is written and kept by adding 0 or 1
// to the count, without a branch: whether a leg is blocked or a target
// taken is close to random for the branch predictor. A list entry without
// a leg has block 0, an off-board square, which is always empty.
func appendSteps(buf []Move, b *[256]Piece, from uint8, l *stepList, opp Piece, want genWant) []Move {
	n := len(buf)
	if cap(buf)-n < len(l.to) {
		buf = append(buf, make([]Move, len(l.to))...)[:n]
	}
	dst := buf[n : n+len(l.to)]
	k := 0
	for i := 0; i < int(l.n) && i < len(l.to); i++ {
		to := l.to[i]
		t := b[to]
		free := (uint32(b[l.block[i]]) - 1) >> 31 // 1 when the leg is empty
		empty := (uint32(t) - 1) >> 31
		capture := -uint32(t&opp) >> 31 // 1 when an opponent's piece is there
		dst[k] = Move(from) | Move(to)<<8
		k += int(free & (capture&want.capture | empty&want.quiet))
	}
	return buf[:n+k]
}

// slideMoves appends the moves of a rook, or of a cannon, from sq: the
// occupancy tables give the first piece met on each side (a rook's target,
// a cannon's screen) and the second (a cannon's target).
func (p *Position) slideMoves(buf []Move, from Square, want genWant, cannon bool) []Move {
	b := &p.board
	if want.capture != 0 {
		opp := SideTag(p.side.Opponent())
		rank, file := p.hitsOf(from)
		for dir := 0; dir < 2; dir++ {
			target := rank.first[dir]
			if cannon {
				target = rank.second[dir]
			}
			if target >= 0 {
				if to := rankSquare(from, target); b[to]&opp != 0 {
					buf = append(buf, NewMove(from, to))
				}
			}
			target = file.first[dir]
			if cannon {
				target = file.second[dir]
			}
			if target >= 0 {
				if to := fileSquare(from, target); b[to]&opp != 0 {
					buf = append(buf, NewMove(from, to))
				}
			}
		}
	}
	if want.quiet == 0 {
		return buf
	}
	for _, d := range orthSteps {
		for to := from + d; inBoard[to] && b[to] == NoPiece; to += d {
			buf = append(buf, NewMove(from, to))
		}
	}
	return buf
}

// IsPseudoLegal tells whether m moves a piece of the side to move by that
// piece's rules, ignoring whether the own king is left attacked. It accepts
// any 16-bit value, so it is safe on hash-table, killer and user moves.
func (p *Position) IsPseudoLegal(m Move) bool {
	from, to := m.From(), m.To()
	if !inBoard[from] || !inBoard[to] {
		return false
	}
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != p.side {
		return false
	}
	target := p.board[to]
	if target != NoPiece && target.Color() == p.side {
		return false
	}
	delta := to - from
	switch pc.Type() {
	case King:
		return inFort[to] && (delta == -16 || delta == 16 || delta == -1 || delta == 1)
	case Advisor:
		return inFort[to] && (delta == -17 || delta == -15 || delta == 15 || delta == 17)
	case Bishop:
		switch delta {
		case -34, -30, 30, 34:
			return homeHalf[p.side][to] && p.board[from+delta/2] == NoPiece
		}
		return false
	case Knight:
		leg, ok := knightLeg(delta)
		return ok && p.board[from+leg] == NoPiece
	case Rook, Cannon:
		var step Square
		switch {
		case from.row() == to.row():
			step = 1
		case from.col() == to.col():
			step = 16
		default:
			return false
		}
		if to < from {
			step = -step
		}
		between := 0
		for sq := from + step; sq != to; sq += step {
			if p.board[sq] != NoPiece {
				between++
			}
		}
		if pc.Type() == Rook || target == NoPiece {
			return between == 0
		}
		return between == 1
	case Pawn:
		if delta == forward(p.side) {
			return true
		}
		return !homeHalf[p.side][from] && (delta == 1 || delta == -1)
	}
	return false
}

// knightLeg returns the leg square offset for a horse move of the given delta.
func knightLeg(delta Square) (Square, bool) {
	switch delta {
	case -33, -31:
		return -16, true
	case 31, 33:
		return 16, true
	case -18, 14:
		return -1, true
	case -14, 18:
		return 1, true
	}
	return 0, false
}

// IsLegal tells whether m is a legal move in this position: pseudo-legal and
// not leaving the mover's king attacked.
func (p *Position) IsLegal(m Move) bool {
	countLegalCheck()
	if !p.IsPseudoLegal(m) {
		return false
	}
	return !p.leavesKingAttacked(m)
}

// leavesKingAttacked plays m on the bare board, tests the king and restores
// the board. It skips the Zobrist, list and history updates MakeMove does.
func (p *Position) leavesKingAttacked(m Move) bool {
	from, to := m.From(), m.To()
	pc, captured := p.board[from], p.board[to]
	p.board[to] = pc
	p.board[from] = NoPiece
	p.clearOccupied(from)
	p.setOccupied(to)
	savedKing := p.kings[p.side]
	if pc.Type() == King {
		p.kings[p.side] = to
	}
	bad := p.attacked(p.side)
	p.kings[p.side] = savedKing
	p.board[from] = pc
	p.board[to] = captured
	p.setOccupied(from)
	if captured == NoPiece {
		p.clearOccupied(to)
	}
	return bad
}

// LegalMoves returns every legal move of the side to move.
func (p *Position) LegalMoves() []Move {
	pseudo := p.GenerateMoves(make([]Move, 0, 64), false)
	inCheck := p.attacked(p.side)
	legal := pseudo[:0]
	for _, m := range pseudo {
		if !p.mayExposeKing(m, inCheck) || !p.leavesKingAttacked(m) {
			legal = append(legal, m)
		}
	}
	return legal
}

// LegalTargets returns the points the piece on from can legally move to (none when it
// is not the side to move's): what a board shows once a piece is picked up.
func (p *Position) LegalTargets(from Square) []Square {
	var ts []Square
	for _, m := range p.LegalMoves() {
		if m.From() == from {
			ts = append(ts, m.To())
		}
	}
	return ts
}

// countLegalMoves counts legal moves without making them (perft's bulk count).
func (p *Position) countLegalMoves(buf []Move) int {
	pseudo := p.GenerateMoves(buf[:0], false)
	inCheck := p.attacked(p.side)
	n := 0
	for _, m := range pseudo {
		if !p.mayExposeKing(m, inCheck) || !p.leavesKingAttacked(m) {
			n++
		}
	}
	return n
}

// mayExposeKing is a cheap filter before the full test: when the side to move
// is not in check, a move other than a king move can only expose its own king
// if it leaves or enters the king's rank or file (opening a line, or becoming
// a cannon's screen) or leaves a square diagonally next to the king (a
// horse's leg).
func (p *Position) mayExposeKing(m Move, inCheck bool) bool {
	if inCheck {
		return true
	}
	k := p.kings[p.side]
	from, to := m.From(), m.To()
	if from == k {
		return true
	}
	kr, kc := k.row(), k.col()
	if from.row() == kr || from.col() == kc || to.row() == kr || to.col() == kc {
		return true
	}
	d := from - k
	return d == -17 || d == -15 || d == 15 || d == 17
}

// IsMate tells whether the side to move has no legal move. In Xiangqi both
// checkmate and stalemate lose.
func (p *Position) IsMate() bool {
	var buf [128]Move
	inCheck := p.attacked(p.side)
	for _, m := range p.GenerateMoves(buf[:0], false) {
		if !p.mayExposeKing(m, inCheck) || !p.leavesKingAttacked(m) {
			return false
		}
	}
	return true
}
