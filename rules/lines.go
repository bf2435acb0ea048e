package rules

// Occupancy of ranks and files as bit masks (the "bit-rank, bit-file" idea
// of ElephantEye), so that rooks and cannons find what they hit with one
// table lookup instead of walking the line square by square.

// lineHits says, for a square on a rank or file, where the pieces that
// matter to a rook and a cannon lie on each side: the index along the line
// of the first piece met (rook target, cannon screen) and of the second
// (cannon target), or -1 when there is none.
type lineHits struct {
	first, second [2]int8 // [0] towards lower indices, [1] towards higher
}

// rankHits[file][mask] for the 9 files and 9-bit rank masks; fileHits[rank
// row][mask] for the 10 rows and 10-bit file masks.
var (
	rankHits [9][1 << 9]lineHits
	fileHits [10][1 << 10]lineHits
)

func init() {
	fillLineHits(rankHits[:], 9)
	fillLineHits(fileHits[:], 10)
}

// fillLineHits computes the table for lines of n squares; table is indexed
// [position][mask] and must hold n rows of 1<<n entries.
func fillLineHits[T ~[1 << 9]lineHits | ~[1 << 10]lineHits](table []T, n int) {
	for pos := 0; pos < n; pos++ {
		for mask := 0; mask < 1<<n; mask++ {
			var h lineHits
			for dir, step := range [2]int{-1, 1} {
				h.first[dir], h.second[dir] = -1, -1
				found := 0
				for i := pos + step; i >= 0 && i < n; i += step {
					if mask&(1<<i) == 0 {
						continue
					}
					if found == 0 {
						h.first[dir] = int8(i)
					} else {
						h.second[dir] = int8(i)
						break
					}
					found++
				}
			}
			table[pos][mask] = h
		}
	}
}

// setOccupied and clearOccupied keep the masks in step with the board.
func (p *Position) setOccupied(sq Square) {
	p.rankBits[sq>>4] |= 1 << (sq & 15)
	p.fileBits[sq&15] |= 1 << (sq >> 4)
}

func (p *Position) clearOccupied(sq Square) {
	p.rankBits[sq>>4] &^= 1 << (sq & 15)
	p.fileBits[sq&15] &^= 1 << (sq >> 4)
}

// hitsOf returns the rank and file hits seen from sq.
func (p *Position) hitsOf(sq Square) (rank, file *lineHits) {
	r, c := int(sq>>4), int(sq&15)
	rank = &rankHits[c-fileLeft][(p.rankBits[r]>>fileLeft)&(1<<9-1)]
	file = &fileHits[r-rankTop][(p.fileBits[c]>>rankTop)&(1<<10-1)]
	return rank, file
}

// rankSquare and fileSquare turn a line index back into a square.
func rankSquare(sq Square, i int8) Square { return sq&^15 | Square(int(i)+fileLeft) }
func fileSquare(sq Square, i int8) Square { return Square((int(i)+rankTop)<<4) | sq&15 }
