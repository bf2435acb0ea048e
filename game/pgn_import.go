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
	"golang.org/x/text/encoding/simplifiedchinese"
)

// maxPGNBytes bounds the size of a PGN file ImportPGNRecord reads.
const maxPGNBytes = 4 << 20

// readPGNText reads a whole PGN file, up to the size limit, as text (UTF-8 or GBK).
func readPGNText(r io.Reader) (string, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxPGNBytes+1))
	if err != nil {
		return "", fmt.Errorf("pgn: reading: %w", err)
	}
	if len(data) > maxPGNBytes {
		return "", errors.New("pgn: file too large")
	}
	return decodePGNText(data)
}

// ImportPGNRecord reads the first game of a Xiangqi PGN file. The encoding
// is detected: valid UTF-8 (with or without BOM) is read as UTF-8, anything
// else as GBK. Moves may be in Chinese notation (either side's numerals,
// ASCII or full-width digits), WXF or ICCS (h2e2 or H2-E2). Variations (…)
// and comments {…} are kept in the record's tree; ; comments, NAGs and
// everything after the result token are left out. A comment
// belongs to the move before it (or, before the first move, to the start
// position); several comments on one move are joined by a line break.
// Errors name the line and column where reading failed.
func ImportPGNRecord(r io.Reader) (*Record, error) {
	text, err := readPGNText(r)
	if err != nil {
		return nil, err
	}
	return parsePGNRecord(text)
}

// decodePGNText returns the file as a UTF-8 string.
func decodePGNText(data []byte) (string, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if err := wideTextError(data); err != nil {
		return "", err
	}
	if utf8.Valid(data) {
		return string(data), nil
	}
	decoded, err := simplifiedchinese.GBK.NewDecoder().Bytes(data)
	if err != nil || !utf8.Valid(decoded) {
		return "", errors.New("this file is neither UTF-8 nor GBK text: save it as UTF-8 or GBK")
	}
	if looksLikeBig5(data, string(decoded)) {
		return "", errBig5
	}
	return string(decoded), nil
}

// pgnLexer splits PGN text into tags, move-text words, comments and
// variation brackets, tracking the line and column of each token.
type pgnLexer struct {
	s         string
	i         int
	line      int // 0-based
	lineStart int // byte offset of the current line's start
	// colIdx and col cache the column of one byte of the current line, so
	// columns are counted incrementally (a long line stays linear).
	colIdx, col int
}

type pgnTokenKind uint8

const (
	tokEOF pgnTokenKind = iota
	tokTag
	tokWord
	tokComment
	tokOpen  // ( starts a variation
	tokClose // ) ends it
)

type pgnToken struct {
	kind        pgnTokenKind
	name, value string // tags
	word        string // words; the text of comments
	line, col   int    // 1-based position of the token's first character
}

// where names a token's place for error messages.
func (t pgnToken) where() string { return fmt.Sprintf("line %d, column %d", t.line, t.col) }

// pos returns the 1-based line and column (in characters) of byte i, which
// must be on the current line.
func (lx *pgnLexer) pos(i int) (int, int) {
	if lx.col == 0 || lx.colIdx < lx.lineStart || lx.colIdx > i {
		lx.colIdx, lx.col = lx.lineStart, 1
	}
	lx.col += utf8.RuneCountInString(lx.s[lx.colIdx:i])
	lx.colIdx = i
	return lx.line + 1, lx.col
}

func (lx *pgnLexer) newline() {
	lx.line++
	lx.i++
	lx.lineStart = lx.i
}

func (lx *pgnLexer) next() (pgnToken, error) {
	for lx.i < len(lx.s) {
		c := lx.s[lx.i]
		switch {
		case c == '\n':
			lx.newline()
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			lx.i++
		case c == '%' && lx.i == lx.lineStart:
			lx.skipLine()
		case c == ';':
			lx.skipLine()
		case c == '{':
			return lx.comment()
		case c == '(' || c == ')':
			line, col := lx.pos(lx.i)
			lx.i++
			kind := tokOpen
			if c == ')' {
				kind = tokClose
			}
			return pgnToken{kind: kind, line: line, col: col}, nil
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
	line, col := lx.pos(lx.i)
	return pgnToken{kind: tokEOF, line: line, col: col}, nil
}

func (lx *pgnLexer) skipLine() {
	for lx.i < len(lx.s) && lx.s[lx.i] != '\n' {
		lx.i++
	}
}

// comment reads {text}; the text is returned with CRLF folded to LF and
// surrounding space trimmed.
func (lx *pgnLexer) comment() (pgnToken, error) {
	line, col := lx.pos(lx.i)
	lx.i++
	start := lx.i
	for ; lx.i < len(lx.s); lx.i++ {
		switch lx.s[lx.i] {
		case '\n':
			lx.lineStart = lx.i + 1
			lx.line++
		case '}':
			text := lx.s[start:lx.i]
			lx.i++
			return pgnToken{kind: tokComment, word: cleanComment(text), line: line, col: col}, nil
		}
	}
	return pgnToken{}, fmt.Errorf("pgn: line %d, column %d: comment not closed", line, col)
}

// cleanComment is the canonical form of a comment's text: line ends as LF,
// no surrounding white space, and no '}' (which would end it in PGN; the
// full-width ｝ takes its place).
func cleanComment(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	s = strings.ReplaceAll(s, "}", "｝")
	return strings.TrimFunc(plainText(s, "\n"), unicode.IsSpace)
}

// plainText is s without its control characters but those in keep, a tab
// made a space. Control bytes are no text a reader shows, and a file
// written with a few of them in a short game reads back as binary data
// (wideTextError): FuzzImportPGN found a Site tag of five 0x02 that
// imported from GBK but not from its own export.
func plainText(s, keep string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case strings.ContainsRune(keep, r):
			return r
		case r == '\t':
			return ' '
		case unicode.IsControl(r):
			return -1
		}
		return r
	}, s)
}

