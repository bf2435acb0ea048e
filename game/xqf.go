package game

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/xqfyne/xiangqi/rules"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// XQF is the binary game format of XQStudio (象棋演播室), in which most
// Chinese game collections are kept. A file is a 1024-byte header (magic
// "XQ", version, key bytes, the squares of the 32 pieces, result, and
// length-prefixed GBK strings: title, event, date, place, players...)
// followed by the move records of the whole tree in depth-first order.
//
// Version 1.0 files (version byte up to 10) are plain. From version 11 on
// the piece squares, the move squares, the comment lengths and every byte
// of the move records are scrambled with keys derived from header bytes
// 3 and 8..15; version 12 and later also rotate the 32 piece squares.
// xqfCipher holds those keys.

const (
	xqfHeaderSize  = 1024
	maxXQFBytes    = 4 << 20
	xqfMaxVersion  = 18 // the newest version XQStudio wrote
	xqfPiecesAt    = 0x10
	xqfWhoPlayAt   = 0x32
	xqfResultAt    = 0x33
	xqfTreePosAt   = 0x38
	xqfNoSquare    = 0xFF // a captured piece
	xqfFromBias    = 0x18 // added to the from square of a move
	xqfToBias      = 0x20 // added to the to square
	xqfPlainNext   = 0xF0 // version ≤ 10: the node has a continuation
	xqfPlainVar    = 0x0F // version ≤ 10: the node has a next sibling
	xqfNext        = 0x80 // version ≥ 11
	xqfVar         = 0x40
	xqfHasComment  = 0x20
	xqfMaxComment  = 1 << 20
	xqfCommentBias = 767
)

// xqfPieceOrder is the piece of each of the 32 header slots: Red's rook,
// horse, elephant, advisor, king, advisor, elephant, horse, rook, two
// cannons, five pawns, then Black's in the same order.
const xqfPieceOrder = "RNBAKABNRCCPPPPPrnbakabnrccppppp"

// xqfKeyMask is the text XQStudio masks its 32-byte key stream with.
const xqfKeyMask = "[(C) Copyright Mr. Dong Shiwei.]"

// xqfString is a length-prefixed GBK text field of the header.
type xqfString struct {
	offset, size int
	name         string
}

var (
	xqfTitle = xqfString{0x50, 64, "title"}
	xqfEvent = xqfString{0xD0, 64, "event"}
	xqfDate  = xqfString{0x110, 16, "date"}
	xqfSite  = xqfString{0x120, 16, "place"}
	xqfRed   = xqfString{0x130, 16, "red player"}
	xqfBlack = xqfString{0x140, 16, "black player"}
)

// xqfCipher holds the keys of an encrypted file (all zero for plain ones).
type xqfCipher struct {
	version              byte
	square               byte // subtracted from each piece square
	from, to             byte // subtracted from move squares (after the bias)
	comment              int  // subtracted from comment lengths
	stream               [32]byte
	rotatePieces, scheme bool // scheme: version ≥ 11 record layout
}

// xqfKeyStep is XQStudio's key derivation step: (54·k² + 221) · seed, mod 256.
func xqfKeyStep(k, seed byte) byte {
	kk := int(k)
	return byte((54*kk*kk + 221) * int(seed))
}

func newXQFCipher(h []byte) (xqfCipher, error) {
	c := xqfCipher{version: h[2]}
	if c.version > 10 {
		if (int(h[12])+int(h[13])+int(h[14])+int(h[15]))%256 != 0 {
			return c, errors.New("xqf: offset 12: the key bytes do not add up (damaged header)")
		}
		c.scheme = true
		c.rotatePieces = c.version >= 12
		c.square = xqfKeyStep(h[13], h[13])
		c.from = xqfKeyStep(h[14], c.square)
		c.to = xqfKeyStep(h[15], c.from)
		c.comment = (int(h[12])*256+int(h[13]))%32000 + xqfCommentBias
	}
	for i := range c.stream {
		key := h[12+i%4]&h[3] | h[8+i%4]
		c.stream[i] = xqfKeyMask[i] & key
	}
	return c, nil
}

// ImportXQF reads an XQF file (any version, encrypted or not) into a
// record with its variations and comments, its metadata (title, event,
// date, place, players) and its recorded result. Errors name the byte
// offset where the file went wrong.
func ImportXQF(r io.Reader) (*Record, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxXQFBytes+1))
	if err != nil {
		return nil, fmt.Errorf("xqf: reading: %w", err)
	}
	if len(data) > maxXQFBytes {
		return nil, errors.New("xqf: file too large")
	}
	return parseXQF(data)
}

