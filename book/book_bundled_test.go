package book

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/rules"
)

// The bundled book lives in resources/ (embedded there as resources.Book());
// these tests read the same files from disk because package engine must not
// import the GUI-facing resources package.

func readBundledSource(t testing.TB) []OpeningLine {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "resources", "openings.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines, err := ParseOpenings(f)
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

func loadBundledBook(t testing.TB) *Book {
	t.Helper()
	b, err := LoadBookFile(filepath.Join("..", "resources", "book.dat"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestBundledBookIsUpToDate(t *testing.T) {
	data, stats, err := BuildBook(readBundledSource(t))
	if err != nil {
		t.Fatal(err)
	}
	onDisk, err := os.ReadFile(filepath.Join("..", "resources", "book.dat"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, onDisk) {
		t.Fatal("resources/book.dat is out of date: run go run ./cmd/bookgen")
	}
	t.Logf("bundled book: %d lines, %d positions, %d records", stats.Lines, stats.Positions, stats.Records)
	if stats.Positions < 300 {
		t.Errorf("bundled book has %d positions, want several hundred", stats.Positions)
	}
}

func TestBundledOpeningsCoverTheMainSystems(t *testing.T) {
	lines := readBundledSource(t)
	var names strings.Builder
	for _, l := range lines {
		if n := len(l.Moves); n < 8 || n > 20 {
			t.Errorf("line %d %s: %d plies, want 8 to 20", l.LineNo, l.Name, n)
		}
		names.WriteString(l.Name + "\n")
	}
	for _, system := range []string{"屏风马", "反宫马", "单提马", "顺炮", "列炮", "仙人指路", "飞相", "起马", "士角炮", "过宫炮"} {
		if !strings.Contains(names.String(), system) {
			t.Errorf("no opening line for %s", system)
		}
	}
}

func TestBundledBookFirstMoveSpread(t *testing.T) {
	b := loadBundledBook(t)
	start := rules.NewPosition()
	if mv, ok := b.Probe(start, nil); !ok || (mv.String() != "h2e2" && mv.String() != "b2e2") {
		t.Fatalf("deterministic first move %v %v, want the central cannon", mv, ok)
	}
	// Mirror-image first moves are the same opening.
	family := map[string]string{
		"h2e2": "中炮", "b2e2": "中炮", "c3c4": "仙人指路", "g3g4": "仙人指路",
		"g0e2": "飞相", "c0e2": "飞相", "h0g2": "起马", "b0c2": "起马",
		"b2d2": "士角炮", "h2f2": "士角炮", "h2d2": "过宫炮", "b2f2": "过宫炮",
	}
	count := map[string]int{}
	rnd := rand.New(rand.NewPCG(2026, 4))
	for i := 0; i < 200; i++ {
		mv, ok := b.Probe(start, rnd)
		if !ok || !start.IsLegal(mv) {
			t.Fatalf("try %d: Probe = %v %v", i, mv, ok)
		}
		name, known := family[mv.String()]
		if !known {
			t.Fatalf("unexpected first move %v", mv)
		}
		count[name]++
	}
	t.Logf("first moves over 200 tries: %v", count)
	for _, name := range []string{"仙人指路", "飞相", "起马"} {
		if count[name] == 0 {
			t.Errorf("%s never chosen in 200 tries", name)
		}
		if count[name] >= count["中炮"] {
			t.Errorf("%s chosen %d times, not less than 中炮 (%d)", name, count[name], count["中炮"])
		}
	}
	if count["中炮"] < 80 {
		t.Errorf("中炮 chosen %d of 200 times, want it clearly the most common", count["中炮"])
	}
}

// Every line of the source is in the book for both colours: at each ply the
// move of the line is among the book moves, so the engine stays in book as
// long as its opponent does, whichever side it plays.
func TestBundledBookFollowsEveryLine(t *testing.T) {
	b := loadBundledBook(t)
	for _, line := range readBundledSource(t) {
		p := rules.NewPosition()
		for ply, m := range line.Moves {
			found := false
			for _, bm := range b.Moves(p) {
				if !p.IsLegal(bm.Move) {
					t.Fatalf("line %d ply %d: illegal book move %v", line.LineNo, ply+1, bm.Move)
				}
				found = found || (bm.Move == m && bm.Weight >= line.Weight)
			}
			if !found {
				t.Fatalf("line %d %s ply %d (%v to move): %v missing from %v", line.LineNo, line.Name, ply+1, p.Side(), m, b.Moves(p))
			}
			p.MakeMove(m)
		}
		// Played from the mirrored start the line is found through mirror lookup.
		mp := rules.NewPosition()
		for ply, m := range line.Moves {
			found := false
			for _, bm := range b.Moves(mp) {
				found = found || bm.Move == m.Mirror()
			}
			if !found {
				t.Fatalf("line %d %s mirrored, ply %d: %v not in book", line.LineNo, line.Name, ply+1, m.Mirror())
			}
			mp.MakeMove(m.Mirror())
		}
	}
}

// The engine playing both sides from the book with randomness on stays in book
// for several moves and only ever plays legal moves.
func TestBundledBookSelfPlay(t *testing.T) {
	b := loadBundledBook(t)
	probe := b.Prober(rand.New(rand.NewPCG(9, 9)))
	total := 0
	const games = 100
	for g := 0; g < games; g++ {
		p := rules.NewPosition()
		for {
			mv, ok := probe(p)
			if !ok {
				break
			}
			if !p.MakeMove(mv) {
				t.Fatalf("game %d: book move %v not playable in %s", g, mv, p.FEN())
			}
		}
		if p.Ply() < 8 {
			t.Errorf("game %d left the book after %d plies", g, p.Ply())
		}
		total += p.Ply()
	}
	t.Logf("average book depth over %d games: %.1f plies", games, float64(total)/games)
}

func BenchmarkBundledBookProbe(b *testing.B) {
	book := loadBundledBook(b)
	p := bookPlay(b, "h2e2", "h9g7", "h0g2")
	rnd := rand.New(rand.NewPCG(5, 6))
	for b.Loop() {
		if _, ok := book.Probe(p, rnd); !ok {
			b.Fatal("position not in book")
		}
	}
}

// Through the search's book hook, as the app and cmd/xqengine use it: the
// engine answers from the book, playing either colour, for as long as the
// opponent stays in book, and searches once the position leaves the book.
func TestBundledBookThroughSearcher(t *testing.T) {
	b := loadBundledBook(t)
	s := engine.NewSearcher(engine.Options{HashMB: 1, Seed: 1, BookProbe: b.Prober(rand.New(rand.NewPCG(8, 8)))})
	lim := engine.Limits{Depth: 1}
	opponent := rand.New(rand.NewPCG(3, 5))
	for _, engineSide := range []rules.Color{rules.Red, rules.Black} {
		for game := 0; game < 10; game++ {
			p := rules.NewPosition()
			engineBookMoves := 0
			for {
				inBook := len(b.Moves(p)) > 0
				if p.Side() != engineSide {
					mv, ok := b.Probe(p, opponent)
					if !ok {
						break // the opponent leaves the book
					}
					p.MakeMove(mv)
					continue
				}
				res := s.Search(t.Context(), p, lim, nil)
				if res.FromBook != inBook {
					t.Fatalf("engine as %v, game %d, ply %d: from book %v but position in book %v", engineSide, game, p.Ply(), res.FromBook, inBook)
				}
				if !inBook {
					if res.Move == rules.NoMove {
						t.Fatal("no searched move after leaving the book")
					}
					break
				}
				if !p.MakeMove(res.Move) {
					t.Fatalf("book move %v not playable", res.Move)
				}
				engineBookMoves++
			}
			if engineBookMoves < 4 {
				t.Errorf("engine as %v, game %d: only %d book moves", engineSide, game, engineBookMoves)
			}
		}
	}
}
