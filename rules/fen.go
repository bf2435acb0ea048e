package rules

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxFENCounter bounds both FEN counters, the halfmove clock and the move
// number, as ParseFEN reads them and as FEN writes them: a position more
// moves than that into a game writes the bound, so that what one writes
// the other reads. Neither counter means anything to the rules that far
// into a game.
const MaxFENCounter = 10000

// StartFEN is the initial Xiangqi position.
const StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// NewPosition returns the initial position.
func NewPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil { // the constant is valid; this guards edits to it
		panic("rules: StartFEN does not parse: " + err.Error())
	}
	return p
}

// pieceTypeFromFEN maps FEN letters to types; E and H are accepted as the
// elephant and horse letters some programs write.
func pieceTypeFromFEN(c byte) (PieceType, bool) {
	switch c | 0x20 {
	case 'k':
		return King, true
	case 'a':
		return Advisor, true
	case 'b', 'e':
		return Bishop, true
	case 'n', 'h':
		return Knight, true
	case 'r':
		return Rook, true
	case 'c':
		return Cannon, true
	case 'p':
		return Pawn, true
	}
	return 0, false
}

// maxPieces is how many pieces of each type one side has in a set.
var maxPieces = [NumPieceTypes]int{1, 2, 2, 2, 2, 2, 5}

// ParseFEN reads a position in FEN. The side to move may be w, r (Red) or b;
// the halfmove clock and move number are optional. The position must be one
// that can arise in a game: one king per side inside its palace, no more
// pieces than a set has, advisors, elephants and pawns on squares they can
// reach, kings not facing, and the side that just moved not in check.
func ParseFEN(fen string) (*Position, error) {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return nil, fmt.Errorf("FEN is empty")
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 10 {
		return nil, fmt.Errorf("FEN: 10 ranks expected, found %d", len(rows))
	}
	p := &Position{startMoveNo: 1}
	var counts [2][NumPieceTypes]int
	for i, row := range rows {
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '9' {
				file += int(c - '0')
				if file > 9 {
					return nil, fmt.Errorf("FEN: rank %d is longer than 9 files", 10-i)
				}
				continue
			}
			t, ok := pieceTypeFromFEN(c)
			if !ok {
				r, _ := utf8.DecodeRuneInString(row[j:])
				return nil, fmt.Errorf("FEN: rank %d: unknown piece letter %s", 10-i, QuoteInput(string(r)))
			}
			if file >= 9 {
				return nil, fmt.Errorf("FEN: rank %d is longer than 9 files", 10-i)
			}
			color := Red
			if c >= 'a' {
				color = Black
			}
			counts[color][t]++
			if counts[color][t] > maxPieces[t] {
				return nil, fmt.Errorf("FEN: %s has more than %d %s", color, maxPieces[t], pieceTypeNames[t])
			}
			sq := Sq(file, 9-i)
			if !placementAllowed(color, t, sq) {
				return nil, fmt.Errorf("FEN: %s %s cannot stand on %s", color, pieceTypeNames[t], sq)
			}
			p.addPiece(sq, MakePiece(color, t))
			file++
		}
		if file != 9 {
			return nil, fmt.Errorf("FEN: rank %d has %d files, 9 expected", 10-i, file)
		}
	}
	if counts[Red][King] != 1 || counts[Black][King] != 1 {
		return nil, fmt.Errorf("FEN: each side needs exactly one king")
	}
	if len(fields) > 1 {
		switch strings.ToLower(fields[1]) {
		case "w", "r":
			p.side = Red
		case "b":
			p.side = Black
			p.zobrist.xor(&zobristSide)
		default:
			return nil, fmt.Errorf("FEN: side to move %s must be w, r or b", QuoteInput(fields[1]))
		}
	}
	p.startSide = p.side
	if len(fields) > 4 {
		n, err := parseCounter(fields[4], 0)
		if err != nil {
			return nil, fmt.Errorf("FEN: halfmove clock %v", err)
		}
		p.halfmoves, p.checkFreePlies = n, n
	}
	if len(fields) > 5 {
		n, err := parseCounter(fields[5], 1)
		if err != nil {
			return nil, fmt.Errorf("FEN: move number %v", err)
		}
		p.startMoveNo = n
	}
	if len(fields) > 6 {
		return nil, fmt.Errorf("FEN: unexpected text after the move number: %s", QuoteInput(fields[6]))
	}
	if p.attacked(p.side.Opponent()) {
		return nil, fmt.Errorf("FEN: the side not to move is in check (or the kings face each other)")
	}
	return p, nil
}

// parseCounter reads a FEN counter from least to MaxFENCounter.
func parseCounter(text string, least int) (int, error) {
	digits := strings.Trim(text, "0123456789") == ""
	n, err := strconv.Atoi(text)
	switch {
	case digits && (err != nil || n > MaxFENCounter):
		return 0, fmt.Errorf("%s is larger than %d", QuoteInput(text), MaxFENCounter)
	case err != nil || n < least:
		return 0, fmt.Errorf("%s is not a number from %d to %d", QuoteInput(text), least, MaxFENCounter)
	}
	return n, nil
}

var pieceTypeNames = [NumPieceTypes]string{"king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"}

func (t PieceType) String() string {
	if t < 0 || t >= NumPieceTypes {
		return "?"
	}
	return pieceTypeNames[t]
}

// placementAllowed rejects squares a piece can never reach in a game, which
// also keeps move generation inside its tables.
func placementAllowed(c Color, t PieceType, sq Square) bool {
	switch t {
	case King:
		return inFort[sq] && homeHalf[c][sq]
	case Advisor:
		return advisorSquare(c, sq)
	case Bishop:
		return homeHalf[c][sq] && bishopSquare(c, sq)
	case Pawn:
		r := sq.Rank()
		if c == Black {
			r = 9 - r
		}
		if r < 3 {
			return false
		}
		if r < 5 { // not yet across the river: only the five starting files
			return sq.File()%2 == 0
		}
		return true
	}
	return true
}

func advisorSquare(c Color, sq Square) bool {
	f, r := sq.File(), sq.Rank()
	if c == Black {
		r = 9 - r
	}
	return (f == 4 && r == 1) || ((f == 3 || f == 5) && (r == 0 || r == 2))
}

func bishopSquare(c Color, sq Square) bool {
	f, r := sq.File(), sq.Rank()
	if c == Black {
		r = 9 - r
	}
	switch r {
	case 0, 4:
		return f == 2 || f == 6
	case 2:
		return f == 0 || f == 4 || f == 8
	}
	return false
}

// FEN writes the position in the standard form, e.g. StartFEN.
func (p *Position) FEN() string {
	var sb strings.Builder
	for rank := 9; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 9; file++ {
			pc := p.board[Sq(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pc.FENChar())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	if p.side == Red {
		sb.WriteString(" w - - ")
	} else {
		sb.WriteString(" b - - ")
	}
	sb.WriteString(strconv.Itoa(min(p.halfmoves, MaxFENCounter)))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(min(p.FullmoveNumber(), MaxFENCounter)))
	return sb.String()
}

// Mirror returns the position reflected left-right, without history.
func (p *Position) Mirror() *Position {
	m := &Position{side: p.side, halfmoves: p.halfmoves, checkFreePlies: p.checkFreePlies, startSide: p.side, startMoveNo: p.FullmoveNumber()}
	for _, sq := range boardSquares {
		if pc := p.board[sq]; pc != NoPiece {
			m.addPiece(sq.Mirror(), pc)
		}
	}
	if p.side == Black {
		m.zobrist.xor(&zobristSide)
	}
	return m
}
