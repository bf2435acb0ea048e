package rules

import (
	"fmt"
)

// Color is the side a piece belongs to, or the side to move.
type Color int8

// The two sides. Red moves first and sits at the bottom (ranks 0..4).
const (
	Red   Color = 0
	Black Color = 1
)

// Opponent returns the other side.
func (c Color) Opponent() Color { return c ^ 1 }

func (c Color) String() string {
	if c == Red {
		return "red"
	}
	return "black"
}

// PieceType is the kind of a piece, independent of its colour.
type PieceType int8

// Piece types in ElephantEye's order, which the Zobrist tables depend on.
const (
	King PieceType = iota
	Advisor
	Bishop // the elephant
	Knight // the horse
	Rook   // the chariot
	Cannon
	Pawn
	NumPieceTypes = 7
)

// Piece is a coloured piece: 0 for none, 8..14 for Red and 16..22 for Black
// (8 + 8*colour + type), the encoding of XQWLight.
type Piece int8

// NoPiece marks an empty square.
const NoPiece Piece = 0

// MakePiece builds a piece from its colour and type.
func MakePiece(c Color, t PieceType) Piece { return Piece(8 + 8*int(c) + int(t)) }

// SideTag is the bit all pieces of a side share (8 for Red, 16 for Black).
func SideTag(c Color) Piece { return Piece(8 + 8*int(c)) }

// Color returns the piece's side; meaningless for NoPiece.
func (p Piece) Color() Color { return Color((p >> 4) & 1) }

// Type returns the piece's kind; meaningless for NoPiece.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Index is the piece's row in the Zobrist and book tables: Red 0..6, Black 7..13.
func (p Piece) Index() int { return int(p.Type()) + 7*int(p.Color()) }

const fenLetters = "KABNRCP"

// FENChar returns the FEN letter of the piece: upper case for Red.
func (p Piece) FENChar() byte {
	c := fenLetters[p.Type()]
	if p.Color() == Black {
		c += 'a' - 'A'
	}
	return c
}

// Square indexes the 16x16 mailbox; only the 90 squares where OnBoard is
// true are part of the game.
type Square int

// NoSquare marks "no square" (square 0 of the mailbox is never on the board).
const NoSquare Square = 0

// Board geometry on the mailbox.
const (
	rankTop  = 3  // row of Black's back rank
	rankBot  = 12 // row of Red's back rank
	fileLeft = 3  // column of file a
	fileRght = 11 // column of file i
)

// Sq returns the square at the given file (0..8 = a..i) and rank (0..9, rank 0
// is Red's back rank).
func Sq(file, rank int) Square { return Square((rankBot-rank)*16 + fileLeft + file) }

// File returns 0..8 for files a..i.
func (s Square) File() int { return int(s&15) - fileLeft }

// Rank returns 0..9 counted from Red's back rank.
func (s Square) Rank() int { return rankBot - int(s>>4) }

func (s Square) row() int { return int(s >> 4) }
func (s Square) col() int { return int(s & 15) }

// OnBoard tells whether the square is one of the 90 points of the board.
func (s Square) OnBoard() bool { return s >= 0 && s < 256 && inBoard[s] }

// Mirror returns the square reflected left-right.
func (s Square) Mirror() Square { return Square(s&^15) | Square(14-int(s&15)) }

// Flip returns the square rotated by 180 degrees: Black's view of a table laid out for Red.
func (s Square) Flip() Square { return 254 - s }

// String gives the ICCS name of the square, such as "e0".
func (s Square) String() string {
	if !s.OnBoard() {
		return fmt.Sprintf("?%d", int(s))
	}
	return string([]byte{byte('a' + s.File()), byte('0' + s.Rank())})
}

// ParseSquare reads an ICCS square name such as "h2" (case-insensitive).
func ParseSquare(text string) (Square, error) {
	if len(text) != 2 {
		return 0, fmt.Errorf("square %s: want a file a-i and a rank 0-9", QuoteInput(text))
	}
	f, r := text[0]|0x20, text[1]
	if f < 'a' || f > 'i' {
		return 0, fmt.Errorf("square %s: file must be a-i", QuoteInput(text))
	}
	if r < '0' || r > '9' {
		return 0, fmt.Errorf("square %s: rank must be 0-9", QuoteInput(text))
	}
	return Sq(int(f-'a'), int(r-'0')), nil
}

// Precomputed board tables.
var (
	inBoard [256]bool
	inFort  [256]bool // inside either palace
	// homeHalf[c][sq] is true on c's side of the river.
	homeHalf [2][256]bool
)

func init() {
	for sq := 0; sq < 256; sq++ {
		r, c := sq>>4, sq&15
		if r < rankTop || r > rankBot || c < fileLeft || c > fileRght {
			continue
		}
		inBoard[sq] = true
		if c >= 6 && c <= 8 && (r <= 5 || r >= 10) {
			inFort[sq] = true
		}
		if r >= 8 {
			homeHalf[Red][sq] = true
		} else {
			homeHalf[Black][sq] = true
		}
	}
}

// Direction steps on the mailbox.
var (
	orthSteps   = [4]Square{-16, -1, 1, 16}
	diagSteps   = [4]Square{-17, -15, 15, 17}
	knightSteps = [4][2]Square{ // for each diagonal leg step, the two knight moves through it
		{-33, -18}, {-31, -14}, {14, 31}, {18, 33},
	}
)

// forward returns the step that moves a pawn of colour c ahead.
func forward(c Color) Square { return Square(-16 + 32*int(c)) }
