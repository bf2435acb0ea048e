package game

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/xqfyne/xiangqi/rules"
)

// Format is a kind of game file or pasted text.
type Format uint8

const (
	FormatUnknown Format = iota
	FormatPGN            // Xiangqi PGN, UTF-8 or GBK
	FormatXQF            // XQStudio's binary format
	FormatFEN            // a position, optionally followed by ICCS moves
	FormatICCS           // a bare ICCS move list from the standard start
)

// String names the format.
func (f Format) String() string {
	return [...]string{"unknown", "PGN", "XQF", "FEN", "ICCS"}[min(int(f), 4)]
}

// DetectFormat tells what data holds by its content: the "XQ" mark and a
// known version byte for XQF; for text, a FEN board (ten ranks separated by
// '/') first, a list of ICCS moves (move numbers allowed), or else PGN.
func DetectFormat(data []byte) Format {
	if len(data) >= 3 && data[0] == 'X' && data[1] == 'Q' && data[2] <= xqfMaxVersion {
		return FormatXQF
	}
	text, err := decodePGNText(data)
	if err != nil {
		return FormatUnknown
	}
	words := strings.Fields(stripCommandPrefix(text))
	if len(words) == 0 {
		return FormatUnknown
	}
	if looksLikeFENBoard(words[0]) {
		return FormatFEN // with 10 ranks or not: ParseFEN says what is wrong
	}
	if _, err := iccsMoves(words); err == nil {
		return FormatICCS
	}
	return FormatPGN
}

// looksLikeFENBoard tells whether word is a FEN board, of ten ranks or a
// few more or less: piece letters and digits in ranks split by '/'.
func looksLikeFENBoard(word string) bool {
	if n := strings.Count(word, "/"); n < 5 || n > 14 {
		return false
	}
	for i := 0; i < len(word); i++ {
		if c := word[i]; c != '/' && !isDigit(c) && !strings.ContainsRune("kabnrcpehKABNRCPEH", rune(c)) {
			return false
		}
	}
	return true
}

// stripCommandPrefix drops a leading "position" and "fen" as in a UCI/UCCI
// position command, so "position fen … moves …" pastes as a FEN.
func stripCommandPrefix(text string) string {
	t := strings.TrimSpace(text)
	for _, word := range []string{"position ", "fen "} {
		if len(t) >= len(word) && strings.EqualFold(t[:len(word)], word) {
			t = strings.TrimSpace(t[len(word):])
		}
	}
	return t
}

// iccsMoves returns the ICCS moves of words, skipping move numbers ("1.")
// and the "startpos" and "moves" words of a position command; any other
// word is an error.
func iccsMoves(words []string) ([]string, error) {
	moves, _, err := iccsMoveWords(words)
	return moves, err
}

// iccsMoveWords is iccsMoves that also returns the index in words of each move.
func iccsMoveWords(words []string) ([]string, []int, error) {
	var moves []string
	var at []int
	for i, w := range words {
		if len(moves) == 0 && (strings.EqualFold(w, "moves") || strings.EqualFold(w, "startpos")) {
			continue
		}
		m := stripMoveNumber(w)
		if m == "" || m == "..." {
			continue
		}
		if !looksLikeICCS(m) {
			return nil, nil, fmt.Errorf("%s is not an ICCS move", rules.QuoteInput(w))
		}
		moves = append(moves, m)
		at = append(at, i)
	}
	if len(moves) == 0 {
		return nil, nil, errors.New("no moves")
	}
	return moves, at, nil
}

// wordPlace says where the nth white-space separated word of text starts: its line and
// column (both from 1, columns in characters), as PGN errors do.
func wordPlace(text string, nth int) (line, col int) {
	line, word, inWord := 1, -1, false
	for _, r := range text {
		col++
		space := unicode.IsSpace(r) // as strings.Fields splits
		if !space && !inWord {
			word++
			if word == nth {
				return line, col
			}
		}
		inWord = !space
		if r == '\n' {
			line, col = line+1, 0
		}
	}
	return line, 0
}

// ErrNotAGame is why ReadRecord refuses a text in which nothing is a game: no PGN tag, no
// position, and its first word not a move (a URL, a sentence pasted by mistake).
var ErrNotAGame = errors.New("the text is not a game, a position or a list of moves")

// MoveError is where reading a game's moves stopped: a move that is not legal at that
// point of the game, as written, with its place in the text.
type MoveError struct {
	Format       string // "pgn" or "iccs", as the error's text begins
	Line, Column int    // where the move is written (column 0: the line's end)
	Ply          int    // 1 for the game's first move
	Text         string // the move as written
	Err          error  // why it is not a move there; it quotes the move
}

