//go:build !(amd64 || arm64) || purego

package nnue

// Without assembly (other architectures, or the purego build tag) every
// kernel is the pure-Go one.

var bestKernels = kernelsGo

func kernelSets() []kernelSet { return []kernelSet{kernelsGo} }

func accAddSub(_ kernelSet, dst, src, add, sub []int16) { accAddSubGo(dst, src, add, sub) }

func accAddSubSub(_ kernelSet, dst, src, add, sub1, sub2 []int16) {
	accAddSubSubGo(dst, src, add, sub1, sub2)
}

func accAdd(_ kernelSet, dst, w []int16) { accAddGo(dst, w) }

func hidden(_ kernelSet, n *Net, sums []int32, us, them, _ []int16, scratch []int64) {
	hiddenGo(sums, us[:n.H], them[:n.H], n.hiddenPacked, scratch)
}

func clipDense(_ kernelSet, sums []int32, act, in, blocked []int16) {
	clipGo(act[:len(in)], in)
	denseGo(sums, act, blocked)
}
