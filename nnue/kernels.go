package nnue

import "unsafe"

// The hot loops of the evaluation, in pure Go. Every platform has these;
// amd64 and arm64 (without the purego build tag) have assembly beside
// them (kernels_amd64.s, kernels_arm64.s), which must give the same
// integers: the tests compare every path on random inputs
// (TestKernelsAgree, FuzzKernels), on whole evaluations, and the kept
// net's scores with the same CRC on every platform.

// kernelSet names one implementation of the kernels; each platform
// offers some (kernelSets) and evaluates with the fastest (bestKernels).
type kernelSet uint8

const (
	kernelsGo kernelSet = iota
	kernelsSSE2
	kernelsAVX2
	kernelsNEON
)

func (k kernelSet) String() string {
	return [...]string{"Go", "SSE2", "AVX2", "NEON"}[k]
}

// The Go kernels of the accumulators add four int16 at once in a uint64
// (SWAR) where the slices allow it: a quarter of the loads, stores and
// bounds checks of one int16 at a time (in WebAssembly these loops took a
// sixth of the time of bench with a net).

// laneTops has the top bit of each of the four int16 lanes of a uint64.
const laneTops = 0x8000_8000_8000_8000

// add4 adds four int16 lanes at once, each wrapping around alone: the
// lanes' low 15 bits are added with the top bits cleared, so that no
// carry crosses into the next lane, and the top bits are put back.
func add4(a, b uint64) uint64 {
	return ((a &^ laneTops) + (b &^ laneTops)) ^ ((a ^ b) & laneTops)
}

// sub4 subtracts four int16 lanes at once, each wrapping around alone
// (the top bits set in a and cleared in b, so that no borrow crosses).
func sub4(a, b uint64) uint64 {
	return ((a | laneTops) - (b &^ laneTops)) ^ ((a ^ ^b) & laneTops)
}

// lanes views s as uint64 of four int16 each; ok is false when its length
// is not a multiple of 4 or it does not start on an 8-byte boundary (the
// accumulators and weight columns always do: H is a multiple of 8).
func lanes(s []int16) (u []uint64, ok bool) {
	p := unsafe.Pointer(unsafe.SliceData(s))
	if len(s)%4 != 0 || uintptr(p)%8 != 0 {
		return nil, false
	}
	return unsafe.Slice((*uint64)(p), len(s)/4), true
}

// accAddSubGo sets dst to src + add − sub, the accumulator after a quiet
// move. int16 arithmetic wraps around, as the assembly's does.
func accAddSubGo(dst, src, add, sub []int16) {
	src, add, sub = src[:len(dst)], add[:len(dst)], sub[:len(dst)]
	d, ok1 := lanes(dst)
	s, ok2 := lanes(src)
	a, ok3 := lanes(add)
	b, ok4 := lanes(sub)
	if ok1 && ok2 && ok3 && ok4 {
		s, a, b = s[:len(d)], a[:len(d)], b[:len(d)]
		for i := range d {
			d[i] = sub4(add4(s[i], a[i]), b[i])
		}
		return
	}
	for i := range dst {
		dst[i] = src[i] + add[i] - sub[i]
	}
}

// accAddSubSubGo sets dst to src + add − sub1 − sub2, the accumulator after
// a capture.
func accAddSubSubGo(dst, src, add, sub1, sub2 []int16) {
	src, add, sub1, sub2 = src[:len(dst)], add[:len(dst)], sub1[:len(dst)], sub2[:len(dst)]
	d, ok1 := lanes(dst)
	s, ok2 := lanes(src)
	a, ok3 := lanes(add)
	b, ok4 := lanes(sub1)
	c, ok5 := lanes(sub2)
	if ok1 && ok2 && ok3 && ok4 && ok5 {
		s, a, b, c = s[:len(d)], a[:len(d)], b[:len(d)], c[:len(d)]
		for i := range d {
			d[i] = sub4(sub4(add4(s[i], a[i]), b[i]), c[i])
		}
		return
	}
	for i := range dst {
		dst[i] = src[i] + add[i] - sub1[i] - sub2[i]
	}
}

