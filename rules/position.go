package rules

// Position is a Xiangqi position together with the moves that led to it from
// the position it was set up with, which the repetition rules need.
type Position struct {
	board   [256]Piece
	side    Color
	kings   [2]Square // king squares, 0 when a side has no king (never in a valid FEN)
	zobrist zobristKey
	// pieceList[c][t] holds the squares of c's pieces of type t (the first
	// pieceCount[c][t] entries), so the evaluation need not scan the board.
	pieceList  [2][NumPieceTypes][maxPerType]uint8
	pieceCount [2][NumPieceTypes]uint8
	// rankBits[row] and fileBits[col] mark occupied squares (lines.go).
	rankBits, fileBits [16]uint16

	// counters restored by UnmakeMove
	halfmoves int // plies since the last capture (FEN halfmove clock)
	// checkFreePlies is the no-capture count as ElephantEye and its league
	// referee UCCILEAG keep it: moves that give check or answer one do not
	// count. It never exceeds halfmoves.
	checkFreePlies int
	startMoveNo    int // FEN fullmove number at setup
	startSide      Color

	history []undoRecord
}

// undoRecord keeps what UnmakeMove needs and what repetition judging reads.
type undoRecord struct {
	move     Move
	captured Piece
	check    bool // the move left the opponent in check
	key      uint32
	// checkFreePlies and halfmoves are the counters before the move.
	checkFreePlies int32
	halfmoves      int
}

// maxPerType bounds the pieces of one type a side can have (five pawns);
// FEN parsing enforces the real limits.
const maxPerType = 5

// Side returns the side to move.
func (p *Position) Side() Color { return p.side }

// At returns the piece on a square (NoPiece when empty or off the board).
func (p *Position) At(sq Square) Piece {
	if sq < 0 || sq > 255 {
		return NoPiece
	}
	return p.board[sq]
}

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return p.kings[c] }

// Key is the 32-bit Zobrist key used for repetition and hash-table indexing.
func (p *Position) Key() uint32 { return p.zobrist.key }

// Lock0 is the first 32-bit Zobrist check value.
func (p *Position) Lock0() uint32 { return p.zobrist.lock0 }

// Lock1 is the second 32-bit Zobrist check value; opening books are keyed on it.
func (p *Position) Lock1() uint32 { return p.zobrist.lock1 }

// Hash64 combines key and lock0 for 64-bit hash tables.
func (p *Position) Hash64() uint64 { return uint64(p.zobrist.key) | uint64(p.zobrist.lock0)<<32 }

// Board returns the mailbox: the piece on each of the 256 squares, NoPiece
// off the board. It is the position's own array, for reading only; the
// search reads it in its hot path, where At's range check would cost.
func (p *Position) Board() *[256]Piece { return &p.board }

// PieceSquares returns the squares of c's pieces of type t as mailbox
// indices (bytes, so that they index a [256] table without a bounds check),
// in no particular order. The slice is the position's own; read it only.
func (p *Position) PieceSquares(c Color, t PieceType) []uint8 {
	return p.pieceList[c][t][:p.pieceCount[c][t]]
}

// PieceCount returns how many pieces of type t side c has.
func (p *Position) PieceCount(c Color, t PieceType) int { return int(p.pieceCount[c][t]) }

// Ply is the number of moves (including null moves) made since setup.
func (p *Position) Ply() int { return len(p.history) }

// MoveLimitPlies is the natural move limit: 60 moves by each side (120
// plies) without a capture end the game in a draw.
const MoveLimitPlies = 120

// HalfmoveClock counts plies since the last capture.
func (p *Position) HalfmoveClock() int { return p.halfmoves }

// CheckFreeClock counts plies since the last capture that neither gave
// check nor answered one: the count ElephantEye and UCCILEAG draw by (at
// 100). A position set up from a FEN starts it at the halfmove clock.
func (p *Position) CheckFreeClock() int { return p.checkFreePlies }

// HasAttackers reports whether c has a rook, horse, cannon or pawn. Every
// pawn counts, crossed or not: a pawn still on its own side can advance
// and cross, so king and pawn against a bare king win. A side with only
// advisors and elephants can never win; with neither side able to, the
// game is drawn.
func (p *Position) HasAttackers(c Color) bool {
	n := &p.pieceCount[c]
	return n[Rook]|n[Knight]|n[Cannon]|n[Pawn] != 0
}

// FullmoveNumber is the FEN move number: it grows after each Black move.
func (p *Position) FullmoveNumber() int {
	return p.startMoveNo + (len(p.history)+int(p.startSide))/2
}

// LastMove returns the last move made, NoMove at setup or after a null move.
func (p *Position) LastMove() Move {
	if len(p.history) == 0 {
		return NoMove
	}
	return p.history[len(p.history)-1].move
}

