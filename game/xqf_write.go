package game

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/xqfyne/xiangqi/rules"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// xqfPlainVersion is the version ExportXQF writes: the unencrypted layout
// of XQF 1.0, whose flag nibbles also carry variations.
const xqfPlainVersion = 10

// ExportXQF writes the record as an unencrypted XQF file (version 1.0
// layout, which every XQStudio version and ImportXQF read) with its
// variations, comments, metadata and recorded result. Text is written in
// GBK; characters GBK lacks become '?', and header strings are cut to their
// field at a character boundary.
func (r *Record) ExportXQF(w io.Writer) error {
	var h [16]byte
	h[0], h[1], h[2] = 'X', 'Q', xqfPlainVersion
	data, err := r.encodeXQF(h)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// encodeXQF encodes the record with the first 16 header bytes h (magic,
// version and key bytes): a plain file for version ≤ 10, an encrypted one
// with the keys h implies otherwise.
func (r *Record) encodeXQF(h [16]byte) ([]byte, error) {
	c, err := newXQFCipher(h[:])
	if err != nil {
		return nil, err
	}
	pos := r.StartPosition()
	squares, err := xqfSquaresOf(pos)
	if err != nil {
		return nil, err
	}
	out := make([]byte, xqfHeaderSize)
	copy(out, h[:])
	for i := range squares {
		j := i
		if c.rotatePieces {
			j = (i + int(c.square) + 1) % 32
		}
		out[xqfPiecesAt+i] = squares[j] + c.square
	}
	if pos.Side() == rules.Black {
		out[xqfWhoPlayAt] = 1
	}
	switch r.Result.Status {
	case RedWins:
		out[xqfResultAt] = 1
	case BlackWins:
		out[xqfResultAt] = 2
	case Draw:
		out[xqfResultAt] = 3
	}
	m := r.Meta
	for _, f := range []struct {
		field xqfString
		text  string
	}{{xqfTitle, m.Title}, {xqfEvent, m.Event}, {xqfDate, m.Date}, {xqfSite, m.Site}, {xqfRed, m.Red}, {xqfBlack, m.Black}} {
		b := encodeGBKPrefix(f.text, f.field.size-1)
		out[f.field.offset] = byte(len(b))
		copy(out[f.field.offset+1:], b)
	}

	// The records in depth-first order: each node, then its continuation's
	// subtree, then its next sibling.
	for _, n := range r.Nodes() {
		next := len(n.Children) > 0
		variation := n.Parent != nil && n.Parent.Children[len(n.Parent.Children)-1] != n
		comment := encodeGBKPrefix(cleanComment(n.Comment), xqfMaxComment)
		var from, to byte // the root's record carries no move
		if n.Parent != nil {
			from = byte(n.Move.From().File()*10 + n.Move.From().Rank())
			to = byte(n.Move.To().File()*10 + n.Move.To().Rank())
		}
		rec := []byte{from + xqfFromBias + c.from, to + xqfToBias + c.to, 0, 0}
		if n.Parent == nil {
			rec[3] = 0xFF // as XQStudio writes the root's record
		}
		withLength := true
		if c.scheme {
			if next {
				rec[2] |= xqfNext
			}
			if variation {
				rec[2] |= xqfVar
			}
			if len(comment) > 0 {
				rec[2] |= xqfHasComment
			} else {
				withLength = false
			}
		} else {
			if next {
				rec[2] |= xqfPlainNext
			}
			if variation {
				rec[2] |= xqfPlainVar
			}
		}
		if withLength {
			rec = binary.LittleEndian.AppendUint32(rec, uint32(len(comment)+c.comment))
			rec = append(rec, comment...)
		}
		for _, b := range rec {
			out = append(out, b+c.stream[len(out)%32])
		}
		if len(out) > maxXQFBytes {
			return nil, errors.New("xqf: record too large for an XQF file")
		}
	}
	return out, nil
}

// xqfSquaresOf lists the square (X·10+Y) of the piece in each of the 32
// header slots, xqfNoSquare for pieces not on the board. Like XQStudio,
// Red's slots are filled from Red's right, Black's from Black's left.
func xqfSquaresOf(pos *rules.Position) ([32]byte, error) {
	var squares [32]byte
	for i := range squares {
		squares[i] = xqfNoSquare
	}
	for y := 0; y < 10; y++ {
		for i := 0; i < 18; i++ {
			x := i % 9
			if i < 9 { // first pass: Red from the right
				x = 8 - i
			}
			pc := pos.At(rules.Sq(x, y))
			if pc == rules.NoPiece || (pc.Color() == rules.Red) != (i < 9) {
				continue
			}
			if pc == rules.NoPiece {
				continue
			}
			slot := -1
			for i := 0; i < 32; i++ {
				if xqfPieceOrder[i] == pc.FENChar() && squares[i] == xqfNoSquare {
					slot = i
					break
				}
			}
			if slot < 0 {
				return squares, fmt.Errorf("xqf: the position has more %c pieces than an XQF file can hold", pc.FENChar())
			}
			squares[slot] = byte(x*10 + y)
		}
	}
	return squares, nil
}

// encodeGBKPrefix encodes s in GBK ('?' for characters GBK lacks), keeping
// whole characters up to max bytes.
func encodeGBKPrefix(s string, max int) []byte {
	enc := encoding.ReplaceUnsupported(simplifiedchinese.GBK.NewEncoder())
	var out []byte
	for _, r := range s {
		if r == utf8.RuneError {
			r = '?'
		}
		b, err := enc.Bytes([]byte(string(r)))
		if err != nil {
			b = []byte{'?'}
		}
		if len(out)+len(b) > max {
			break
		}
		out = append(out, b...)
	}
	return out
}
