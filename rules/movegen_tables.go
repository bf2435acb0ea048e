package rules

// Precomputed moves of the stepping pieces (king, advisor, elephant, horse,
// pawn) from every square, with the square that must be empty for each (an
// elephant's eye, a horse's leg), so that move generation does no geometry.

// stepList is the targets of one piece from one square: to[i] is reachable
// when block[i] is 0 (nothing can block) or an empty square.
type stepList struct {
	n     uint8
	to    [8]uint8
	block [8]uint8
}

func (l *stepList) push(to, block Square) {
	l.to[l.n], l.block[l.n] = uint8(to), uint8(block)
	l.n++
}

// stepTables holds the lists; filled once by init from the board geometry.
var stepTables struct {
	king, advisor, bishop, knight [256]stepList
	pawn                          [2][256]stepList
}

// This file's name sorts after board.go, whose init fills inBoard, inFort
// and homeHalf, which the tables are built from.
func init() {
	for _, sq := range boardSquares {
		for i, d := range orthSteps {
			if inFort[sq] && inFort[sq+d] {
				stepTables.king[sq].push(sq+d, 0)
			}
			if e := diagSteps[i]; inFort[sq] && inFort[sq+e] {
				stepTables.advisor[sq].push(sq+e, 0)
			}
			if e := diagSteps[i]; inBoard[sq+2*e] && homeHalf[Red][sq] == homeHalf[Red][sq+2*e] {
				stepTables.bishop[sq].push(sq+2*e, sq+e)
			}
			for _, k := range knightMoves[i] {
				if inBoard[sq+k] {
					stepTables.knight[sq].push(sq+k, sq+d)
				}
			}
		}
		for c := Red; c <= Black; c++ {
			l := &stepTables.pawn[c][sq]
			if to := sq + forward(c); inBoard[to] {
				l.push(to, 0)
			}
			if !homeHalf[c][sq] {
				for _, to := range [2]Square{sq - 1, sq + 1} {
					if inBoard[to] {
						l.push(to, 0)
					}
				}
			}
		}
	}
}
