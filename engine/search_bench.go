package engine

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/rules"
)

// benchPositions are the positions of the bench command: a FEN and moves
// played from it, covering openings, middlegames and endgames.
var benchPositions = []struct{ fen, moves string }{
	{rules.StartFEN, ""},
	{rules.StartFEN, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6 c6c5"},
	{rules.StartFEN, "h2e2 h7e7 h0g2 h9g7 i0h0 i9h9 h0h4 b9c7"},
	{rules.StartFEN, "c3c4 c6c5 b0c2 b9c7 b2b6 h9g7"},
	{rules.StartFEN, "b2e2 b9c7 b0c2 a9b9 a0b0 h9g7 h0g2 b7b3 c3c4 i9h9"},
	{rules.StartFEN, "g3g4 b7c7 h2c2 h9i7 h0g2 i9h9 i0h0 h7h3"},
	{rules.StartFEN, "h2e2 h9g7 h0g2 g6g5 i0h0 i9h9 b0c2 b9c7 h0h4 h7i7 e2e6 i7i3"},
	{"3ak4/4a4/9/9/9/9/9/9/9/3RK4 w - - 0 1", ""},
	{"4k4/9/3a5/9/9/9/9/4B4/3p5/4K4 b - - 0 1", ""},
	{"2bakab2/9/2n1c1n2/p3p3p/2p3p2/9/P1P1P1P1P/1CN3N2/9/R1BAKAB1R w - - 0 1", ""},
	{"r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1", ""},
	{"3k5/4a4/4ba3/4N4/2b6/9/9/9/4A4/3AK1R2 w - - 0 1", ""},
}

// BenchPositions returns the bench positions, ready to search.
func BenchPositions() ([]*rules.Position, error) {
	var out []*rules.Position
	for i, bp := range benchPositions {
		p, err := rules.ParseFEN(bp.fen)
		if err != nil {
			return nil, fmt.Errorf("bench position %d: %v", i, err)
		}
		for _, t := range strings.Fields(bp.moves) {
			m, err := rules.ParseMove(t)
			if err != nil || !p.IsLegal(m) {
				return nil, fmt.Errorf("bench position %d: illegal move %q", i, t)
			}
			p.MakeMove(m)
		}
		out = append(out, p)
	}
	return out, nil
}

// BenchResult sums a bench run.
type BenchResult struct {
	Positions int
	Nodes     uint64 // the signature: changes only when the search changes
	Time      time.Duration
}

// NPS returns nodes per second.
func (b BenchResult) NPS() uint64 {
	if b.Time <= 0 {
		return 0
	}
	return uint64(float64(b.Nodes) / b.Time.Seconds())
}

// Bench searches every bench position to a fixed depth with one thread, no
// randomness and a cleared hash table, so the node count is reproducible.
func Bench(depth, hashMB int) (BenchResult, error) { return BenchNet(depth, hashMB, nil) }

// BenchNet is Bench evaluating with net (nil: the classical evaluation).
func BenchNet(depth, hashMB int, net *nnue.Net) (BenchResult, error) {
	positions, err := BenchPositions()
	if err != nil {
		return BenchResult{}, err
	}
	if depth < 1 {
		depth = 1
	}
	s := NewSearcher(Options{HashMB: hashMB, Threads: 1, Seed: 1, Net: net})
	var r BenchResult
	for _, p := range positions {
		s.Clear()
		res := s.Search(context.Background(), p, Limits{Depth: depth}, nil)
		r.Nodes += res.Nodes
		r.Time += res.Time
		r.Positions++
	}
	return r, nil
}
