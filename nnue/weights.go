package nnue

import "fmt"

// Weights are a quantised net's layers in the file's order and scales (see the package
// doc), as a trainer's quantiser (nnue/train) or a test makes them.
type Weights struct {
	H, L2       int
	OutScale    int32
	Description string
	FTBias      []int16 // H
	FTWeights   []int16 // Inputs × H, input-major
	HiddenBias  []int32 // L2
	HiddenW     []int8  // L2 × 2H
	OutBias     int32
	OutW        []int16 // L2
}

// NewNet makes the net of w, ready to evaluate; the slices are copied. Layers whose
// lengths do not fit H and L2 are refused.
func NewNet(w Weights) (*Net, error) {
	if w.H < 1 || w.L2 < 1 || w.OutScale < 1 {
		return nil, fmt.Errorf("nnue: H=%d, L2=%d, output scale %d: each must be positive", w.H, w.L2, w.OutScale)
	}
	n := &Net{H: w.H, L2: w.L2, OutScale: w.OutScale, Description: w.Description, outBias: w.OutBias}
	n.allocate()
	for _, l := range []struct {
		name      string
		got, want int
	}{
		{"first-layer bias", len(w.FTBias), len(n.ftBias)}, {"first-layer weights", len(w.FTWeights), len(n.ftWeights)},
		{"hidden bias", len(w.HiddenBias), len(n.hiddenBias)}, {"hidden weights", len(w.HiddenW), len(n.hiddenW)},
		{"output weights", len(w.OutW), len(n.outW)},
	} {
		if l.got != l.want {
			return nil, fmt.Errorf("nnue: %s of %d values, H=%d and L2=%d need %d", l.name, l.got, w.H, w.L2, l.want)
		}
	}
	copy(n.ftBias, w.FTBias)
	copy(n.ftWeights, w.FTWeights)
	copy(n.hiddenBias, w.HiddenBias)
	copy(n.hiddenW, w.HiddenW)
	copy(n.outW, w.OutW)
	return n.prepare(), nil
}