func (e *MoveError) Error() string {
	where := fmt.Sprintf("line %d, column %d", e.Line, e.Column)
	if e.Column == 0 {
		where = fmt.Sprintf("line %d", e.Line)
	}
	return fmt.Sprintf("%s: %s: move %d: %v", e.Format, where, e.Ply, e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// notAGame tells whether err, from reading data as PGN, means that data is no game at all:
// it has no tag and its very first word is not a move.
func notAGame(data []byte, err error) bool {
	var me *MoveError
	if !errors.As(err, &me) || me.Ply != 1 || me.Line != 1 {
		return false
	}
	text, terr := decodePGNText(data)
	return terr == nil && !strings.HasPrefix(strings.TrimSpace(text), "[")
}

// ReadRecord reads a game record from a file's content or pasted text of
// any supported kind (see DetectFormat): PGN (variations and comments
// kept), XQF, a FEN (optionally followed by ICCS moves, as
// "FEN\nh2e2 h9g7" or "position fen … moves …"), or a bare ICCS move list
// from the standard start ("h2e2 h9g7", "position startpos moves h2e2"). It returns the format it found.
// Errors say what was expected and where reading failed.
func ReadRecord(data []byte) (*Record, Format, error) {
	r, f, err := readRecord(data)
	if err != nil {
		return nil, f, err
	}
	// A game that would not fit once saved is refused now, not after it was played on
	// and saved: its save would be refused at the next start.
	if err := r.SaveRecord(io.Discard); err != nil {
		return nil, f, err
	}
	return r, f, nil
}

func readRecord(data []byte) (*Record, Format, error) {
	f := DetectFormat(data)
	switch f {
	case FormatXQF:
		r, err := parseXQF(data)
		return r, f, err
	case FormatPGN:
		r, err := ImportPGNRecord(bytes.NewReader(data))
		if err != nil && notAGame(data, err) {
			return nil, f, fmt.Errorf("%w (%w)", ErrNotAGame, err)
		}
		return r, f, err
	case FormatUnknown:
		if _, err := decodePGNText(data); err != nil {
			return nil, f, err // names the encoding, or says it is binary
		}
		return nil, f, errors.New("nothing to read: the text is empty")
	}
	text, _ := decodePGNText(data)
	words := strings.Fields(stripCommandPrefix(text))
	// skipped counts the words before words[0] in text, to say where a bad move is.
	skipped := len(strings.Fields(text)) - len(words)
	fen := ""
	if f == FormatFEN {
		var rest []string
		fen, rest = splitFEN(words)
		skipped += len(words) - len(rest)
		words = rest
	}
	r, err := NewRecord(fen)
	if err != nil {
		return nil, f, fmt.Errorf("fen: %w", err)
	}
	if len(words) == 0 {
		return r, f, nil
	}
	moves, wordIdx, err := iccsMoveWords(words)
	if err != nil {
		return nil, f, fmt.Errorf("iccs: %w", err)
	}
	if len(moves) > maxLineMoves {
		return nil, f, errors.New("iccs: too many moves")
	}
	pos := r.StartPosition()
	at := r.Root
	for i, moveText := range moves {
		m, err := ParseMoveAs(pos, moveText, ICCS)
		if err != nil {
			// err quotes the move.
			line, col := wordPlace(text, skipped+wordIdx[i])
			return nil, f, &MoveError{Format: "iccs", Line: line, Column: col, Ply: i + 1, Text: moveText, Err: err}
		}
		pos.MakeMove(m)
		n := &Node{Move: m, Parent: at}
		at.Children = []*Node{n}
		at = n
	}
	return r, f, nil
}

// splitFEN takes the FEN fields from the front of words: the board, then
// the side to move (one letter: ParseFEN judges it), "-" placeholders and
// the two counters (words of digits, however many) when present.
func splitFEN(words []string) (string, []string) {
	n := 1
	if n < len(words) && utf8.RuneCountInString(words[n]) == 1 {
		n++
		for k := 0; k < 2 && n < len(words) && words[n] == "-"; k++ {
			n++
		}
		for k := 0; k < 2 && n < len(words); k++ {
			if strings.Trim(words[n], "0123456789") != "" {
				break
			}
			n++
		}
	}
	return strings.Join(words[:n], " "), words[n:]
}

// ICCSText returns the record as two lines: the start FEN, and the main
// line's moves in ICCS separated by spaces (an empty line when there are
// none). ReadRecord reads it back.
func (r *Record) ICCSText() string {
	return r.startFEN + "\n" + ICCSLine(r.MainLineMoves()) + "\n"
}
