package game

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/xqfyne/xiangqi/engine"
)

// maxPGNBytes bounds the size of a PGN file ImportPGN reads.
const maxPGNBytes = 4 << 20

// ImportPGN reads the first game of a Xiangqi PGN file. The encoding is
// detected: valid UTF-8 (with or without BOM) is read as UTF-8, anything
// else as GBK. Moves may be in Chinese notation (either side's numerals,
// ASCII or full-width digits), WXF or ICCS (h2e2 or H2-E2); comments {…},
// ; comments, variations (…), NAGs and everything after the result token
// are ignored. Every move must be legal; any error rejects the whole file.
func ImportPGN(r io.Reader) (*Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxPGNBytes+1))
	if err != nil {
		return nil, fmt.Errorf("pgn: reading: %w", err)
	}
	if len(data) > maxPGNBytes {
		return nil, errors.New("pgn: file too large")
	}
	text, err := decodePGNText(data)
	if err != nil {
		return nil, err
	}
	return parsePGN(text)
}

// decodePGNText returns the file as a UTF-8 string.
func decodePGNText(data []byte) (string, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if utf8.Valid(data) {
		return string(data), nil
	}
	decoded, err := simplifiedchinese.GBK.NewDecoder().Bytes(data)
	if err != nil {
		return "", fmt.Errorf("pgn: file is neither UTF-8 nor GBK: %w", err)
	}
	if !utf8.Valid(decoded) {
		return "", errors.New("pgn: file is neither UTF-8 nor GBK")
	}
	return string(decoded), nil
}

// pgnLexer splits PGN text into tags and move-text words.
type pgnLexer struct {
	s    string
	i    int
	line int
}

type pgnTokenKind uint8

const (
	tokEOF pgnTokenKind = iota
	tokTag
	tokWord
)

type pgnToken struct {
	kind        pgnTokenKind
	name, value string // tags
	word        string
	line        int
}

func (lx *pgnLexer) next() (pgnToken, error) {
	for lx.i < len(lx.s) {
		c := lx.s[lx.i]
		switch {
		case c == '\n':
			lx.line++
			lx.i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			lx.i++
		case c == '%' && (lx.i == 0 || lx.s[lx.i-1] == '\n'):
			lx.skipLine()
		case c == ';':
			lx.skipLine()
		case c == '{':
			if err := lx.skipUntil('}'); err != nil {
				return pgnToken{}, err
			}
		case c == '(':
			if err := lx.skipVariation(); err != nil {
				return pgnToken{}, err
			}
		case c == '[':
			return lx.tag()
		default:
			if r, size := utf8.DecodeRuneInString(lx.s[lx.i:]); unicode.IsSpace(r) {
				lx.i += size // other Unicode spaces, e.g. the ideographic space
				continue
			}
			return lx.word(), nil
		}
	}
	return pgnToken{kind: tokEOF, line: lx.line}, nil
}

func (lx *pgnLexer) skipLine() {
	for lx.i < len(lx.s) && lx.s[lx.i] != '\n' {
		lx.i++
	}
}

func (lx *pgnLexer) skipUntil(end byte) error {
	start := lx.line
	for lx.i++; lx.i < len(lx.s); lx.i++ {
		switch lx.s[lx.i] {
		case '\n':
			lx.line++
		case end:
			lx.i++
			return nil
		}
	}
	return fmt.Errorf("pgn: line %d: comment not closed", start+1)
}

func (lx *pgnLexer) skipVariation() error {
	start, depth := lx.line, 0
	for ; lx.i < len(lx.s); lx.i++ {
		switch lx.s[lx.i] {
		case '\n':
			lx.line++
		case '{':
			if err := lx.skipUntil('}'); err != nil {
				return err
			}
			lx.i--
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				lx.i++
				return nil
			}
		}
	}
	return fmt.Errorf("pgn: line %d: variation not closed", start+1)
}

// tag reads [Name "value"] with \" and \\ escapes.
func (lx *pgnLexer) tag() (pgnToken, error) {
	line := lx.line
	bad := func(why string) (pgnToken, error) {
		return pgnToken{}, fmt.Errorf("pgn: line %d: bad tag: %s", line+1, why)
	}
	lx.i++
	start := lx.i
	for lx.i < len(lx.s) && (isTagNameByte(lx.s[lx.i])) {
		lx.i++
	}
	name := lx.s[start:lx.i]
	if name == "" {
		return bad("missing name")
	}
	for lx.i < len(lx.s) && (lx.s[lx.i] == ' ' || lx.s[lx.i] == '\t') {
		lx.i++
	}
	if lx.i >= len(lx.s) || lx.s[lx.i] != '"' {
		return bad("value must be quoted")
	}
	var value strings.Builder
	for lx.i++; ; lx.i++ {
		if lx.i >= len(lx.s) || lx.s[lx.i] == '\n' {
			return bad("value not closed")
		}
		c := lx.s[lx.i]
		if c == '\\' && lx.i+1 < len(lx.s) && (lx.s[lx.i+1] == '"' || lx.s[lx.i+1] == '\\') {
			lx.i++
			value.WriteByte(lx.s[lx.i])
			continue
		}
		if c == '"' {
			lx.i++
			break
		}
		value.WriteByte(c)
	}
	for lx.i < len(lx.s) && (lx.s[lx.i] == ' ' || lx.s[lx.i] == '\t') {
		lx.i++
	}
	if lx.i >= len(lx.s) || lx.s[lx.i] != ']' {
		return bad("missing ]")
	}
	lx.i++
	return pgnToken{kind: tokTag, name: name, value: value.String(), line: line}, nil
}

func isTagNameByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// word reads up to the next space or PGN delimiter.
func (lx *pgnLexer) word() pgnToken {
	start := lx.i
	for lx.i < len(lx.s) {
		r, size := utf8.DecodeRuneInString(lx.s[lx.i:])
		if unicode.IsSpace(r) || r == '{' || r == '(' || r == '[' || r == ';' {
			break
		}
		lx.i += size
	}
	if lx.i == start { // never stall, whatever next() let through
		_, size := utf8.DecodeRuneInString(lx.s[lx.i:])
		lx.i += size
	}
	return pgnToken{kind: tokWord, word: lx.s[start:lx.i], line: lx.line}
}

var pgnResults = map[string]Result{
	"1-0":     {Status: RedWins, Winner: engine.Red, Reason: ReasonRecorded},
	"0-1":     {Status: BlackWins, Winner: engine.Black, Reason: ReasonRecorded},
	"1/2-1/2": {Status: Draw, Reason: ReasonRecorded},
	"*":       {},
}

func parsePGN(text string) (*Game, error) {
	lx := &pgnLexer{s: text}
	tags := map[string]string{}
	var words []pgnToken
	resultTag := ""
	ended := false
	for !ended {
		tok, err := lx.next()
		if err != nil {
			return nil, err
		}
		switch tok.kind {
		case tokEOF:
			ended = true
		case tokTag:
			if len(words) > 0 {
				// The tags of a second game: the first game had no result token.
				ended = true
				break
			}
			tags[tok.name] = tok.value
		case tokWord:
			if _, isResult := pgnResults[tok.word]; isResult {
				resultTag = tok.word
				ended = true
				break
			}
			words = append(words, tok)
		}
	}
	if len(tags) == 0 && len(words) == 0 {
		return nil, errors.New("pgn: no game found")
	}
	if v, ok := tags["Game"]; ok && v != "Chinese Chess" && v != "Xiangqi" {
		return nil, fmt.Errorf("pgn: not a Xiangqi game (Game %q)", v)
	}

	g, err := New(tags["FEN"])
	if err != nil {
		return nil, fmt.Errorf("pgn: %w", err)
	}
	g.Meta = Metadata{
		Event: tags["Event"], Site: tags["Site"], Date: tags["Date"], Round: tags["Round"],
		Red: tags["Red"], Black: tags["Black"], Opening: tags["Opening"], ECCO: tags["ECCO"],
		Human: HumanNone,
	}
	for _, unknown := range []*string{&g.Meta.Event, &g.Meta.Site, &g.Meta.Round, &g.Meta.Red, &g.Meta.Black} {
		if *unknown == "?" {
			*unknown = ""
		}
	}
	if g.Meta.Date == "????.??.??" {
		g.Meta.Date = ""
	}
	if err := g.Meta.validate(); err != nil {
		return nil, fmt.Errorf("pgn: %w", err)
	}
	for _, w := range words {
		move := strings.TrimRight(stripMoveNumber(w.word), "!?")
		if move == "" || strings.HasPrefix(move, "$") || move == "..." || move == "…" {
			continue
		}
		if len(g.moves) >= maxLineMoves {
			return nil, errors.New("pgn: too many moves")
		}
		m, err := ParseMove(g.pos, move)
		if err != nil {
			return nil, fmt.Errorf("pgn: line %d: move %d (%s): %w", w.line+1, len(g.moves)+1, move, err)
		}
		if err := g.appendMove(m); err != nil {
			return nil, fmt.Errorf("pgn: line %d: %w", w.line+1, err)
		}
	}
	if resultTag == "" || resultTag == "*" {
		resultTag = tags["Result"]
	}
	if r, ok := pgnResults[resultTag]; ok && r.Decided() && !g.Result().Decided() {
		g.declared = &r
	}
	return g, nil
}

// stripMoveNumber removes a leading move number ("12." or "12...") from a
// word. A number directly followed by a digit is not a move number: WXF
// moves of tandem pawns on two files start with digits (33.4).
func stripMoveNumber(w string) string {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i == 0 || i >= len(w) || w[i] != '.' {
		return w
	}
	j := i
	for j < len(w) && w[j] == '.' {
		j++
	}
	if j < len(w) && w[j] >= '0' && w[j] <= '9' {
		return w
	}
	return w[j:]
}
