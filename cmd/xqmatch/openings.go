package main

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

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
