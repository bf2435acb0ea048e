//go:build arm64 && !purego

package nnue

// The assembly kernels (kernels_arm64.s). Pointers and a length in int16
// (a multiple of 8); the Go functions below check the lengths first.

//go:noescape
func accAddSubNEON(dst, src, add, sub *int16, n int)

//go:noescape
func accAddSubSubNEON(dst, src, add, sub1, sub2 *int16, n int)

//go:noescape
func accAddNEON(dst, w *int16, n int)

//go:noescape
func clipNEON(dst, src *int16, n int)

//go:noescape
func denseNEON(sums *int32, act *int16, w *int16, pairs, blocks int)

// bestKernels is NEON, which every arm64 CPU has.
var bestKernels = kernelsNEON

// kernelSets lists every set this CPU runs, for the tests that compare them.
func kernelSets() []kernelSet { return []kernelSet{kernelsGo, kernelsNEON} }

func accAddSub(k kernelSet, dst, src, add, sub []int16) {
	n := len(dst)
	if k == kernelsGo || n == 0 {
		accAddSubGo(dst, src, add, sub)
		return
	}
	src, add, sub = src[:n], add[:n], sub[:n]
	accAddSubNEON(&dst[0], &src[0], &add[0], &sub[0], n)
}

func accAddSubSub(k kernelSet, dst, src, add, sub1, sub2 []int16) {
	n := len(dst)
	if k == kernelsGo || n == 0 {
		accAddSubSubGo(dst, src, add, sub1, sub2)
		return
	}
	src, add, sub1, sub2 = src[:n], add[:n], sub1[:n], sub2[:n]
	accAddSubSubNEON(&dst[0], &src[0], &add[0], &sub1[0], &sub2[0], n)
}

func accAdd(k kernelSet, dst, w []int16) {
	n := len(dst)
	if k == kernelsGo || n == 0 {
		accAddGo(dst, w)
		return
	}
	w = w[:n]
	accAddNEON(&dst[0], &w[0], n)
}

// hidden sets sums (L2) from the accumulators us and them (H each); act is
// scratch of 2H. The vector kernels need the blocked weights (L2 a
// multiple of 8); without them the Go kernel runs.
func hidden(k kernelSet, n *Net, sums []int32, us, them, act []int16, scratch []int64) {
	h := n.H
	if k == kernelsGo || n.hiddenBlocked == nil {
		hiddenGo(sums, us[:h], them[:h], n.hiddenPacked, scratch)
		return
	}
	us, them, act = us[:h], them[:h], act[:2*h]
	blocks := n.L2 / 8
	sums = sums[:blocks*8]
	w := n.hiddenBlocked[:2*h*blocks*8]
	clipNEON(&act[0], &us[0], h)
	clipNEON(&act[h], &them[0], h)
	denseNEON(&sums[0], &act[0], &w[0], h, blocks)
}

// clipDense runs one set's clip and dense kernels alone (for their tests).
func clipDense(k kernelSet, sums []int32, act, in, blocked []int16) {
	n := len(in)
	act = act[:n]
	blocks := len(sums) / 8
	blocked = blocked[:n*blocks*8]
	switch k {
	case kernelsNEON:
		clipNEON(&act[0], &in[0], n)
		denseNEON(&sums[0], &act[0], &blocked[0], n/2, blocks)
	default:
		clipGo(act, in)
		denseGo(sums, act, blocked)
	}
}
