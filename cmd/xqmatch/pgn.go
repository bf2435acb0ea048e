package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/i18n"
)

// writePGN appends a finished game to w as Xiangqi PGN (ICCS moves), with a
// Termination tag saying how it ended and the clocks left in clock mode.
func writePGN(w io.Writer, p played, round int, red, black string, clockMode bool, texts *i18n.Catalogs) error {
	p.g.Record().Meta = game.Metadata{Event: "xqmatch", Round: fmt.Sprint(round), Red: red, Black: black}
	var buf bytes.Buffer
	if err := p.g.Record().ExportPGN(&buf, game.PGNOptions{Notation: game.ICCS}); err != nil {
		return err
	}
	extra := fmt.Sprintf("[Termination %q]\n", p.termination(texts))
	if clockMode {
		extra += fmt.Sprintf("[RedClock \"%.3f\"]\n[BlackClock \"%.3f\"]\n", p.clocks[0].Seconds(), p.clocks[1].Seconds())
	}
	text := buf.String()
	// The extra tags go right after the Result tag, inside the tag section.
	if i := strings.Index(text, "[Result "); i >= 0 {
		j := i + strings.Index(text[i:], "\n") + 1
		text = text[:j] + extra + text[j:]
	}
	_, err := io.WriteString(w, text+"\n")
	return err
}
