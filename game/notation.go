package game

import (
	"strings"

	"github.com/xqfyne/xiangqi/rules"
)

// Notation selects a way of writing moves.
type Notation uint8

const (
	// Chinese is the traditional notation: 炮二平五 for Red (Chinese
	// numerals, files counted from Red's right) and 马２进３ for Black
	// (digits, files counted from Black's right). Black's digits are
	// written full-width, as in Chinese game records; parsing accepts
	// ASCII digits too.
	Chinese Notation = iota
	// WXF is the World Xiangqi Federation notation: C2=5, H8+7; a tandem
	// piece replaces its file digit with + (front) or - (rear): C+=5.
	WXF
	// ICCS is the coordinate notation h2e2.
	ICCS
)

// String names the notation.
func (n Notation) String() string {
	switch n {
	case Chinese:
		return "Chinese"
	case WXF:
		return "WXF"
	case ICCS:
		return "ICCS"
	}
	return "unknown"
}

// moveDesc is the notation-independent description of a move as players
// name it: which piece (by type, file and place among tandem pieces), which
// direction, and the step count or destination file. Files are 1..9 counted
// from the mover's right.
type moveDesc struct {
	side                  rules.Color
	piece                 rules.PieceType
	file                  int  // file of the moving piece, 1..9 from the mover's right
	tandemIdx             int  // 0 = front-most among same pieces on that file
	tandemN               int  // number of same pieces on that file (1 = alone)
	pawnsTandemOnTwoFiles bool // another file also has several of the mover's pawns
	dir                   byte // '+' forward, '-' backward, '=' sideways
	arg                   int  // steps for straight moves, else destination file
	diagonalTandem        bool // advisor/bishop sharing its file (prefix form is also accepted)
}

// sideFile converts a board file (0..8 = a..i) to the mover's file number.
func sideFile(c rules.Color, file int) int {
	if c == rules.Red {
		return 9 - file
	}
	return file + 1
}

// forward reports how many ranks a move from rank r0 to r1 goes towards
// the opponent for side c (negative = backwards).
func forward(c rules.Color, r0, r1 int) int {
	if c == rules.Red {
		return r1 - r0
	}
	return r0 - r1
}

// describe builds the description of move m in pos. m must be a move of a
// piece of the side to move.
func describe(pos *rules.Position, m rules.Move) moveDesc {
	from, to := m.From(), m.To()
	pc := pos.At(from)
	side := pc.Color()
	d := moveDesc{side: side, piece: pc.Type(), file: sideFile(side, from.File())}

	// Same pieces on the moving piece's file, counted from the front.
	for rank := 0; rank < 10; rank++ {
		if pos.At(rules.Sq(from.File(), rank)) != pc {
			continue
		}
		d.tandemN++
		if forward(side, from.Rank(), rank) > 0 {
			d.tandemIdx++
		}
	}
	if d.piece == rules.Pawn && d.tandemN > 1 {
		for file := 0; file < 9; file++ {
			if file != from.File() && countOnFile(pos, pc, file) > 1 {
				d.pawnsTandemOnTwoFiles = true
			}
		}
	}
	if (d.piece == rules.Advisor || d.piece == rules.Bishop) && d.tandemN > 1 {
		// Advisors and bishops move diagonally, so file + direction +
		// destination already names the piece; the file form is used.
		d.diagonalTandem = true
	}

	steps := forward(side, from.Rank(), to.Rank())
	switch {
	case steps > 0:
		d.dir = '+'
	case steps < 0:
		d.dir = '-'
	default:
		d.dir = '='
	}
	switch {
	case d.dir == '=':
		d.arg = sideFile(side, to.File())
	case d.piece == rules.Knight || d.piece == rules.Advisor || d.piece == rules.Bishop:
		d.arg = sideFile(side, to.File())
	default:
		d.arg = abs(steps)
	}
	return d
}

