package rules

// SquareAttacked reports whether a piece of side c attacks sq on the
// current board, as a capture onto sq would be made (pinned pieces count).
func (p *Position) SquareAttacked(sq Square, c Color) bool {
	b := &p.board
	tag := SideTag(c)
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