func parseXQF(data []byte) (*Record, error) {
	if len(data) < 2 || data[0] != 'X' || data[1] != 'Q' {
		return nil, errors.New("xqf: offset 0: not an XQF file (no \"XQ\" mark)")
	}
	if len(data) < xqfHeaderSize {
		return nil, fmt.Errorf("xqf: offset %d: file ends inside the %d-byte header", len(data), xqfHeaderSize)
	}
	if data[2] > xqfMaxVersion {
		return nil, fmt.Errorf("xqf: offset 2: version %d is newer than this reader knows (up to %d)", data[2], xqfMaxVersion)
	}
	c, err := newXQFCipher(data)
	if err != nil {
		return nil, err
	}
	squares := c.pieceSquares(data[xqfPiecesAt : xqfPiecesAt+32])

	rec := &Record{Root: &Node{Move: rules.NoMove}}
	for _, f := range []struct {
		field xqfString
		dst   *string
	}{{xqfTitle, &rec.Meta.Title}, {xqfEvent, &rec.Meta.Event}, {xqfDate, &rec.Meta.Date},
		{xqfSite, &rec.Meta.Site}, {xqfRed, &rec.Meta.Red}, {xqfBlack, &rec.Meta.Black}} {
		if *f.dst, err = readXQFString(data, f.field); err != nil {
			return nil, err
		}
	}
	switch data[xqfResultAt] {
	case 1:
		rec.Result = Result{Status: RedWins, Winner: rules.Red, Reason: ReasonRecorded}
	case 2:
		rec.Result = Result{Status: BlackWins, Winner: rules.Black, Reason: ReasonRecorded}
	case 3, 4:
		rec.Result = Result{Status: Draw, Reason: ReasonRecorded}
	}

	treePos := uint64(binary.LittleEndian.Uint32(data[xqfTreePosAt:]))
	if treePos == 0 {
		treePos = xqfHeaderSize
	}
	if treePos < xqfHeaderSize || treePos > uint64(len(data)) {
		return nil, fmt.Errorf("xqf: offset %d: move records said to start at %d, outside the file", xqfTreePosAt, treePos)
	}
	treeAt := int(treePos)
	rd := &xqfReader{data: data, at: treeAt, c: c}
	root, err := rd.record()
	if err != nil {
		return nil, err
	}
	rec.Root.Comment = root.comment

	blackFirst := data[xqfWhoPlayAt] == 1
	if root.next {
		first, err := rd.peek()
		if err != nil {
			return nil, err
		}
		if slot := pieceOn(squares, first.from); slot >= 16 {
			blackFirst = true
		} else if slot >= 0 {
			blackFirst = false
		}
	}
	fen, err := xqfFEN(squares, blackFirst)
	if err != nil {
		return nil, err
	}
	pos, err := rules.ParseFEN(fen)
	if err != nil {
		return nil, fmt.Errorf("xqf: offset %d: bad start position: %w", xqfPiecesAt, err)
	}
	rec.startFEN = pos.FEN()
	if root.next {
		if err := rd.tree(rec.Root, pos); err != nil {
			return nil, err
		}
	}
	if err := rec.Meta.validate(); err != nil {
		return nil, fmt.Errorf("xqf: %w", err)
	}
	return rec, nil
}

// pieceSquares decodes the 32 piece squares (X·10+Y, or xqfNoSquare).
func (c xqfCipher) pieceSquares(raw []byte) [32]byte {
	var sq [32]byte
	for i, b := range raw {
		j := i
		if c.rotatePieces {
			j = (i + int(c.square) + 1) % 32
		}
		sq[j] = b - c.square
	}
	for i, s := range sq {
		if s > 89 {
			sq[i] = xqfNoSquare
		}
	}
	return sq
}

func pieceOn(squares [32]byte, xy byte) int {
	for i, s := range squares {
		if s == xy {
			return i
		}
	}
	return -1
}

