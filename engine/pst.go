package engine

// pieceValue[type][square] is a piece's worth in centipawn-like units from
// Red's point of view: material plus a positional bonus. Black pieces read the
// table through Square.flip. Position keeps the per-side sums up to date
// incrementally (Position.Material), which the evaluator builds on.
var pieceValue [NumPieceTypes][256]int

// pawnBonus is indexed [rank][file] from Red's side, rank 0 = Red's back rank:
// pawns gain worth as they cross the river and approach the palace.
var pawnBonus = [10][9]int{
	{0, 0, 0, 0, 0, 0, 0, 0, 0},
	{0, 0, 0, 0, 0, 0, 0, 0, 0},
	{0, 0, 0, 0, 0, 0, 0, 0, 0},
	{7, 0, 7, 0, 15, 0, 7, 0, 7},
	{7, 0, 13, 0, 16, 0, 13, 0, 7},
	{14, 18, 20, 27, 29, 27, 20, 18, 14},
	{19, 23, 27, 29, 30, 29, 27, 23, 19},
	{19, 24, 32, 37, 37, 37, 32, 24, 19},
	{19, 24, 34, 42, 44, 42, 34, 24, 19},
	{9, 9, 9, 11, 13, 11, 9, 9, 9},
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func init() {
	for _, sq := range boardSquares {
		f, r := sq.File(), sq.Rank()
		center := 4 - abs(f-4) // 0 on the edge files, 4 on the middle file
		pieceValue[Pawn][sq] = pawnBonus[r][f]
		pieceValue[Advisor][sq] = 20
		pieceValue[Bishop][sq] = 20
		if f == 4 && (r == 1 || r == 2) {
			pieceValue[Advisor][sq] = 23
			pieceValue[Bishop][sq] = 23
		}
		pieceValue[King][sq] = 0
		if inFort[sq] && r <= 2 {
			pieceValue[King][sq] = 11 - 3*r - abs(f-4) // safest at home on the middle file
		}
		// Horses like the centre and the squares just over the river.
		knight := 88 + 2*center
		switch {
		case r >= 5 && r <= 8:
			knight += 6 + 2*(r-5)
		case r == 0:
			knight -= 4
		}
		if r == 0 && (f == 4) {
			knight -= 6
		}
		pieceValue[Knight][sq] = knight
		// Rooks want open central files and the enemy half.
		rook := 200 + center
		if r >= 5 {
			rook += 6
		}
		if r == 9 || r == 0 {
			rook -= 4
		}
		pieceValue[Rook][sq] = rook
		// Cannons are best centred at home or on the opponent's back ranks.
		cannon := 96
		if f == 4 {
			cannon += 4
		}
		if r >= 7 {
			cannon += 3
		}
		pieceValue[Cannon][sq] = cannon
	}
}
