// Command bookgen compiles the readable opening-book source (resources/openings.txt)
// into the binary book (resources/book.dat) that the app and engine embed. The
// output uses ElephantEye's BOOK.DAT layout, so book.LoadBook reads both.
//
// Every move of every line is checked legal; a bad line stops the build with its
// line number and nothing is written. With -depth N every position of every line
// is also searched N plies deep: a move that leaves its player clearly worse off
// (a blunder in the source) is reported and stops the build, or with -drop its
// line is left out of the book.
//
//	go run ./cmd/bookgen                      # resources/openings.txt -> resources/book.dat
//	go run ./cmd/bookgen -check               # fail if book.dat is out of date
//	go run ./cmd/bookgen -depth 7 -check      # also search every book position for blunders
//	go run ./cmd/bookgen -in my.txt -out my.dat
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/rules"
)

type config struct {
	in, out string
	check   bool
	depth   int  // search depth for leaf checks, 0 = none
	margin  int  // score (evaluation units, rook ≈ 200) beyond which a line is lopsided
	drop    bool // leave lopsided lines out instead of only reporting them
}

func main() {
	var c config
	flag.StringVar(&c.in, "in", "resources/openings.txt", "opening-book source file")
	flag.StringVar(&c.out, "out", "resources/book.dat", "book file to write")
	flag.BoolVar(&c.check, "check", false, "only verify that -out matches the compiled -in")
	flag.IntVar(&c.depth, "depth", 0, "search every book position this deep and report blunders (0: off)")
	flag.IntVar(&c.margin, "margin", 80, "score margin for -depth (a rook is about 200)")
	flag.BoolVar(&c.drop, "drop", false, "with -depth, leave lopsided lines out of the book")
	flag.Parse()
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "bookgen:", err)
		os.Exit(1)
	}
}

func run(c config) error {
	src, err := os.Open(c.in)
	if err != nil {
		return err
	}
	defer src.Close()
	lines, err := book.ParseOpenings(src)
	if err != nil {
		return fmt.Errorf("%s: %w", c.in, err)
	}
	if c.depth > 0 {
		var blunders int
		lines, blunders = checkLines(lines, c)
		if blunders > 0 && !c.drop {
			return fmt.Errorf("%s: %d line(s) with a blunder (fix them, or pass -drop to leave them out)", c.in, blunders)
		}
	}
	data, stats, err := book.BuildBook(lines)
	if err != nil {
		return fmt.Errorf("%s: %w", c.in, err)
	}
	// Load what we built: the generator must never emit a book the reader rejects.
	if _, err := book.LoadBook(data); err != nil {
		return fmt.Errorf("compiled book does not load: %w", err)
	}
	if c.check {
		old, err := os.ReadFile(c.out)
		if err != nil {
			return err
		}
		if !bytes.Equal(old, data) {
			return fmt.Errorf("%s is out of date with %s: run go run ./cmd/bookgen", c.out, c.in)
		}
		fmt.Printf("%s is up to date (%d lines, %d positions, %d records)\n", c.out, stats.Lines, stats.Positions, stats.Records)
		return nil
	}
	if err := os.WriteFile(c.out, data, 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s: %d lines, %d positions, %d records, %d bytes\n", c.out, stats.Lines, stats.Positions, stats.Records, len(data))
	return nil
}

// checkLines searches every position of every line (each position once) and
// reports the first move of a line that leaves its player worse off than the
// margin: a blunder in the source. It returns the lines to keep (all of them
// unless c.drop) and the number of lines with a blunder.
func checkLines(lines []book.OpeningLine, c config) ([]book.OpeningLine, int) {
	searcher := engine.NewSearcher(engine.Options{Seed: 1})
	scores := make(map[uint64]int) // position hash -> score for the side that just moved
	kept := lines[:0:0]
	blunders := 0
	for _, line := range lines {
		p := rules.NewPosition()
		bad := false
		for ply, m := range line.Moves {
			p.MakeMove(m)
			key := p.Hash64()
			forMover, ok := scores[key]
			if !ok {
				q := p.Copy()
				q.ClearHistory()
				searcher.Clear()
				res := searcher.Search(context.Background(), q, engine.Limits{Depth: c.depth}, nil)
				forMover = -res.Score // res.Score is for the side to move next
				scores[key] = forMover
			}
			if forMover < -c.margin {
				fmt.Printf("line %d %s: ply %d %v scores %d for its player\n", line.LineNo, line.Name, ply+1, m, forMover)
				bad = true
				break
			}
		}
		if bad {
			blunders++
			if c.drop {
				continue
			}
		}
		kept = append(kept, line)
	}
	return kept, blunders
}