// tag reads [Name "value"] with \" and \\ escapes.
func (lx *pgnLexer) tag() (pgnToken, error) {
	line, col := lx.pos(lx.i)
	bad := func(why string) (pgnToken, error) {
		return pgnToken{}, fmt.Errorf("pgn: line %d, column %d: bad tag: %s", line, col, why)
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
		if c == '"' && lx.tagValueEnds() {
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
	return pgnToken{kind: tokTag, name: name, value: plainText(value.String(), ""), line: line, col: col}, nil
}

// tagValueEnds reports whether the quote at lx.i closes a tag value: only
// spaces stand between it and ']'. Other quotes are kept as text, since
// some programs (ElephantEye among them) write [Event ""X"杯"] unescaped.
func (lx *pgnLexer) tagValueEnds() bool {
	j := lx.i + 1
	for j < len(lx.s) && (lx.s[j] == ' ' || lx.s[j] == '\t') {
		j++
	}
	return j >= len(lx.s) || lx.s[j] == ']' || lx.s[j] == '\n' || lx.s[j] == '\r'
}

func isTagNameByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// word reads up to the next space or PGN delimiter.
func (lx *pgnLexer) word() pgnToken {
	line, col := lx.pos(lx.i)
	start := lx.i
	for lx.i < len(lx.s) {
		r, size := utf8.DecodeRuneInString(lx.s[lx.i:])
		if unicode.IsSpace(r) || r == '{' || r == '(' || r == ')' || r == '[' || r == ';' {
			break
		}
		lx.i += size
	}
	if lx.i == start { // never stall, whatever next() let through
		_, size := utf8.DecodeRuneInString(lx.s[lx.i:])
		lx.i += size
	}
	return pgnToken{kind: tokWord, word: lx.s[start:lx.i], line: line, col: col}
}

// maxVariationDepth bounds the nesting of variations in a PGN file. The
// canonical export nests a variation only inside one that started at an
// earlier ply, so every record with lines up to maxLineMoves long fits.
const maxVariationDepth = maxLineMoves

// pgnBuilder grows a record from move-text tokens: cur is the node of the
// last move read on the current line and pos the position there; each open
// variation remembers the node it is an alternative to.
type pgnBuilder struct {
	rec   *Record
	cur   *Node
	pos   *rules.Position
	open  []pgnOpenVariation
	nodes int
	// comments collects each node's comments, joined at the end (joining
	// as they come would copy a long comment once per added part).
	comments map[*Node][]string
}

type pgnOpenVariation struct {
	replaced  *Node    // the move the variation is an alternative to
	parentPly int      // ply of replaced's parent
	at        pgnToken // the '(' token, for errors
}

func parsePGNRecord(text string) (*Record, error) {
	lx := &pgnLexer{s: text}
	tags := map[string]string{}
	var preComments []string
	var first pgnToken // first move-text token
	// Tags, and comments before the move text.
	for {
		tok, err := lx.next()
		if err != nil {
			return nil, err
		}
		if tok.kind == tokTag {
			tags[tok.name] = tok.value
			continue
		}
		if tok.kind == tokComment {
			preComments = append(preComments, tok.word)
			continue
		}
		first = tok
		break
	}
	if len(tags) == 0 && len(preComments) == 0 && first.kind == tokEOF {
		return nil, errors.New("pgn: no game found")
	}
	if v, ok := tags["Game"]; ok && v != "Chinese Chess" && v != "Xiangqi" {
		return nil, fmt.Errorf("pgn: not a Xiangqi game (Game %s)", rules.QuoteInput(v))
	}
	rec, err := NewRecord(tags["FEN"])
	if err != nil {
		return nil, fmt.Errorf("pgn: %w", err)
	}
	rec.Meta = metadataFromTags(tags)
	if err := rec.Meta.validate(); err != nil {
		return nil, fmt.Errorf("pgn: %w", err)
	}
	b := &pgnBuilder{rec: rec, cur: rec.Root, pos: rec.StartPosition(), comments: map[*Node][]string{}}
	b.comments[rec.Root] = preComments
	resultToken := ""
	for tok := first; ; {
		done, result, err := b.take(tok)
		if err != nil {
			return nil, err
		}
		if result != "" {
			resultToken = result
		}
		if done {
			break
		}
		if tok, err = lx.next(); err != nil {
			return nil, err
		}
	}
	for n, parts := range b.comments {
		n.Comment = joinComments(parts...)
	}
	if resultToken == "" || resultToken == "*" {
		resultToken = tags["Result"]
	}
	if res, ok := resultOfToken(resultToken); ok {
		rec.Result = res
	}
	return rec, nil
}

// take applies one move-text token. It reports done at the end of the game
// (the result token outside variations, the next game's tags, the end of
// the text) and the result token read.
func (b *pgnBuilder) take(tok pgnToken) (done bool, result string, err error) {
	switch tok.kind {
	case tokEOF, tokTag:
		if len(b.open) > 0 {
			o := b.open[len(b.open)-1].at
			return true, "", fmt.Errorf("pgn: %s: variation not closed", o.where())
		}
		return true, "", nil
	case tokComment:
		b.comments[b.cur] = append(b.comments[b.cur], tok.word)
	case tokOpen:
		if b.cur == b.rec.Root || b.cur.Parent == nil {
			return true, "", fmt.Errorf("pgn: %s: variation before any move", tok.where())
		}
		if len(b.open) >= maxVariationDepth {
			return true, "", fmt.Errorf("pgn: %s: variations nested too deeply", tok.where())
		}
		b.pos.UnmakeMove()
		b.open = append(b.open, pgnOpenVariation{replaced: b.cur, parentPly: b.pos.Ply(), at: tok})
		b.cur = b.cur.Parent
	case tokClose:
		if len(b.open) == 0 {
			return true, "", fmt.Errorf("pgn: %s: ')' without '('", tok.where())
		}
		back := b.open[len(b.open)-1].replaced
		for b.pos.Ply() > b.open[len(b.open)-1].parentPly {
			b.pos.UnmakeMove()
		}
		b.open = b.open[:len(b.open)-1]
		b.pos.MakeMove(back.Move)
		b.cur = back
	case tokWord:
		if _, isResult := resultOfToken(tok.word); isResult {
			if len(b.open) > 0 {
				return false, "", nil // a variation's own result: not the game's
			}
			return true, tok.word, nil
		}
		return false, "", b.move(tok)
	}
	return false, "", nil
}

func (b *pgnBuilder) move(tok pgnToken) error {
	move := strings.TrimRight(stripMoveNumber(tok.word), "!?")
	if move == "" || strings.HasPrefix(move, "$") || move == "..." || move == "…" {
		return nil
	}
	if b.pos.Ply() >= maxLineMoves || b.nodes >= maxRecordNodes {
		return fmt.Errorf("pgn: %s: too many moves", tok.where())
	}
	m, err := ParseMove(b.pos, move)
	if err != nil {
		// err quotes the move.
		return &MoveError{Format: "pgn", Line: tok.line, Column: tok.col, Ply: b.pos.Ply() + 1, Text: move, Err: err}
	}
	child := b.cur.Child(m)
	if child == nil {
		child = &Node{Move: m, Parent: b.cur}
		b.cur.Children = append(b.cur.Children, child)
		b.nodes++
	}
	b.pos.MakeMove(m)
	b.cur = child
	return nil
}

// joinComments joins the non-empty comments with a line break.
func joinComments(parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, "\n")
}

// metadataFromTags reads the tags the record keeps; "?" and "????.??.??"
// mean unknown.
func metadataFromTags(tags map[string]string) Metadata {
	m := Metadata{
		Event: tags["Event"], Site: tags["Site"], Date: tags["Date"], Round: tags["Round"],
		Red: tags["Red"], Black: tags["Black"], Opening: tags["Opening"], ECCO: tags["ECCO"],
		Title: tags["Title"], RedElo: tags["RedElo"], BlackElo: tags["BlackElo"],
		TimeControl: tags["TimeControl"], Termination: tags["Termination"],
	}
	for _, unknown := range []*string{&m.Event, &m.Site, &m.Round, &m.Red, &m.Black} {
		if *unknown == "?" {
			*unknown = ""
		}
	}
	if m.Date == "????.??.??" {
		m.Date = ""
	}
	return m
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
