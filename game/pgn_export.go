package game

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/xqfyne/xiangqi/rules"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/transform"
)

// PGNOptions controls ExportPGN.
type PGNOptions struct {
	// Notation of the moves: Chinese (default), WXF or ICCS. ICCS moves are
	// written H2-E2 with a [Format "ICCS"] tag and WXF with
	// [Format "WXF"], as XQ PGN readers expect.
	Notation Notation
	// GBK writes the file in GBK, the encoding of most Chinese Xiangqi
	// software; otherwise UTF-8.
	GBK bool
}

// ExportPGN writes the record as Xiangqi PGN with its comments and
// variations, in the canonical form described in README.md: ImportPGNRecord
// reads it back to the same tree, and exporting that again gives the same
// bytes.
func (r *Record) ExportPGN(w io.Writer, opt PGNOptions) error {
	if opt.GBK {
		enc := transform.NewWriter(w, simplifiedchinese.GBK.NewEncoder())
		err := r.writePGN(enc, opt.Notation)
		if err == nil {
			err = enc.Close()
		}
		if errors.Is(err, encoding.ErrInvalidUTF8) || isUnsupportedRune(err) {
			return fmt.Errorf("pgn: the game has characters GBK cannot encode; write UTF-8 instead (%w)", err)
		}
		return err
	}
	return r.writePGN(w, opt.Notation)
}

// isUnsupportedRune reports an encoder's "rune not supported" error.
func isUnsupportedRune(err error) bool {
	return err != nil && strings.Contains(err.Error(), "rune not supported")
}

func (r *Record) writePGN(w io.Writer, style Notation) error {
	result, err := r.ResultAtEnd()
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	tag := func(name, value string) {
		fmt.Fprintf(bw, "[%s \"%s\"]\n", name, escapeTag(value))
	}
	orUnknown := func(s, unknown string) string {
		if s == "" {
			return unknown
		}
		return s
	}
	m := r.Meta
	tag("Game", "Chinese Chess")
	tag("Event", orUnknown(m.Event, "?"))
	tag("Site", orUnknown(m.Site, "?"))
	tag("Date", orUnknown(m.Date, "????.??.??"))
	tag("Round", orUnknown(m.Round, "?"))
	tag("Red", orUnknown(m.Red, "?"))
	tag("Black", orUnknown(m.Black, "?"))
	tag("Result", result.PGN())
	if m.Title != "" {
		tag("Title", m.Title)
	}
	if m.ECCO != "" {
		tag("ECCO", m.ECCO)
	}
	if m.Opening != "" {
		tag("Opening", m.Opening)
	}
	for _, t := range [...]struct{ name, value string }{
		{"RedElo", m.RedElo}, {"BlackElo", m.BlackElo}, {"TimeControl", m.TimeControl}, {"Termination", m.Termination},
	} {
		if t.value != "" {
			tag(t.name, t.value)
		}
	}
	if r.startFEN != rules.StartFEN {
		tag("FEN", r.startFEN)
	}
	switch style {
	case ICCS:
		tag("Format", "ICCS")
	case WXF:
		tag("Format", "WXF")
	}
	mw := &moveTextWriter{w: bw, style: style, lineStart: true}
	if c := pgnComment(r.Root.Comment); c != "" {
		fmt.Fprintf(bw, "{%s}\n", c)
	}
	mw.mainLine(r.Root, r.StartPosition())
	if !mw.lineStart {
		bw.WriteString("\n")
	}
	fmt.Fprintf(bw, "%s\n", result.PGN())
	return bw.Flush()
}

// moveTextWriter writes move text. The main line has one move pair per
// line ("  1. 炮二平五 马８进７"); a comment or variations after a move go
// on lines of their own, a variation with everything nested in it on one
// line, and the main line resumes on a new line ("  1. ... 马８进７" when
// Black moves next).
type moveTextWriter struct {
	w         *bufio.Writer
	style     Notation
	lineStart bool // the main line's next move starts a line
}

func (mw *moveTextWriter) moveText(pos *rules.Position, m rules.Move) string {
	text := FormatMove(pos, m, mw.style)
	if mw.style == ICCS {
		text = strings.ToUpper(text[:2]) + "-" + strings.ToUpper(text[2:])
	}
	return text
}

func (mw *moveTextWriter) endLine() {
	if !mw.lineStart {
		mw.w.WriteString("\n")
		mw.lineStart = true
	}
}

// mainLine writes the main continuation from node at (position pos, which
// it consumes) with comments and variations.
func (mw *moveTextWriter) mainLine(at *Node, pos *rules.Position) {
	for n := at.Next(); n != nil; n = n.Next() {
		moveNo, side := pos.FullmoveNumber(), pos.Side()
		text := mw.moveText(pos, n.Move)
		switch {
		case side == rules.Red:
			fmt.Fprintf(mw.w, "%3d. %s", moveNo, text)
		case mw.lineStart:
			fmt.Fprintf(mw.w, "%3d. ... %s", moveNo, text)
		default:
			fmt.Fprintf(mw.w, " %s", text)
		}
		mw.lineStart = false
		if c := pgnComment(n.Comment); c != "" {
			mw.endLine()
			fmt.Fprintf(mw.w, "{%s}\n", c)
		}
		for _, v := range n.Parent.Children[1:] {
			mw.endLine()
			var b strings.Builder
			writeVariation(&b, pos.Copy(), v, mw.style)
			fmt.Fprintf(mw.w, "%s\n", b.String())
		}
		if side == rules.Black {
			mw.endLine()
		}
		pos.MakeMove(n.Move)
	}
}

// writeVariation writes "(" the line starting with move v in pos, its
// comments and nested variations ")" on one line.
func writeVariation(b *strings.Builder, pos *rules.Position, v *Node, style Notation) {
	mw := &moveTextWriter{style: style}
	b.WriteString("(")
	numbered := true // the next Black move needs its number
	for n := v; n != nil; n = n.Next() {
		if n != v {
			b.WriteString(" ")
		}
		moveNo := pos.FullmoveNumber()
		switch {
		case pos.Side() == rules.Red:
			fmt.Fprintf(b, "%d. ", moveNo)
		case numbered:
			fmt.Fprintf(b, "%d. ... ", moveNo)
		}
		b.WriteString(mw.moveText(pos, n.Move))
		numbered = false
		if c := pgnComment(n.Comment); c != "" {
			fmt.Fprintf(b, " {%s}", c)
			numbered = true
		}
		for _, sub := range n.Parent.Children {
			if sub == n || n == v { // v's siblings are written by the caller
				continue
			}
			b.WriteString(" ")
			writeVariation(b, pos.Copy(), sub, style)
			numbered = true
		}
		pos.MakeMove(n.Move)
	}
	b.WriteString(")")
}

// pgnComment makes a comment writable between braces.
func pgnComment(s string) string {
	return cleanComment(s)
}

func escapeTag(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, `"`, `\"`)
	return plainText(strings.NewReplacer("\n", " ", "\r", " ").Replace(s), "")
}
