package nnue

import "github.com/xqfyne/xiangqi/rules"

// Feature-set constants (feature set 1 of the file format).
const (
	// KingBuckets is the number of palace squares a king can stand on once
	// the board is mirrored so that it is on the left half or centre file.
	KingBuckets = 6
	// SquareCount is the number of points on the board.
	SquareCount = 90
	// pieceKinds is piece type × colour relative to the perspective.
	pieceKinds = 2 * rules.NumPieceTypes
	// Inputs is the number of inputs per perspective.
	Inputs = KingBuckets * pieceKinds * SquareCount
	// featureSetID names this feature set in the file header.
	featureSetID = 1
)

// view is how perspective c sees the board: its king's bucket and whether
// files are mirrored.
type view struct {
	bucket int
	mirror bool
}

// Tables built once: orient[c][mirror][sq] is sq's index 0..89 from c's
// end (rank from c's back rank, times 9, plus the file, mirrored when
// asked); kingView[c][sq] is c's view with its king on sq.
var (
	orient   [2][2][256]uint8
	kingView [2][256]view
)

func init() {
	for c := rules.Red; c <= rules.Black; c++ {
		for file := 0; file < 9; file++ {
			for rank := 0; rank < 10; rank++ {
				sq := rules.Sq(file, rank)
				r := rank
				if c == rules.Black {
					r = 9 - rank
				}
				orient[c][0][sq] = uint8(r*9 + file)
				orient[c][1][sq] = uint8(r*9 + 8 - file)
				kingView[c][sq] = viewOf(file, r)
			}
		}
	}
}

// viewOf is the view of a king on file, at rank r counted from its own
// back rank. Kings stay in the palace (files 3..5, ranks 0..2); other
// squares, which FEN parsing never allows for a king, clamp to the nearest
// palace square so that every input stays in range.
func viewOf(file, r int) view {
	mirror := file > 4
	if mirror {
		file = 8 - file
	}
	file = min(max(file, 3), 4)
	r = min(max(r, 0), 2)
	return view{bucket: r*2 + file - 3, mirror: mirror}
}

// viewFor returns perspective c's view of p.
func viewFor(p *rules.Position, c rules.Color) view {
	return kingView[c][uint8(p.KingSquare(c))]
}

// feature returns the input index of piece pc on sq for perspective c with
// view v.
func feature(c rules.Color, v view, pc rules.Piece, sq rules.Square) int {
	rel := 0
	if pc.Color() != c {
		rel = 1
	}
	m := 0
	if v.mirror {
		m = 1
	}
	return (v.bucket*pieceKinds+rel*rules.NumPieceTypes+int(pc.Type()))*SquareCount + int(orient[c][m][uint8(sq)])
}

// ActiveFeatures appends the inputs that are on in p for perspective c
// (one per piece on the board) and returns the slice.
func ActiveFeatures(p *rules.Position, c rules.Color, buf []int) []int {
	v := viewFor(p, c)
	for pc := rules.Red; pc <= rules.Black; pc++ {
		for t := rules.King; t < rules.NumPieceTypes; t++ {
			piece := rules.MakePiece(pc, t)
			for _, sq := range p.PieceSquares(pc, t) {
				buf = append(buf, feature(c, v, piece, rules.Square(sq)))
			}
		}
	}
	return buf
}