// xqfFEN builds the FEN of the 32 piece squares; X is the file from Red's
// left, Y the rank from Red's side.
func xqfFEN(squares [32]byte, blackFirst bool) (string, error) {
	var board [10][9]byte
	for i, s := range squares {
		if s == xqfNoSquare {
			continue
		}
		x, y := s/10, s%10
		if board[y][x] != 0 {
			return "", fmt.Errorf("xqf: offset %d: two pieces on square %c%d", xqfPiecesAt+i, 'a'+x, y)
		}
		board[y][x] = xqfPieceOrder[i]
	}
	var b strings.Builder
	for y := 9; y >= 0; y-- {
		empty := 0
		for x := 0; x < 9; x++ {
			if board[y][x] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(board[y][x])
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if y > 0 {
			b.WriteByte('/')
		}
	}
	if blackFirst {
		b.WriteString(" b - - 0 1")
	} else {
		b.WriteString(" w - - 0 1")
	}
	return b.String(), nil
}

func readXQFString(data []byte, f xqfString) (string, error) {
	n := int(data[f.offset])
	if n > f.size-1 {
		return "", fmt.Errorf("xqf: offset %d: %s length %d exceeds its %d-byte field", f.offset, f.name, n, f.size-1)
	}
	return decodeGBK(data[f.offset+1 : f.offset+1+n]), nil
}

// decodeGBK decodes GBK text; undecodable bytes become U+FFFD.
func decodeGBK(b []byte) string {
	s, err := simplifiedchinese.GBK.NewDecoder().Bytes(b)
	if err != nil {
		return strings.ToValidUTF8(string(b), "\uFFFD")
	}
	return strings.TrimSpace(strings.ToValidUTF8(string(s), "\uFFFD"))
}

// xqfReader reads the move records from at.
type xqfReader struct {
	data  []byte
	at    int
	c     xqfCipher
	nodes int
}

type xqfRecord struct {
	offset     int
	from, to   byte // X·10+Y, unchecked
	next, var_ bool
	comment    string
}

func (rd *xqfReader) byteAt(i int) byte { return rd.data[i] - rd.c.stream[i%32] }

func (rd *xqfReader) peek() (xqfRecord, error) {
	at := rd.at
	r, err := rd.record()
	rd.at = at
	return r, err
}

func (rd *xqfReader) record() (xqfRecord, error) {
	r := xqfRecord{offset: rd.at}
	if rd.at+4 > len(rd.data) {
		return r, fmt.Errorf("xqf: offset %d: file ends inside a move record", rd.at)
	}
	from, to, tag := rd.byteAt(rd.at), rd.byteAt(rd.at+1), rd.byteAt(rd.at+2)
	rd.at += 4
	r.from = from - xqfFromBias - rd.c.from
	r.to = to - xqfToBias - rd.c.to
	hasComment := true
	if rd.c.scheme {
		r.next, r.var_ = tag&xqfNext != 0, tag&xqfVar != 0
		hasComment = tag&xqfHasComment != 0
	} else {
		r.next, r.var_ = tag&xqfPlainNext != 0, tag&xqfPlainVar != 0
	}
	if !hasComment {
		return r, nil
	}
	if rd.at+4 > len(rd.data) {
		return r, fmt.Errorf("xqf: offset %d: file ends inside a comment length", rd.at)
	}
	var lenBytes [4]byte
	for i := range lenBytes {
		lenBytes[i] = rd.byteAt(rd.at + i)
	}
	n := int64(int32(binary.LittleEndian.Uint32(lenBytes[:]))) - int64(rd.c.comment)
	if n < 0 || n > xqfMaxComment || rd.at+4+int(n) > len(rd.data) {
		return r, fmt.Errorf("xqf: offset %d: bad comment length %d", rd.at, n)
	}
	rd.at += 4
	text := make([]byte, n)
	for i := range text {
		text[i] = rd.byteAt(rd.at + i)
	}
	rd.at += int(n)
	r.comment = cleanComment(decodeGBK(text))
	return r, nil
}

// tree reads the records after the root: each node is followed by its
// continuation's subtree (when flagged "next"), then by its next sibling
// (when flagged "variation"). pos is the position at root.
func (rd *xqfReader) tree(root *Node, pos *rules.Position) error {
	type pending struct {
		parent *Node
		ply    int
	}
	var siblings []pending
	parent := root
	// A move repeated among siblings merges into one node; its comments are
	// collected and joined at the end.
	comments := map[*Node][]string{}
	defer func() {
		for n, parts := range comments {
			n.Comment = joinComments(parts...)
		}
	}()
	for {
		r, err := rd.record()
		if err != nil {
			return err
		}
		if r.from > 89 || r.to > 89 {
			return fmt.Errorf("xqf: offset %d: move to or from a square off the board", r.offset)
		}
		if pos.Ply() >= maxLineMoves {
			return fmt.Errorf("xqf: offset %d: line longer than %d moves", r.offset, maxLineMoves)
		}
		m := rules.NewMove(rules.Sq(int(r.from/10), int(r.from%10)), rules.Sq(int(r.to/10), int(r.to%10)))
		if !pos.IsLegal(m) {
			return fmt.Errorf("xqf: offset %d: move %d (%s) is illegal", r.offset, pos.Ply()+1, m)
		}
		node := parent.Child(m)
		if node == nil {
			if rd.nodes++; rd.nodes > maxRecordNodes {
				return fmt.Errorf("xqf: offset %d: too many moves", r.offset)
			}
			node = &Node{Move: m, Parent: parent}
			parent.Children = append(parent.Children, node)
		}
		if r.comment != "" {
			comments[node] = append(comments[node], r.comment)
		}
		if r.var_ {
			siblings = append(siblings, pending{parent, pos.Ply()})
		}
		if r.next {
			pos.MakeMove(m)
			parent = node
			continue
		}
		if len(siblings) == 0 {
			return nil
		}
		p := siblings[len(siblings)-1]
		siblings = siblings[:len(siblings)-1]
		for pos.Ply() > p.ply {
			pos.UnmakeMove()
		}
		parent = p.parent
	}
}
