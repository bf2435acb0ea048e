package engine

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/nnue/train"
	"github.com/xqfyne/xiangqi/rules"
)

// testNet is a random net: what it plays does not matter here, only that
// the search evaluates with it.
func testNet(tb testing.TB) *nnue.Net {
	tb.Helper()
	net, err := train.NewFloatNet(128, 16, 100, rand.New(rand.NewPCG(1, 1))).Quantize("engine test")
	if err != nil {
		tb.Fatal(err)
	}
	return net
}

func BenchmarkSearchNNUE(b *testing.B) {
	net := testNet(b)
	p := rules.NewPosition()
	for i := 0; i < b.N; i++ {
		s := NewSearcher(Options{HashMB: 16, Threads: 1, Seed: 1, Net: net})
		s.Search(context.Background(), p, Limits{Nodes: 100000}, nil)
	}
}

// TestSearchWithNet searches with a net and checks, at every evaluation,
// that the accumulators the search kept move by move (through captures,
// king moves, null moves and quiescence) score as accumulators made anew.
func TestSearchWithNet(t *testing.T) {
	net := testNet(t)
	s := NewSearcher(Options{HashMB: 4, Threads: 1, Seed: 1, Net: net})
	fens := []string{rules.StartFEN,
		"r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1",
		"3k5/4a4/4ba3/4N4/2b6/9/9/9/4A4/3AK1R2 w - - 0 1"}
	for _, fen := range fens {
		p, err := rules.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		s.Search(context.Background(), p, Limits{Depth: 1}, nil) // makes the worker
		mismatches := 0
		s.workers[0].netMismatches = &mismatches
		res := s.Search(context.Background(), p, Limits{Nodes: 30000}, nil)
		s.workers[0].netMismatches = nil
		if mismatches != 0 {
			t.Errorf("%s: %d evaluations differ from a fresh net evaluation", fen, mismatches)
		}
		if !p.IsLegal(res.Move) || res.Nodes < 20000 {
			t.Errorf("%s: move %v after %d nodes", fen, res.Move, res.Nodes)
		}
	}
	// Without the net the search is classical again.
	s.SetNet(nil)
	p := rules.NewPosition()
	s.Search(context.Background(), p, Limits{Depth: 1}, nil)
	if s.workers[0].nn != nil {
		t.Error("the worker kept the net after SetNet(nil)")
	}
}

// BenchmarkBenchNNUE runs the bench positions with the net in NNUE_FILE
// (skipped without one), to profile the search with a trained net.
func BenchmarkBenchNNUE(b *testing.B) {
	path := os.Getenv("NNUE_FILE")
	if path == "" {
		b.Skip("NNUE_FILE names no net")
	}
	net, err := nnue.LoadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		r, err := BenchNet(7, 16, net)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(r.NPS()), "nodes/s")
	}
}
