package engine

import (
	"context"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// MultiPV lines have distinct first moves, and line k scores what a
// single-line search scores with the first moves of lines 1..k-1 banned.
func TestMultiPVMatchesSearchesWithBetterMovesExcluded(t *testing.T) {
	const depth = 4
	for _, fen := range []string{
		rules.StartFEN,
		"4kab2/4a4/4b4/p3p3p/2pn2r2/6B2/P3P3P/4B4/4A4/2R1KA3 w - - 0 1",
		"3ak4/4a4/9/9/9/9/9/9/4A4/3AK1R2 w - - 0 1",
	} {
		p := mustFEN(t, fen)
		var lines []Info
		s := NewSearcher(Options{HashMB: 4, Features: ExactFeatureSet()})
		res := s.Search(context.Background(), p, Limits{Depth: depth, MultiPV: 3}, func(i Info) {
			if i.Depth == depth {
				lines = append(lines, i)
			}
		})
		if len(lines) != 3 {
			t.Fatalf("%s: %d lines at depth %d, want 3", fen, len(lines), depth)
		}
		var better []rules.Move
		for k, l := range lines {
			if l.MultiPV != k+1 || len(l.PV) == 0 {
				t.Fatalf("%s: line %d is %+v", fen, k+1, l)
			}
			for _, m := range better {
				if l.PV[0] == m {
					t.Fatalf("%s: line %d repeats first move %s", fen, k+1, m)
				}
			}
			single := NewSearcher(Options{HashMB: 4, Features: ExactFeatureSet()})
			ref := single.Search(context.Background(), p, Limits{Depth: depth, BanMoves: better}, nil)
			if ref.Score != l.Score {
				t.Errorf("%s: line %d (%s) scores %d, a search without %v scores %d (%s)",
					fen, k+1, l.PV[0], l.Score, better, ref.Score, ref.Move)
			}
			better = append(better, l.PV[0])
		}
		if res.Move != lines[0].PV[0] {
			t.Fatalf("%s: result %s is not line 1's %s", fen, res.Move, lines[0].PV[0])
		}
	}
}
