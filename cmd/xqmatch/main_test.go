package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/internal/matchstat"
	"github.com/xqfyne/xiangqi/rules"
)

func TestTallySummary(t *testing.T) {
	var tl tally
	for _, s := range []float64{1, 1, 1, 0.5, 0.5, 0, 1, 0.5} {
		tl.add(s)
	}
	got := tl.summary()
	if tl.wins != 4 || tl.draws != 3 || tl.losses != 1 || !strings.Contains(got, "W/D/L 4/3/1") || !strings.Contains(got, "score 68.8%") {
		t.Fatalf("summary %q (%+v)", got, tl)
	}
	if (tally{}).summary() != "no games" {
		t.Fatal("empty tally")
	}
}

func TestOpeningPositions(t *testing.T) {
	ops, err := openingPositions(matchstat.DefaultOpenings)
	if err != nil || len(ops) != len(matchstat.DefaultOpenings) {
		t.Fatalf("default openings: %v", err)
	}
	if _, err := openingPositions([]string{"h2e2 h2e2"}); err == nil {
		t.Fatal("illegal opening accepted")
	}
	if _, err := openingPositions([]string{"rnbakabnr/9 w"}); err == nil {
		t.Fatal("bad FEN accepted")
	}
}

// Openings drawn from a book are legal, all different (mirrors count as
// the same), reproducible from the seed, and a book too small for the
// number wanted is an error rather than a loop or repeats.
func TestBookOpenings(t *testing.T) {
	book, err := book.LoadBookFile(filepath.Join("..", "..", "resources", "book.dat"))
	if err != nil {
		t.Fatal(err)
	}
	lines, err := bookOpenings(book, 30, 6, 1)
	if err != nil {
		t.Fatal(err)
	}
	ops, err := openingPositions(lines)
	if err != nil || len(ops) != 30 {
		t.Fatalf("%d openings: %v", len(ops), err)
	}
	seen := map[uint64]string{}
	for _, l := range lines {
		g, _ := game.New(rules.StartFEN)
		for _, m := range strings.Fields(l) {
			if err := g.PlayText(m); err != nil {
				t.Fatalf("%q: %v", l, err)
			}
		}
		p := g.Position()
		key := min(p.Hash64(), p.Mirror().Hash64())
		if other, ok := seen[key]; ok {
			t.Fatalf("%q and %q reach the same position", l, other)
		}
		seen[key] = l
	}
	again, _ := bookOpenings(book, 30, 6, 1)
	other, _ := bookOpenings(book, 30, 6, 2)
	if !slices.Equal(lines, again) || slices.Equal(lines, other) {
		t.Fatal("openings are not a function of the seed")
	}
	if got, err := bookOpenings(book, 100000, 6, 1); err == nil || !strings.Contains(err.Error(), "only") {
		t.Fatalf("100000 openings from a small book: %d, %v", len(got), err)
	}
}
