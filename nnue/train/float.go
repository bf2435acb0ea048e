package train

import (
	"math"
	"math/rand/v2"

	"github.com/xqfyne/xiangqi/nnue"
)

// FloatNet is the network in float32, as a trainer holds it: activations
// clipped to [0, 1], the output in units of OutScale. Quantize turns it
// into the nnue.Net the engine runs.
type FloatNet struct {
	H, L2    int
	OutScale float64
	FTBias   []float32 // H
	FTW      []float32 // Inputs × H, input-major
	HBias    []float32 // L2
	HW       []float32 // L2 × 2H
	OutBias  float32
	OutW     []float32 // L2
}

// NewFloatNet makes a net with small random weights from rng (the
// initialisation both trainers use: uniform, scaled by the fan-in).
func NewFloatNet(h, l2 int, outScale float64, rng *rand.Rand) *FloatNet {
	f := &FloatNet{H: h, L2: l2, OutScale: outScale,
		FTBias: make([]float32, h), FTW: make([]float32, nnue.Inputs*h),
		HBias: make([]float32, l2), HW: make([]float32, l2*2*h), OutW: make([]float32, l2)}
	uniform := func(w []float32, bound float64) {
		for i := range w {
			w[i] = float32((rng.Float64()*2 - 1) * bound)
		}
	}
	// About 30 inputs are on per perspective.
	uniform(f.FTW, 1/math.Sqrt(30))
	uniform(f.HW, 1/math.Sqrt(float64(2*h)))
	uniform(f.OutW, 1/math.Sqrt(float64(l2)))
	for i := range f.FTBias {
		f.FTBias[i] = 0.5 // start in the clip's linear range
	}
	return f
}

// Forward returns the output (the score divided by OutScale) for the
// active inputs of the side to move and of the other side.
func (f *FloatNet) Forward(us, them []int) float64 {
	act := make([]float32, 2*f.H)
	f.accumulate(act[:f.H], us)
	f.accumulate(act[f.H:], them)
	out := float64(f.OutBias)
	for j := 0; j < f.L2; j++ {
		w := f.HW[j*2*f.H : (j+1)*2*f.H]
		sum := f.HBias[j]
		for i, a := range act {
			sum += a * w[i]
		}
		out += float64(clip01(sum) * f.OutW[j])
	}
	return out
}

// accumulate writes the clipped first-layer output of the inputs into dst.
func (f *FloatNet) accumulate(dst []float32, inputs []int) {
	copy(dst, f.FTBias)
	for _, in := range inputs {
		w := f.FTW[in*f.H : (in+1)*f.H]
		for i := range dst {
			dst[i] += w[i]
		}
	}
	for i, v := range dst {
		dst[i] = clip01(v)
	}
}

func clip01(v float32) float32 { return min(max(v, 0), 1) }

// Quantize converts the net to the integer nnue.Net of the file format, rounding
// each weight to its layer's scale and clamping it to its integer type. A net whose
// layers do not fit its sizes (a hand-made or damaged one) is refused.
func (f *FloatNet) Quantize(description string) (*nnue.Net, error) {
	w := nnue.Weights{H: f.H, L2: f.L2, OutScale: int32(math.Round(f.OutScale)), Description: description,
		FTBias: make([]int16, len(f.FTBias)), FTWeights: make([]int16, len(f.FTW)), HiddenBias: make([]int32, len(f.HBias)),
		HiddenW: make([]int8, len(f.HW)), OutW: make([]int16, len(f.OutW))}
	for i, v := range f.FTBias {
		w.FTBias[i] = int16(quant(v, nnue.ActScale, math.MinInt16, math.MaxInt16))
	}
	for i, v := range f.FTW {
		w.FTWeights[i] = int16(quant(v, nnue.ActScale, math.MinInt16, math.MaxInt16))
	}
	for i, v := range f.HBias {
		w.HiddenBias[i] = int32(quant(v, nnue.ActScale*nnue.HiddenScale, math.MinInt32, math.MaxInt32))
	}
	for i, v := range f.HW {
		w.HiddenW[i] = int8(quant(v, nnue.HiddenScale, math.MinInt8, math.MaxInt8))
	}
	w.OutBias = int32(quant(f.OutBias, nnue.ActScale*nnue.OutputScale, math.MinInt32, math.MaxInt32))
	for i, v := range f.OutW {
		w.OutW[i] = int16(quant(v, nnue.OutputScale, math.MinInt16, math.MaxInt16))
	}
	return nnue.NewNet(w)
}

// quant rounds w·scale to the nearest integer within [lo, hi].
func quant(w float32, scale float64, lo, hi int64) int64 {
	return min(max(int64(math.Round(float64(w)*scale)), lo), hi)
}