// Moves returns the moves made since setup, oldest first (null moves as NoMove).
func (p *Position) Moves() []Move {
	ms := make([]Move, len(p.history))
	for i, h := range p.history {
		ms[i] = h.move
	}
	return ms
}

// Copy returns an independent deep copy, safe to hand to another goroutine.
func (p *Position) Copy() *Position {
	countCopy()
	c := *p
	c.history = make([]undoRecord, len(p.history), len(p.history)+64)
	copy(c.history, p.history)
	return &c
}

// ClearHistory forgets the moves made so far, keeping the current position:
// repetition is then judged from here on.
func (p *Position) ClearHistory() {
	p.startMoveNo = p.FullmoveNumber()
	p.startSide = p.side
	p.history = p.history[:0]
}

func (p *Position) addPiece(sq Square, pc Piece) {
	p.board[sq] = pc
	p.setOccupied(sq)
	c := pc.Color()
	p.zobrist.xor(&zobristPieces[pc.Index()][sq])
	if pc.Type() == King {
		p.kings[c] = sq
	}
	p.listAdd(c, pc.Type(), sq)
}

// listAdd, listDel and listMove keep the piece lists in step with the board.
func (p *Position) listAdd(c Color, t PieceType, sq Square) {
	if n := p.pieceCount[c][t]; int(n) < maxPerType {
		p.pieceList[c][t][n] = uint8(sq)
		p.pieceCount[c][t] = n + 1
	}
}

func (p *Position) listDel(c Color, t PieceType, sq Square) {
	list := &p.pieceList[c][t]
	n := int(p.pieceCount[c][t])
	for i := 0; i < n; i++ {
		if list[i] == uint8(sq) {
			list[i] = list[n-1]
			p.pieceCount[c][t] = uint8(n - 1)
			return
		}
	}
}

func (p *Position) listMove(c Color, t PieceType, from, to Square) {
	list := &p.pieceList[c][t]
	for i := 0; i < int(p.pieceCount[c][t]); i++ {
		if list[i] == uint8(from) {
			list[i] = uint8(to)
			return
		}
	}
}

func (p *Position) delPiece(sq Square, pc Piece) {
	p.board[sq] = NoPiece
	p.clearOccupied(sq)
	c := pc.Color()
	p.zobrist.xor(&zobristPieces[pc.Index()][sq])
	p.listDel(c, pc.Type(), sq)
}

// movePiece moves pc from one empty-or-vacated square to an empty one,
// updating the piece list in place.
func (p *Position) movePiece(from, to Square, pc Piece) {
	c, t := pc.Color(), pc.Type()
	p.board[from] = NoPiece
	p.board[to] = pc
	p.clearOccupied(from)
	p.setOccupied(to)
	p.zobrist.xor(&zobristPieces[pc.Index()][from])
	p.zobrist.xor(&zobristPieces[pc.Index()][to])
	if t == King {
		p.kings[c] = to
	}
	p.listMove(c, t, from, to)
}

func (p *Position) changeSide() {
	p.side ^= 1
	p.zobrist.xor(&zobristSide)
}

// MakeMove plays a pseudo-legal move. It returns false, leaving the position
// unchanged, if the move would leave the mover's own king attacked. The move
// must be pseudo-legal (see IsPseudoLegal); moves from user input should go
// through IsLegal first.
func (p *Position) MakeMove(m Move) bool {
	from, to := m.From(), m.To()
	key := p.zobrist.key
	pc := p.board[from]
	captured := p.board[to]
	// Most moves cannot expose the own king; only those need the full test.
	inCheck := p.InCheck()
	mayExpose := p.mayExposeKing(m, inCheck)
	if captured != NoPiece {
		p.delPiece(to, captured)
	}
	p.movePiece(from, to, pc)
	if mayExpose && p.attacked(p.side) {
		p.movePiece(to, from, pc)
		if captured != NoPiece {
			p.addPiece(to, captured)
		}
		return false
	}
	p.changeSide()
	rec := undoRecord{move: m, captured: captured, key: key, halfmoves: p.halfmoves, checkFreePlies: int32(p.checkFreePlies)}
	rec.check = MayGiveCheck(from, to, pc, p.kings[p.side]) && p.attacked(p.side)
	switch {
	case captured != NoPiece:
		p.halfmoves, p.checkFreePlies = 0, 0
	case rec.check || inCheck:
		p.halfmoves++
	default:
		p.halfmoves++
		p.checkFreePlies++
	}
	p.history = append(p.history, rec)
	return true
}

