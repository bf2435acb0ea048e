package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/rules"
)

// testNet is a random net: what it plays does not matter here, only that
// the search evaluates with it.
func testNet() *nnue.Net {
	return nnue.NewFloatNet(128, 16, 100, rand.New(rand.NewPCG(1, 1))).Quantize("engine test")
}

func BenchmarkSearchNNUE(b *testing.B) {
	net := testNet()
	p := rules.NewPosition()
	for i := 0; i < b.N; i++ {
		s := NewSearcher(Options{HashMB: 16, Threads: 1, Seed: 1, Net: net})
		s.Search(context.Background(), p, Limits{Nodes: 100000}, nil)
	}
}
