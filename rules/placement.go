package rules

// PlacementAllowed reports whether piece p can ever stand on sq in a game: a king in its
// palace, an advisor or elephant on one of its points, a pawn not behind its start rank
// and, before it crosses the river, on one of the five pawn files. ParseFEN refuses
// positions that break it; a board editor asks it before that.
func PlacementAllowed(p Piece, sq Square) bool {
	return p != NoPiece && sq.OnBoard() && placementAllowed(p.Color(), p.Type(), sq)
}

// MaxPieces is how many pieces of type t one side has in a set (1 king, 5 pawns, 2 of
// each other kind).
func MaxPieces(t PieceType) int {
	if t < 0 || t >= NumPieceTypes {
		return 0
	}
	return maxPieces[t]
}
