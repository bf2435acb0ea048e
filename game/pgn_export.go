package game

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/transform"

	"github.com/xqfyne/xiangqi/engine"
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

// ExportPGN writes the whole line of the game as Xiangqi PGN: the
// [Game "Chinese Chess"] tag, the seven-tag roster (with Red and Black for
// the players), [FEN] when the game does not start from the standard
// position, then numbered moves and the result at the end of the line.
func (g *Game) ExportPGN(w io.Writer, opt PGNOptions) error {
	if opt.GBK {
		enc := transform.NewWriter(w, simplifiedchinese.GBK.NewEncoder())
		if err := g.writePGN(enc, opt.Notation); err != nil {
			return err
		}
		return enc.Close()
	}
	return g.writePGN(w, opt.Notation)
}

// resultAtEnd judges the game at the end of its line.
func (g *Game) resultAtEnd() Result {
	r := judge(g.positionBefore(len(g.moves)), g.rules)
	if !r.Decided() && g.declared != nil {
		return *g.declared
	}
	return r
}

func (g *Game) writePGN(w io.Writer, style Notation) error {
	bw := bufio.NewWriter(w)
	result := g.resultAtEnd()
	tag := func(name, value string) {
		fmt.Fprintf(bw, "[%s \"%s\"]\n", name, escapeTag(value))
	}
	orUnknown := func(s, unknown string) string {
		if s == "" {
			return unknown
		}
		return s
	}
	m := g.Meta
	tag("Game", "Chinese Chess")
	tag("Event", orUnknown(m.Event, "?"))
	tag("Site", orUnknown(m.Site, "?"))
	tag("Date", orUnknown(m.Date, "????.??.??"))
	tag("Round", orUnknown(m.Round, "?"))
	tag("Red", orUnknown(m.Red, "?"))
	tag("Black", orUnknown(m.Black, "?"))
	tag("Result", result.PGN())
	if m.ECCO != "" {
		tag("ECCO", m.ECCO)
	}
	if m.Opening != "" {
		tag("Opening", m.Opening)
	}
	if g.startFEN != engine.StartFEN {
		tag("FEN", g.startFEN)
	}
	switch style {
	case ICCS:
		tag("Format", "ICCS")
	case WXF:
		tag("Format", "WXF")
	}

	p := g.positionBefore(0)
	moveNo := p.FullmoveNumber()
	for i, mv := range g.moves {
		text := FormatMove(p, mv, style)
		if style == ICCS {
			text = strings.ToUpper(text[:2]) + "-" + strings.ToUpper(text[2:])
		}
		switch {
		case p.Side() == engine.Red:
			fmt.Fprintf(bw, "%3d. %s", moveNo, text)
		case i == 0:
			fmt.Fprintf(bw, "%3d. ... %s", moveNo, text)
		default:
			fmt.Fprintf(bw, " %s", text)
		}
		if p.Side() == engine.Black || i == len(g.moves)-1 {
			bw.WriteString("\n")
		}
		if p.Side() == engine.Black {
			moveNo++
		}
		p.MakeMove(mv)
	}
	fmt.Fprintf(bw, "%s\n", result.PGN())
	return bw.Flush()
}

func escapeTag(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, `"`, `\"`)
	return strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
}
