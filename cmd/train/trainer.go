package main

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/xqfyne/xiangqi/nnue"
	nnuetrain "github.com/xqfyne/xiangqi/nnue/train"
)

// trainer holds the float net, its gradients and Adam's moments.
type trainer struct {
	cfg  config
	k    float64
	net  *nnuetrain.FloatNet
	step int
	// grads and Adam moments, one slice per parameter tensor; the
	// feature transformer's are touched row by row (only rows of inputs
	// seen in the batch).
	params, grads, m1, m2 [][]float32
	ftTouched             []bool  // input rows with a gradient this batch
	ftRows                []int32 // the same rows as a list
	ftStep                []int32 // per row: steps at which Adam last updated it
	// scratch of one sample
	acc, x, hPre, h, dx []float32
	dh                  []float32
}

// parameter indices into params and friends.
const (
	pFT = iota
	pFTBias
	pHW
	pHBias
	pOutW
	pOutBias
	numParams
)

func newTrainer(c config, k float64) *trainer {
	net := nnuetrain.NewFloatNet(c.hidden, c.l2, k, rand.New(rand.NewPCG(c.seed, 1)))
	outBias := make([]float32, 1)
	t := &trainer{cfg: c, k: k, net: net}
	t.params = [][]float32{net.FTW, net.FTBias, net.HW, net.HBias, net.OutW, outBias}
	for _, p := range t.params {
		t.grads = append(t.grads, make([]float32, len(p)))
		t.m1 = append(t.m1, make([]float32, len(p)))
		t.m2 = append(t.m2, make([]float32, len(p)))
	}
	t.ftTouched = make([]bool, nnue.Inputs)
	t.ftStep = make([]int32, nnue.Inputs)
	h := c.hidden
	t.acc, t.x, t.dx = make([]float32, 2*h), make([]float32, 2*h), make([]float32, 2*h)
	t.hPre, t.h, t.dh = make([]float32, c.l2), make([]float32, c.l2), make([]float32, c.l2)
	return t
}

// cloneNet copies a float net (for keeping the best one).
func cloneNet(f *nnuetrain.FloatNet) *nnuetrain.FloatNet {
	c := *f
	c.FTBias, c.FTW, c.HBias, c.HW, c.OutW = slices.Clone(f.FTBias), slices.Clone(f.FTW), slices.Clone(f.HBias), slices.Clone(f.HW), slices.Clone(f.OutW)
	return &c
}

// forward computes the output of s, leaving the activations in the scratch.
func (t *trainer) forward(s *sample) float64 {
	n := t.net
	h := n.H
	for side, inputs := range [2][]int32{s.us, s.them} {
		a := t.acc[side*h : (side+1)*h]
		copy(a, n.FTBias)
		for _, in := range inputs {
			w := n.FTW[int(in)*h : int(in+1)*h]
			for i := range a {
				a[i] += w[i]
			}
		}
	}
	for i, v := range t.acc {
		t.x[i] = min(max(v, 0), 1)
	}
	out := float64(t.params[pOutBias][0])
	for j := range t.hPre {
		w := n.HW[j*2*h : (j+1)*2*h]
		sum := n.HBias[j]
		for i, xv := range t.x {
			sum += xv * w[i]
		}
		t.hPre[j] = sum
		t.h[j] = min(max(sum, 0), 1)
		out += float64(t.h[j] * n.OutW[j])
	}
	return out
}

// target is the blend of the search's score and the game's result.
func (t *trainer) target(s *sample) float64 {
	return t.cfg.lambda*sigmoid(s.score/t.k) + (1-t.cfg.lambda)*s.result
}

// loss is the mean loss over data.
func (t *trainer) loss(data []sample) float64 {
	t.syncOutBias()
	var sum float64
	for i := range data {
		d := sigmoid(t.forward(&data[i])) - t.target(&data[i])
		sum += d * d
	}
	return sum / float64(len(data))
}

// syncOutBias copies the output bias (kept as a one-element slice so that
// Adam treats it like the others) into the net.
func (t *trainer) syncOutBias() { t.net.OutBias = t.params[pOutBias][0] }

