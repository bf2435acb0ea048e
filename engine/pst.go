package engine

// pieceValue[type][square] is a piece's worth from Red's point of view:
// material plus a positional bonus, on XQWLight's scale (a rook is worth
// about 200, a horse or cannon about 90-100, an advisor or elephant 20, a
// pawn 10 before and 20-45 after crossing the river), for the middlegame
// and the endgame packed into one number (packScore), so that one addition
// keeps both. Black pieces read the table through Square.flip. Position
// keeps the per-side sums up to date incrementally; Evaluate blends the two
// by the game phase.
//
// The tables (pst_tables.go) are still the hand-set ones. A Texel refit by
// cmd/tune over 249504 quiet positions of 1965 games (1459 of fixed-node
// self-play with book openings, 506 against ElephantEye; loss 0.0797 to
// 0.0772, entries moved 0.44 on average, at most 9) scored 55.0 % over 320
// self-play games at 100000 nodes, +35 (+2 .. +68), but against ElephantEye
// at 100 ms a move 111/27/62 of 200, 62.3 %, where the hand-set tables have
// 116/28/56, 65.0 %: not shown better, so not kept. Nor endgame tables
// on ElephantEye's endgame scale (rook 180-190, horse 87-100, cannon
// 100-106, pawns 28-35 at home and up to 80 near the palace) in place of
// the copies of the middlegame ones: 12/29/31 of 72 at 50000 nodes against
// the copies, 36.8 %, and with the pawn table alone 10/31/26 of 67, 38.1 %
// (both stopped). The endgame halves are still equal to the middlegame
// ones, so the phase blend does nothing yet.
var pieceValue [NumPieceTypes][256]int

// packScore packs a middlegame and an endgame value; sums and differences
// of packed values are the packed sums and differences.
func packScore(mg, eg int) int { return eg<<32 + mg }

// unpackScore undoes packScore.
func unpackScore(v int) (mg, eg int) {
	mg = int(int32(uint32(v)))
	return mg, (v - mg) >> 32
}

// The game phase runs from 0 (no rooks, horses or cannons left) to
// fullPhase (all of them): a rook counts 2, a horse or cannon 1.
const fullPhase = 16

// phase returns the game phase of the position.
func (p *Position) phase() int {
	n := p.attackForce(Red) + p.attackForce(Black)
	return min(n, fullPhase)
}

// taper blends a packed score by the phase.
func taper(v, phase int) int {
	mg, eg := unpackScore(v)
	return (mg*phase + eg*(fullPhase-phase)) / fullPhase
}

// boardTable is laid out as the board is seen from Red's side: the first
// row is rank 9 (Black's back rank), the last row rank 0.
type boardTable [10][9]int

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func init() {
	for t := range pstMg {
		for row := range pstMg[t] {
			for file := range pstMg[t][row] {
				pieceValue[t][Sq(file, 9-row)] = packScore(pstMg[t][row][file], pstEg[t][row][file])
			}
		}
	}
}