func countOnFile(pos *rules.Position, pc rules.Piece, file int) int {
	n := 0
	for rank := 0; rank < 10; rank++ {
		if pos.At(rules.Sq(file, rank)) == pc {
			n++
		}
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// FormatMove writes move m, a legal move in pos, in the given notation.
func FormatMove(pos *rules.Position, m rules.Move, style Notation) string {
	if style == ICCS {
		return m.String()
	}
	if pos.At(m.From()) == rules.NoPiece {
		return m.String()
	}
	d := describe(pos, m)
	if style == WXF {
		return d.wxf(false)
	}
	return d.chinese(false)
}

var (
	redPieceChars   = [7]string{"帅", "仕", "相", "马", "车", "炮", "兵"}
	blackPieceChars = [7]string{"将", "士", "象", "马", "车", "炮", "卒"}
	redNumerals     = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	blackNumerals   = [10]string{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
	wxfPieceLetters = [7]byte{'K', 'A', 'E', 'H', 'R', 'C', 'P'}
	chineseDirs     = map[byte]string{'+': "进", '-': "退", '=': "平"}
)

// numeralOf writes file or step number n (1..9) as side c writes it.
func numeralOf(c rules.Color, n int) string {
	if c == rules.Red {
		return redNumerals[n]
	}
	return blackNumerals[n]
}

func (d moveDesc) numeral(n int) string { return numeralOf(d.side, n) }

func (d moveDesc) pieceChar() string { return PieceChar(rules.MakePiece(d.side, d.piece)) }

// PieceChar returns the character of a piece as records and boards write it (帅, 将,
// 马...), or "" for no piece.
func PieceChar(p rules.Piece) string {
	switch {
	case p == rules.NoPiece:
		return ""
	case p.Color() == rules.Red:
		return redPieceChars[p.Type()]
	}
	return blackPieceChars[p.Type()]
}

// FileNumeral returns the number of board file (0..8 = a..i) as side c counts it, from
// its own right: Red writes 九..一 for a..i, Black １..９.
func FileNumeral(c rules.Color, file int) string {
	if file < 0 || file > 8 {
		return ""
	}
	return numeralOf(c, sideFile(c, file))
}

// ordinal names the place of a tandem piece: 前/后 for two, 前/中/后 for
// three, 一..五 counted from the front for four or five.
func ordinal(idx, n int) string {
	switch {
	case n == 2:
		return [...]string{"前", "后"}[idx]
	case n == 3:
		return [...]string{"前", "中", "后"}[idx]
	}
	return [...]string{"一", "二", "三", "四", "五"}[idx]
}

// chinese renders the description. With prefixForm, advisors and bishops
// sharing a file use 前/后 instead of their file (accepted when parsing).
func (d moveDesc) chinese(prefixForm bool) string {
	var b strings.Builder
	switch {
	case d.tandemN < 2 || (d.diagonalTandem && !prefixForm):
		b.WriteString(d.pieceChar())
		b.WriteString(d.numeral(d.file))
	case d.pawnsTandemOnTwoFiles:
		b.WriteString(ordinal(d.tandemIdx, d.tandemN))
		b.WriteString(d.numeral(d.file))
	default:
		b.WriteString(ordinal(d.tandemIdx, d.tandemN))
		b.WriteString(d.pieceChar())
	}
	b.WriteString(chineseDirs[d.dir])
	b.WriteString(d.numeral(d.arg))
	return b.String()
}

// wxf renders the description in WXF notation: the piece letter, its file
// (or + / - for a tandem piece), the direction and the step count or
// destination file. Tandem pawns follow the WXF rules: the middle one of
// three uses its file, four or five use ++ and -- for the outermost, and
// with tandem pawns on two files the file digit replaces the letter.
func (d moveDesc) wxf(prefixForm bool) string {
	letter := string(wxfPieceLetters[d.piece])
	digit := string(rune('0' + d.file))
	var head string
	switch {
	case d.tandemN < 2 || (d.diagonalTandem && !prefixForm):
		head = letter + digit
	case d.piece != rules.Pawn:
		head = letter + [...]string{"+", "-"}[d.tandemIdx]
	default:
		head = wxfPawnHead(d, letter, digit)
	}
	return head + string(d.dir) + string(rune('0'+d.arg))
}

func wxfPawnHead(d moveDesc, letter, digit string) string {
	first := letter
	if d.pawnsTandemOnTwoFiles {
		first = digit
	}
	switch d.tandemN {
	case 2:
		return first + [...]string{"+", "-"}[d.tandemIdx]
	case 3:
		return first + [...]string{"+", digit, "-"}[d.tandemIdx]
	case 4:
		return [...]string{"++", letter + "+", letter + "-", "--"}[d.tandemIdx]
	}
	return [...]string{"++", letter + "+", letter + digit, letter + "-", "--"}[d.tandemIdx]
}

// ICCSLine writes moves in ICCS separated by spaces ("h2e2 h9g7").
func ICCSLine(moves []rules.Move) string {
	b := make([]byte, 0, 5*len(moves))
	for i, m := range moves {
		if i > 0 {
			b = append(b, ' ')
		}
		b = appendICCS(b, m)
	}
	return string(b)
}

// appendICCS appends a move in ICCS ("h2e2"), as rules.Move.String writes a move on
// the board, without allocating.
func appendICCS(b []byte, m rules.Move) []byte {
	if !m.From().OnBoard() || !m.To().OnBoard() {
		return append(b, m.String()...)
	}
	return append(b, byte('a'+m.From().File()), byte('0'+m.From().Rank()), byte('a'+m.To().File()), byte('0'+m.To().Rank()))
}
