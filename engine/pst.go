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
// The tables (pst_tables.go) are fitted by cmd/tune to games of this
// engine against ElephantEye (scripts/gen-tune-data.sh plays such games);
// the fit, its matches and the refits not kept are in docs/engine-log.md,
// "Piece-square tables".
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
	return phaseOf(attackForce(p, rules.Red), attackForce(p, rules.Black))
}

// phaseOf returns the game phase given both sides' attackForce.
func phaseOf(red, black int) int { return min(red+black, fullPhase) }

// materialSums holds each side's packed sum of pieceValue over its pieces.
// The search keeps one per ply of its line, updated move by move
// (worker.makeMove) rather than summed again at every node.
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

// pieceSquareValues[pc][sq] is pieceValue for the piece pc on sq, Black's
// read through Square.Flip. It is indexed by the piece itself (5 bits) and
// the square's byte, so the search's update after each move needs neither
// a colour test nor a bounds check.
var pieceSquareValues [32][256]int

// pieceSquareValue is pc's packed value on sq.
func pieceSquareValue(pc rules.Piece, sq rules.Square) int {
	return pieceSquareValues[pc&31][uint8(sq)]
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
	for t := rules.King; t < rules.NumPieceTypes; t++ {
		red, black := rules.MakePiece(rules.Red, t), rules.MakePiece(rules.Black, t)
		for sq := rules.Square(0); sq < 256; sq++ {
			if sq.OnBoard() {
				pieceSquareValues[red][sq] = pieceValue[t][sq]
				pieceSquareValues[black][sq] = pieceValue[t][sq.Flip()]
			}
		}
	}
}
