package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/rules"
)

// TestQuantisedFollowsFloat checks that the integer net scores as the
// float net it came from, within the rounding of the quantisation.
func TestQuantisedFollowsFloat(t *testing.T) {
	// 16 takes the unrolled path, 5 an odd number of packed pairs.
	for _, l2 := range []int{8, 16, 5} {
		quantisedFollowsFloat(t, l2)
	}
}

func quantisedFollowsFloat(t *testing.T, l2 int) {
	f := NewFloatNet(64, l2, 160, rand.New(rand.NewPCG(5, 5)))
	net, err := f.Quantize("")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	p := rules.NewPosition()
	for ply := 0; ply < 100; ply++ {
		ms := p.LegalMoves()
		if len(ms) == 0 {
			break
		}
		p.MakeMove(ms[rng.IntN(len(ms))])
		s := p.Side()
		want := f.Forward(nnue.ActiveFeatures(p, s, nil), nnue.ActiveFeatures(p, s^1, nil)) * f.OutScale
		if got := float64(net.Evaluate(p)); math.Abs(got-want) > 8+0.05*math.Abs(want) {
			t.Fatalf("L2=%d, %s: quantised %v, float %.1f", l2, p.FEN(), got, want)
		}
	}
}

// A float net whose layers do not fit its sizes is refused, not quantised.
func TestQuantizeRefusesAMisshapenNet(t *testing.T) {
	f := NewFloatNet(8, 2, 100, rand.New(rand.NewPCG(1, 1)))
	f.HW = f.HW[:len(f.HW)-1]
	if _, err := f.Quantize(""); err == nil {
		t.Fatal("a float net one hidden weight short was quantised")
	}
}