// KeyAfter returns the Zobrist key the position would have after the
// pseudo-legal move m, without making it (to prefetch its hash bucket).
func (p *Position) KeyAfter(m Move) uint32 {
	from, to := m.From(), m.To()
	pc := p.board[from]
	k := p.zobrist.key ^ zobristSide.key ^ zobristPieces[pc.Index()][from].key ^ zobristPieces[pc.Index()][to].key
	if c := p.board[to]; c != NoPiece {
		k ^= zobristPieces[c.Index()][to].key
	}
	return k
}

// MayGiveCheck is a cheap filter before the full test: a move can only check
// the king on k if it leaves or enters k's rank or file (a rook, cannon or
// king line, or a cannon's new screen), leaves a square diagonally next to k
// (a horse's leg), or puts a horse where it attacks k (a pawn next to k
// shares its rank or file).
func MayGiveCheck(from, to Square, pc Piece, k Square) bool {
	if k == 0 {
		return false
	}
	kr, kc := k.row(), k.col()
	if from.row() == kr || from.col() == kc || to.row() == kr || to.col() == kc {
		return true
	}
	switch d := from - k; d {
	case -17, -15, 15, 17:
		return true
	}
	if pc.Type() == Knight {
		switch to - k {
		case -33, -31, -18, -14, 14, 18, 31, 33:
			return true
		}
	}
	return false
}

// UnmakeMove takes back the last MakeMove or MakeNullMove.
func (p *Position) UnmakeMove() {
	n := len(p.history)
	if n == 0 {
		return
	}
	rec := p.history[n-1]
	p.history = p.history[:n-1]
	p.changeSide()
	p.halfmoves, p.checkFreePlies = rec.halfmoves, int(rec.checkFreePlies)
	if rec.move == NoMove {
		return
	}
	from, to := rec.move.From(), rec.move.To()
	pc := p.board[to]
	p.movePiece(to, from, pc)
	if rec.captured != NoPiece {
		p.addPiece(to, rec.captured)
	}
}

// MakeNullMove passes the turn (for null-move pruning). It must not be used
// while in check.
func (p *Position) MakeNullMove() {
	p.history = append(p.history, undoRecord{key: p.zobrist.key, halfmoves: p.halfmoves, checkFreePlies: int32(p.checkFreePlies)})
	p.changeSide()
}

// UnmakeNullMove takes back MakeNullMove.
func (p *Position) UnmakeNullMove() { p.UnmakeMove() }

// InCheck tells whether the side to move is in check. It reads the flag the
// last move stored when there is one.
func (p *Position) InCheck() bool {
	if n := len(p.history); n > 0 && p.history[n-1].move != NoMove {
		return p.history[n-1].check
	}
	return p.attacked(p.side)
}

// attacked reports whether c's king is attacked, looking outward from the king
// as a rook, cannon, horse and pawn would (the flying-general rule included).
func (p *Position) attacked(c Color) bool {
	k := p.kings[c]
	if k == 0 {
		return false
	}
	opp := SideTag(c.Opponent())
	b := &p.board
	// Pawns: ahead of the king and beside it.
	oppPawn := opp + Piece(Pawn)
	if b[k+forward(c)] == oppPawn || b[k-1] == oppPawn || b[k+1] == oppPawn {
		return true
	}
	if p.horseAttacks(k, opp+Piece(Knight)) {
		return true
	}
	// Lines: rooks and the enemy king (flying general) on the first piece met,
	// cannons on the second.
	return p.lineAttacks(k, opp+Piece(Rook), opp+Piece(King), opp+Piece(Cannon))
}

// horseAttacks reports whether the given horse attacks sq: the leg of a horse
// attacking sq is the empty square diagonally next to sq.
func (p *Position) horseAttacks(sq Square, horse Piece) bool {
	b := &p.board
	for i, d := range diagSteps {
		if b[sq+d] != NoPiece {
			continue
		}
		if b[sq+knightSteps[i][0]] == horse || b[sq+knightSteps[i][1]] == horse {
			return true
		}
	}
	return false
}

// lineAttacks looks out from sq along rank and file: the first piece met
// attacks sq if it is first or firstToo (a rook, or the flying general), the
// piece behind it if it is second (a cannon over its screen).
func (p *Position) lineAttacks(sq Square, first, firstToo, second Piece) bool {
	b := &p.board
	rank, file := p.hitsOf(sq)
	for dir := 0; dir < 2; dir++ {
		if i := rank.first[dir]; i >= 0 {
			if pc := b[rankSquare(sq, i)]; pc == first || pc == firstToo {
				return true
			}
			if j := rank.second[dir]; j >= 0 && b[rankSquare(sq, j)] == second {
				return true
			}
		}
		if i := file.first[dir]; i >= 0 {
			if pc := b[fileSquare(sq, i)]; pc == first || pc == firstToo {
				return true
			}
			if j := file.second[dir]; j >= 0 && b[fileSquare(sq, j)] == second {
				return true
			}
		}
	}
	return false
}