// accAddGo adds w to dst (a refresh adds one column per piece).
func accAddGo(dst, w []int16) {
	w = w[:len(dst)]
	d, ok1 := lanes(dst)
	a, ok2 := lanes(w)
	if ok1 && ok2 {
		a = a[:len(d)]
		for i := range d {
			d[i] = add4(d[i], a[i])
		}
		return
	}
	for i := range dst {
		dst[i] += w[i]
	}
}

// hiddenGo sets sums[j] to Σᵢ clip(in[i])·W[j][i] over the 2H inputs (us
// then them) clipped to [0, ActScale], from the packed input-major
// weights (Net.prepare): an input clipped to zero is skipped with its row.
func hiddenGo(sums []int32, us, them []int16, packed []int64, scratch []int64) {
	pairs := len(scratch)
	clear(scratch)
	h := len(us)
	addHiddenGo(scratch, us, packed[:h*pairs])
	addHiddenGo(scratch, them[:h], packed[h*pairs:2*h*pairs])
	for j := range sums {
		p := scratch[j/2]
		lo := int64(int32(p))
		if j%2 == 0 {
			sums[j] = int32(lo)
		} else {
			// The lower lane's borrow is undone by subtracting it first.
			sums[j] = int32((p - lo) >> 32)
		}
	}
}

// addHiddenGo adds the clipped accumulator acc times its rows of the
// packed hidden weights to sums (two lanes to an int64).
func addHiddenGo(sums []int64, acc []int16, packed []int64) {
	pairs := len(sums)
	if pairs == 8 { // L2 = 16, the trainers' default: unrolled
		s := (*[8]int64)(sums)
		packed = packed[:len(acc)*8]
		for i, v := range acc {
			if v <= 0 {
				continue
			}
			a := int64(min(v, ActScale))
			w := (*[8]int64)(packed[i*8 : i*8+8])
			s[0] += a * w[0]
			s[1] += a * w[1]
			s[2] += a * w[2]
			s[3] += a * w[3]
			s[4] += a * w[4]
			s[5] += a * w[5]
			s[6] += a * w[6]
			s[7] += a * w[7]
		}
		return
	}
	for i, v := range acc {
		if v <= 0 {
			continue
		}
		a := int64(min(v, ActScale))
		w := packed[i*pairs : (i+1)*pairs]
		w = w[:len(sums)]
		for j := range sums {
			sums[j] += a * w[j]
		}
	}
}

// blockHidden lays the hidden weights out for the vector kernels: for each
// block of 8 outputs, for each pair of inputs (2p, 2p+1), for each output
// k of the block, the two weights w[k][2p], w[k][2p+1] as int16, so that
// one multiply-add of a pair of inputs by 16 int16 gives 8 outputs'
// sums. It needs L2 to be a multiple of 8 (nil otherwise).
func blockHidden(hiddenW []int8, h, l2 int) []int16 {
	if l2%8 != 0 {
		return nil
	}
	in := 2 * h
	out := make([]int16, in*l2)
	i := 0
	for b := 0; b < l2/8; b++ {
		for p := 0; p < h; p++ {
			for k := 0; k < 8; k++ {
				j := b*8 + k
				out[i] = int16(hiddenW[j*in+2*p])
				out[i+1] = int16(hiddenW[j*in+2*p+1])
				i += 2
			}
		}
	}
	return out
}

// clipGo sets dst to src clipped to [0, ActScale].
func clipGo(dst, src []int16) {
	src = src[:len(dst)]
	for i, v := range src {
		dst[i] = min(max(v, 0), ActScale)
	}
}

// denseGo is the vector kernels' dense layer in Go (for their tests): sums
// of the clipped inputs act (2H) times the blocked weights.
func denseGo(sums []int32, act []int16, blocked []int16) {
	pairs := len(act) / 2
	for b := 0; b < len(sums)/8; b++ {
		for k := 0; k < 8; k++ {
			var s int32
			for p := 0; p < pairs; p++ {
				w := blocked[((b*pairs+p)*8+k)*2:]
				s += int32(act[2*p])*int32(w[0]) + int32(act[2*p+1])*int32(w[1])
			}
			sums[b*8+k] = s
		}
	}
}
