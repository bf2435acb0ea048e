package engine

import "github.com/xqfyne/xiangqi/rules"

// pieceValue[type][square] is a piece's worth from Red's point of view:
// material plus a positional bonus, on XQWLight's scale (a rook is worth
// about 200, a horse or cannon about 90-100, an advisor or elephant 20, a
// pawn 10 before and 20-45 after crossing the river), for the middlegame
// and the endgame packed into one number (packScore), so that one addition
// keeps both. Black pieces read the table through Square.Flip. The search
// keeps the per-side sums up to date move by move (materialSums); evaluate
// blends the two by the game phase.
//
// The tables (pst_tables.go) are fitted by cmd/tune to the results of
// 2264 games of this engine (the versions of the last few weeks) against
// ElephantEye, openings of 8 plies from its book, 2192 of them at 100 ms
// a move and 72 at 1 s (scripts/gen-tune-data.sh plays such games): 223230
// quiet positions, loss 0.1057 to 0.0991. Fitted on 20 of the 28 match
// files, the other 8, held out, went from 0.1048 to 0.0960. Entries moved
// 0.66 on average, at most 13: pawns at and across the river gained up to
// 7, and in the endgame advisors and elephants lost up to 13, so that the
// phase blend now matters. Against ElephantEye at 100 ms a move they
// scored 120/33/47 of 200 on new openings (seeds 53 and 54), 68.2 %, +133
// (+88 .. +182), where the hand-set tables had 105/35/60 (seeds 38 and
// 39), 61.3 %, and 61-63 % over about 800 games in all. At 1 s a move
// they scored 37/17/18 of 72, 63.2 %, +94 (+25 .. +171), and in two
// UCCILEAG leagues at 12 s + 0.2 s 16/14/10 of 40, 57.5 %, +52 (-33 ..
// +145), where the hand-set tables had 13/4/7 of 24 and 12/1/7 of 20:
// not shown worse at the longer times either. An earlier refit
// over 249504 quiet positions of 1965 games, 1459 of them fixed-node
// self-play and 506 against ElephantEye (loss 0.0797 to 0.0772, entries
// moved 0.44 on average, at most 9), scored 55.0 % over 320 self-play
// games at 100000 nodes, +35 (+2 .. +68), but against ElephantEye at
// 100 ms 111/27/62 of 200, 62.3 %, where the hand-set tables had
// 116/28/56, 65.0 %: not kept. Nor endgame tables on ElephantEye's
// endgame scale (rook 180-190, horse 87-100, cannon 100-106, pawns 28-35
// at home and up to 80 near the palace) in place of copies of the
// middlegame ones: 12/29/31 of 72 at 50000 nodes against the copies,
// 36.8 %, and with the pawn table alone 10/31/26 of 67, 38.1 % (both
// stopped).
var pieceValue [rules.NumPieceTypes][256]int

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
func phase(p *rules.Position) int {
	n := attackForce(p, rules.Red) + attackForce(p, rules.Black)
	return min(n, fullPhase)
}

// materialSums holds each side's packed sum of pieceValue over its pieces.
// The search keeps one per ply of its line, updated move by move
// (afterMove) rather than summed again at every node.
type materialSums [2]int

// materialOf sums the piece values of the position's pieces.
func materialOf(p *rules.Position) materialSums {
	var m materialSums
	for c := rules.Red; c <= rules.Black; c++ {
		for t := rules.King; t < rules.NumPieceTypes; t++ {
			for _, sq := range p.PieceSquares(c, t) {
				m[c] += pieceSquareValue(rules.MakePiece(c, t), rules.Square(sq))
			}
		}
	}
	return m
}

// pieceSquareValue is pc's packed value on sq; Black reads Red's table
// rotated.
func pieceSquareValue(pc rules.Piece, sq rules.Square) int {
	if pc.Color() == rules.Red {
		return pieceValue[pc.Type()][sq]
	}
	return pieceValue[pc.Type()][sq.Flip()]
}

// afterMove returns the sums after pc moves from one square to another,
// capturing what stood there (rules.NoPiece for nothing).
func (m materialSums) afterMove(pc, captured rules.Piece, from, to rules.Square) materialSums {
	c := pc.Color()
	m[c] += pieceSquareValue(pc, to) - pieceSquareValue(pc, from)
	if captured != rules.NoPiece {
		m[c^1] -= pieceSquareValue(captured, to)
	}
	return m
}

// middlegame returns the middlegame part of a side's packed sum.
func middlegame(v int) int {
	mg, _ := unpackScore(v)
	return mg
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
				pieceValue[t][rules.Sq(file, 9-row)] = packScore(pstMg[t][row][file], pstEg[t][row][file])
			}
		}
	}
}
