// Command xqconvert converts Xiangqi game files: it reads PGN (UTF-8 or GBK,
// Chinese, WXF or ICCS moves, variations and comments), XQF (XQStudio's
// binary format, encrypted versions included) or a FEN, recognised by
// content, and writes PGN, XQF, or two lines of ICCS for scripts and for
// checking the readers against other programs.
//
//	xqconvert game.xqf                        # PGN in Chinese notation to stdout
//	xqconvert -notation wxf -gbk game.xqf     # PGN with WXF moves, GBK-encoded
//	xqconvert -to iccs game.pgn               # start FEN, then the main line as h2e2 h9g7 ...
//	xqconvert -to xqf -o game.xqf game.pgn    # unencrypted XQF 1.0 layout
//	cat game.pgn | xqconvert -to iccs         # no file (or "-"): read stdin
//
// A file whose name ends in .xqf or .pgn but whose content is of another
// kind is read by its content. Errors name the line (PGN) or byte offset
// (XQF) where reading failed; nothing is written then.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// maxInputBytes bounds what xqconvert reads; the readers have lower limits.
const maxInputBytes = 16 << 20

type config struct {
	to       string // pgn, iccs or xqf
	notation string // chinese, wxf or iccs (PGN only)
	gbk      bool
	out      string // "" = stdout
	in       string // "" or "-" = stdin
}

func main() {
	var c config
	flag.StringVar(&c.to, "to", "pgn", "output format: pgn, iccs (start FEN line and ICCS moves line) or xqf")
	flag.StringVar(&c.notation, "notation", "chinese", "PGN move notation: chinese, wxf or iccs")
	flag.BoolVar(&c.gbk, "gbk", false, "write PGN in GBK instead of UTF-8")
	flag.StringVar(&c.out, "o", "", "output file (default: standard output)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: xqconvert [flags] [file]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 1 {
		flag.Usage()
		os.Exit(2)
	}
	c.in = flag.Arg(0)
	if err := run(c, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "xqconvert:", err)
		os.Exit(1)
	}
}

func run(c config, stdin io.Reader, stdout io.Writer) error {
	notation, err := parseNotation(c.notation)
	if err != nil {
		return err
	}
	if c.to != "pgn" && c.to != "iccs" && c.to != "xqf" {
		return fmt.Errorf("-to %s: want pgn, iccs or xqf", rules.QuoteInput(c.to))
	}
	name, src := c.in, stdin
	if name == "" || name == "-" {
		name = "standard input"
	} else {
		f, err := os.Open(c.in)
		if err != nil {
			return err
		}
		defer f.Close()
		src = f
	}
	data, err := io.ReadAll(io.LimitReader(src, maxInputBytes+1))
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > maxInputBytes {
		return fmt.Errorf("%s: file too large", name)
	}
	rec, err := read(data, c.in)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}

	var out bytes.Buffer
	switch c.to {
	case "iccs":
		out.WriteString(rec.ICCSText())
	case "xqf":
		err = rec.ExportXQF(&out)
	default:
		err = rec.ExportPGN(&out, game.PGNOptions{Notation: notation, GBK: c.gbk})
	}
	if err != nil {
		return err
	}
	if c.out == "" {
		_, err = stdout.Write(out.Bytes())
		return err
	}
	return os.WriteFile(c.out, out.Bytes(), 0o644)
}

// read detects the content's format. A file named .xqf that is not XQF
// gets the XQF reader's error, which says what is wrong with it, rather
// than a PGN error about binary garbage.
func read(data []byte, name string) (*game.Record, error) {
	if strings.EqualFold(filepath.Ext(name), ".xqf") && game.DetectFormat(data) != game.FormatXQF {
		if _, err := game.ImportXQF(bytes.NewReader(data)); err != nil && !looksLikeText(data) {
			return nil, err
		}
	}
	rec, _, err := game.ReadRecord(data)
	return rec, err
}

func looksLikeText(data []byte) bool {
	return game.DetectFormat(data) != game.FormatUnknown && !bytes.ContainsRune(data, 0)
}

func parseNotation(s string) (game.Notation, error) {
	switch strings.ToLower(s) {
	case "chinese", "zh", "":
		return game.Chinese, nil
	case "wxf":
		return game.WXF, nil
	case "iccs":
		return game.ICCS, nil
	}
	return game.Chinese, errors.New("-notation " + rules.QuoteInput(s) + ": want chinese, wxf or iccs")
}