// trainBatch accumulates the gradients of batch, takes one Adam step with
// rate lr and returns the batch's summed loss.
func (t *trainer) trainBatch(batch []sample, lr float64) float64 {
	n := t.net
	h := n.H
	for _, g := range t.grads[pFTBias:] {
		clear(g)
	}
	for _, r := range t.ftRows {
		clear(t.grads[pFT][int(r)*h : int(r+1)*h])
		t.ftTouched[r] = false
	}
	t.ftRows = t.ftRows[:0]
	var total float64
	scale := 1 / float64(len(batch))
	for i := range batch {
		s := &batch[i]
		p := sigmoid(t.forward(s))
		d := p - t.target(s)
		total += d * d
		dout := float32(2 * d * p * (1 - p) * scale)
		t.grads[pOutBias][0] += dout
		clear(t.dx)
		for j := range t.h {
			t.grads[pOutW][j] += dout * t.h[j]
			if t.hPre[j] <= 0 || t.hPre[j] >= 1 {
				continue
			}
			dh := dout * n.OutW[j]
			t.grads[pHBias][j] += dh
			w := n.HW[j*2*h : (j+1)*2*h]
			g := t.grads[pHW][j*2*h : (j+1)*2*h]
			for i, xv := range t.x {
				g[i] += dh * xv
				t.dx[i] += dh * w[i]
			}
		}
		for i, a := range t.acc {
			if a <= 0 || a >= 1 {
				t.dx[i] = 0
			}
		}
		for side, inputs := range [2][]int32{s.us, s.them} {
			dx := t.dx[side*h : (side+1)*h]
			gb := t.grads[pFTBias]
			for i, v := range dx {
				gb[i] += v
			}
			for _, in := range inputs {
				if !t.ftTouched[in] {
					t.ftTouched[in] = true
					t.ftRows = append(t.ftRows, in)
				}
				g := t.grads[pFT][int(in)*h : int(in+1)*h]
				for i, v := range dx {
					g[i] += v
				}
			}
		}
	}
	t.step++
	for p := pFTBias; p < numParams; p++ {
		t.adam(p, 0, len(t.params[p]), lr, t.step)
	}
	for _, r := range t.ftRows {
		// Lazy Adam: a row not seen for some steps is updated as if those
		// steps had no gradient only through its bias correction.
		t.adam(pFT, int(r)*h, int(r+1)*h, lr, t.step)
	}
	t.clampWeights()
	t.syncOutBias()
	return total
}

// Adam's constants (PyTorch's defaults, as train.py uses).
const (
	beta1, beta2 = 0.9, 0.999
	epsilon      = 1e-8
)

// adam updates params[p][lo:hi] by its gradient.
func (t *trainer) adam(p, lo, hi int, lr float64, step int) {
	c1 := 1 - math.Pow(beta1, float64(step))
	c2 := 1 - math.Pow(beta2, float64(step))
	w, g, m, v := t.params[p][lo:hi], t.grads[p][lo:hi], t.m1[p][lo:hi], t.m2[p][lo:hi]
	for i := range w {
		m[i] = beta1*m[i] + (1-beta1)*g[i]
		v[i] = beta2*v[i] + (1-beta2)*g[i]*g[i]
		w[i] -= float32(lr * (float64(m[i]) / c1) / (math.Sqrt(float64(v[i])/c2) + epsilon))
	}
}

// clampWeights keeps the weights within what their integer types hold
// (as train.py's clamp_weights).
func (t *trainer) clampWeights() {
	clampAll(t.net.HW, 127.0/nnue.HiddenScale)
	clampAll(t.net.OutW, 32767.0/nnue.OutputScale)
	for _, r := range t.ftRows {
		clampAll(t.net.FTW[int(r)*t.net.H:int(r+1)*t.net.H], 32767.0/nnue.ActScale)
	}
}

func clampAll(w []float32, bound float32) {
	for i, v := range w {
		w[i] = min(max(v, -bound), bound)
	}
}
