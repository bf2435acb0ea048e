package engine

// A cheap static exchange test for the quiescence search: a capture by a
// piece worth more than its victim, onto a square the opponent defends,
// loses material on the exchange (at best the victim for the attacker), so
// quiescence skips it.

// exchangeValue is a rough piece value for exchange decisions; the king
// is 0 because a king capture onto a defended square is illegal anyway.
var exchangeValue = [NumPieceTypes]int{
	King: 0, Advisor: 20, Bishop: 20, Knight: 90, Rook: 200, Cannon: 95, Pawn: 20,
}

// losingCaptureCandidate tells whether a capture could lose material: the
// attacker is worth clearly more than the victim. Only then is it worth
// asking whether the square is defended.
func losingCaptureCandidate(p *Position, m Move) bool {
	attacker := p.board[m.From()].Type()
	victim := p.board[m.To()].Type()
	return exchangeValue[attacker] > exchangeValue[victim]+10
}

// squareAttacked reports whether a piece of side c attacks sq on the
// current board (as a capture onto sq would be made).
func squareAttacked(p *Position, sq Square, c Color) bool {
	b := &p.board
	tag := sideTag(c)
	// Pawns: from behind sq (seen from c), or beside it once across the river.
	pawn := tag + Piece(Pawn)
	if b[sq-forward(c)] == pawn {
		return true
	}
	if b[sq-1] == pawn && !homeHalf[c][sq-1] || b[sq+1] == pawn && !homeHalf[c][sq+1] {
		return true
	}
	if p.horseAttacks(sq, tag+Piece(Knight)) {
		return true
	}
	// Palace pieces: king next to sq, advisors diagonally next to it.
	if inFort[sq] && homeHalf[c][sq] {
		king, advisor := tag+Piece(King), tag+Piece(Advisor)
		for i := range orthSteps {
			if b[sq+orthSteps[i]] == king || b[sq+diagSteps[i]] == advisor {
				return true
			}
		}
	}
	// Elephants: two diagonal steps with an empty eye, on their own side.
	if homeHalf[c][sq] {
		bishop := tag + Piece(Bishop)
		for _, d := range diagSteps {
			if b[sq+2*d] == bishop && b[sq+d] == NoPiece && inBoard[sq+2*d] {
				return true
			}
		}
	}
	// Lines: a rook on the first piece met, a cannon on the second.
	rook := tag + Piece(Rook)
	return p.lineAttacks(sq, rook, rook, tag+Piece(Cannon))
}
