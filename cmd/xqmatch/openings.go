package main

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// defaultOpenings are short, common openings (ICCS moves from the start);
// each is played with both colours. There are only 30 of them: engines
// without randomness replay the same 60 games, so long matches should draw
// their openings from a book (-book).
var defaultOpenings = []string{
	"h2e2 h9g7", "h2e2 b9c7", "h2e2 h7e7", "h2e2 b7e7", "b2e2 h9g7",
	"c3c4 g6g5", "c3c4 b9c7", "g3g4 c6c5", "g3g4 h9g7", "b0c2 h9g7",
	"h0g2 b9c7", "c0e2 h7e7", "c0e2 c6c5", "g0e2 b7e7", "h2f2 h9g7",
	"h2d2 b9c7", "b2d2 h9g7", "h2e2 h9g7 h0g2 i9h9", "h2e2 b9c7 h0g2 a9b9",
	"c3c4 b7c7 b0c2", "h2e2 h7e7 h0g2 h9g7", "b0c2 c6c5 c3c4", "g3g4 b7c7 h0g2",
	"h2e2 c6c5 h0g2 b9c7", "c0e2 g6g5 h0i2", "i3i4 h9g7", "a3a4 b9c7", "h2g2 h9g7",
	"h2e2 g6g5 h0g2 h9g7", "b2e2 b9c7 b0c2 a9b9",
}

// bookOpenings draws n openings from a book: each is a walk from the start
// position that picks every move with probability proportional to its book
// weight, for plies moves or until the book has no move. Walks that end in
// a position already drawn (or its mirror, which plays the same game) are
// drawn again, so that no two openings are alike; when the book cannot give
// n different ones, it says so rather than repeating some.
func bookOpenings(book *book.Book, n, plies int, seed uint64) ([]string, error) {
	if n < 1 || plies < 1 {
		return nil, fmt.Errorf("book openings: want at least one opening of at least one ply")
	}
	rnd := rand.New(rand.NewPCG(seed, 0x0b0015))
	seen := map[uint64]bool{}
	var out []string
	// A thousand draws in a row that find nothing new mean the book is
	// spent; the bound keeps a small book from looping forever.
	for misses := 0; len(out) < n && misses < 1000; misses++ {
		pos := rules.NewPosition()
		var line []string
		for len(line) < plies {
			m, ok := book.Probe(pos, rnd)
			if !ok || !pos.MakeMove(m) {
				break
			}
			line = append(line, m.String())
		}
		key := min(pos.Hash64(), pos.Mirror().Hash64())
		if len(line) == 0 || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, strings.Join(line, " "))
		misses = -1
	}
	if len(out) < n {
		return nil, fmt.Errorf("book openings: the book gives only %d different openings of up to %d plies, %d wanted", len(out), plies, n)
	}
	return out, nil
}

// opening is a start FEN plus moves played from it.
type opening struct {
	fen   string
	moves []string
}

func openingPositions(lines []string) ([]opening, error) {
	var out []opening
	for _, l := range lines {
		o := opening{fen: rules.StartFEN}
		if strings.Contains(l, "/") {
			o.fen = l
		} else {
			o.moves = strings.Fields(l)
		}
		g, err := game.New(o.fen)
		if err != nil {
			return nil, fmt.Errorf("opening %q: %v", l, err)
		}
		for _, m := range o.moves {
			if err := g.PlayText(m); err != nil {
				return nil, fmt.Errorf("opening %q: %v", l, err)
			}
		}
		out = append(out, o)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no openings")
	}
	return out, nil
}
