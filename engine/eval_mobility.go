package engine

import "github.com/xqfyne/xiangqi/rules"

// Horse mobility: a horse whose legs are blocked may be worth far less
// than its table value. Rooks rely on their tables: a rook mobility bonus
// played worse (docs/engine-log.md, "Mobility").

// horseMobility[n] scores a horse with n moves that are not blocked by a leg
// or by a piece of its own side: hemmed-in horses are penalised.
var horseMobility = [9]int{-12, -6, -2, 0, 1, 2, 3, 4, 5}

// mobility returns c's horse-mobility score. Squares are stored as uint8,
// which index the [256] board arrays without bounds checks. Each horse has
// eight (leg, target) slots; a move counts when the leg and its target's
// own-side bit are both clear, which is tested without a branch (whether a
// horse's leg is blocked is close to a coin toss for the branch predictor).
func mobility(p *rules.Position, c rules.Color) int {
	b := p.Board()
	v := 0
	own := rules.SideTag(c)
	for _, sq := range p.PieceSquares(c, rules.Knight) {
		hm := &horseMoves[sq]
		n := uint32(0)
		for j := range hm.to {
			// 1 when leg|own bits is 0, else 0: subtracting 1 from zero sets the top bit.
			n += (uint32(b[hm.leg[j]]|b[hm.to[j]]&own) - 1) >> 31
		}
		v += horseMobility[n]
	}
	return v
}

// horseMoves[sq] lists a horse's moves from sq with their legs. Slots past
// the on-board moves point at sq itself, where the horse stands, so that
// they always count as blocked.
var horseMoves = buildHorseMoves()

type horseMoveList struct {
	leg, to [8]uint8
}

func buildHorseMoves() (table [256]horseMoveList) {
	legs := [4]rules.Square{-16, -1, 1, 16}
	through := [4][2]rules.Square{{-33, -31}, {-18, 14}, {-14, 18}, {31, 33}}
	for sq := rules.Square(0); sq < 256; sq++ {
		if !sq.OnBoard() {
			continue
		}
		hm := &table[sq]
		n := 0
		for i, leg := range legs {
			for _, d := range through[i] {
				if (sq + d).OnBoard() {
					hm.leg[n], hm.to[n] = uint8(sq+leg), uint8(sq+d)
					n++
				}
			}
		}
		for ; n < len(hm.to); n++ {
			hm.leg[n], hm.to[n] = uint8(sq), uint8(sq)
		}
	}
	return table
}
