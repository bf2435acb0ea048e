package nnue

import (
	"encoding/binary"
	"hash/crc32"
	"math/rand/v2"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// randInt16s returns n int16 over their whole range (so that adds wrap).
func randInt16s(rng *rand.Rand, n int) []int16 {
	s := make([]int16, n)
	for i := range s {
		s[i] = int16(rng.Uint32())
	}
	return s
}

// checkKernels runs every kernel set on the same inputs and compares each
// result with a plain loop's (the accumulators) or the pure-Go kernel's
// (the dense layer, itself checked against the packed layout's); h is the accumulator size (a multiple
// of 8), l2 the hidden size (a multiple of 8 for the dense kernels).
func checkKernels(t *testing.T, h, l2 int, src, add, sub1, sub2, in []int16, hiddenW []int8) {
	t.Helper()
	// The accumulators' references: one int16 at a time.
	want, want2, want3 := make([]int16, h), make([]int16, h), make([]int16, h)
	for i := range want {
		want[i] = src[i] + add[i] - sub1[i]
		want2[i] = src[i] + add[i] - sub1[i] - sub2[i]
		want3[i] = src[i] + add[i]
	}
	blocked := blockHidden(hiddenW, h/2, l2)
	wantSums := make([]int32, l2)
	act := make([]int16, h)
	clipDense(kernelsGo, wantSums, act, in, blocked)
	// The blocked layout's sums are the packed layout's (the Go kernel
	// the evaluation runs without vector kernels).
	n := &Net{H: h / 2, L2: l2, hiddenW: hiddenW}
	n.prepare()
	goSums := make([]int32, l2)
	hiddenGo(goSums, in[:h/2], in[h/2:], n.hiddenPacked, make([]int64, n.pairs))
	for j := range goSums {
		if goSums[j] != wantSums[j] {
			t.Fatalf("h=%d l2=%d: packed sum %d is %d, blocked %d", h, l2, j, goSums[j], wantSums[j])
		}
	}
	for _, k := range kernelSets() {
		got := make([]int16, h)
		accAddSub(k, got, src, add, sub1)
		equal(t, k, "accAddSub", got, want)
		accAddSubSub(k, got, src, add, sub1, sub2)
		equal(t, k, "accAddSubSub", got, want2)
		copy(got, src)
		accAdd(k, got, add)
		equal(t, k, "accAdd", got, want3)
		sums := make([]int32, l2)
		clipDense(k, sums, make([]int16, h), in, blocked)
		equal(t, k, "clip and dense", sums, wantSums)
	}
	// The Go kernels on slices they cannot take four lanes at a time (an
	// odd start, a length not a multiple of 4) give the same.
	for _, off := range []int{1, 2, 3} {
		n := h - 4
		got := make([]int16, h)
		accAddSubGo(got[off:off+n], src[off:off+n], add[off:off+n], sub1[off:off+n])
		equal(t, kernelsGo, "accAddSub, unaligned", got[off:off+n], want[off:off+n])
		accAddSubSubGo(got[off:off+n], src[off:off+n], add[off:off+n], sub1[off:off+n], sub2[off:off+n])
		equal(t, kernelsGo, "accAddSubSub, unaligned", got[off:off+n], want2[off:off+n])
		copy(got, src)
		accAddGo(got[off:off+n+1], add[off:off+n+1])
		equal(t, kernelsGo, "accAdd, unaligned", got[off:off+n+1], want3[off:off+n+1])
	}
}

func equal[T comparable](t *testing.T, k kernelSet, what string, got, want []T) {
	t.Helper()
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%v %s: element %d of %d is %v, the Go kernel's %v", k, what, i, len(want), got[i], want[i])
		}
	}
}

// Every kernel set gives the pure-Go kernels' integers, for every size the
// file format allows a net (H a multiple of 8, so 2H for the dense layer)
// and inputs over the whole int16 range.
func TestKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	t.Logf("kernel sets: %v (evaluating with %v)", kernelSets(), bestKernels)
	for _, h := range []int{8, 16, 24, 40, 128, 256, 1024} {
		for _, l2 := range []int{8, 16, 32} {
			for range 20 {
				w := make([]int8, l2*h)
				for i := range w {
					w[i] = int8(rng.Uint32())
				}
				in := randInt16s(rng, h)
				for i := range in { // many inputs in the clip's range, as in play
					if rng.IntN(2) == 0 {
						in[i] = int16(rng.IntN(140) - 6)
					}
				}
				checkKernels(t, h, l2, randInt16s(rng, h), randInt16s(rng, h), randInt16s(rng, h), randInt16s(rng, h), in, w)
			}
		}
	}
}

// FuzzKernels compares every kernel set with the pure-Go kernels on
// inputs the fuzzer chooses.
func FuzzKernels(f *testing.F) {
	f.Add(uint8(0), uint8(0), []byte{1, 2, 3})
	f.Add(uint8(15), uint8(1), []byte{0xff, 0x7f, 0x00, 0x80})
	f.Add(uint8(3), uint8(2), []byte{})
	f.Fuzz(func(t *testing.T, hSteps, l2Blocks uint8, data []byte) {
		h := 8 * (1 + int(hSteps)%16)
		l2 := 8 * (1 + int(l2Blocks)%4)
		next := func(i int) uint16 { // the data, repeated, as int16
			if len(data) == 0 {
				return uint16(uint32(i) * 2654435761)
			}
			return uint16(data[(2*i)%len(data)]) | uint16(data[(2*i+1)%len(data)])<<8
		}
		vals := make([]int16, 6*h)
		for i := range vals {
			vals[i] = int16(next(i) + uint16(i/(len(data)+1)+1)*40503) // varied where the data repeats
		}
		w := make([]int8, l2*h)
		for i := range w {
			w[i] = int8(next(i+7) >> 3)
		}
		checkKernels(t, h, l2, vals[:h], vals[h:2*h], vals[2*h:3*h], vals[3*h:4*h], vals[4*h:5*h], w)
	})
}

// randomPositions returns positions of random games from seed, some in
// check, some after captures and king moves.
func randomPositions(seed uint64, games, maxPlies int) []*rules.Position {
	rng := rand.New(rand.NewPCG(seed, 3))
	var out []*rules.Position
	for range games {
		p := rules.NewPosition()
		for range rng.IntN(maxPlies) {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			p.MakeMove(ms[rng.IntN(len(ms))])
			q, _ := rules.ParseFEN(p.FEN())
			out = append(out, q)
		}
	}
	return out
}

// Whole evaluations agree across kernel sets: for nets of several shapes
// (L2 of 8, 16 and 24, the last of which only the Go kernel runs densely),
// incremental evaluations along lines of play give the same scores with
// every set as the Go kernels from scratch.
func TestEvaluationsAgreeAcrossKernels(t *testing.T) {
	shapes := []struct{ h, l2 int }{{8, 8}, {64, 16}, {128, 16}, {96, 24}, {128, 32}}
	for si, sh := range shapes {
		net := randomNet(t, sh.h, sh.l2, 160, "shape test", rand.New(rand.NewPCG(uint64(si), 4)))
		ref := newEvaluator(net, 0)
		ref.kernels = kernelsGo
		for _, k := range kernelSets() {
			e := newEvaluator(net, 300)
			e.kernels = k
			rng := rand.New(rand.NewPCG(uint64(si), 8))
			for game := range 6 {
				p := rules.NewPosition()
				e.SetRoot(p)
				for ply := 0; ply < 250; ply++ {
					ref.SetRoot(p)
					if got, want := e.Evaluate(p, ply), ref.Evaluate(p, 0); got != want {
						t.Fatalf("H=%d L2=%d, %v, game %d ply %d (%s): %d, the Go kernels %d", sh.h, sh.l2, k, game, ply, p.FEN(), got, want)
					}
					ms := p.LegalMoves()
					if len(ms) == 0 {
						break
					}
					m := ms[rng.IntN(len(ms))]
					b := p.Board()
					pc, captured := b[m.From()], b[m.To()]
					p.MakeMove(m)
					e.Move(ply, pc, m.From(), m.To(), captured)
				}
			}
		}
	}
}

// keptNetScoresCRC is the CRC-32 of the kept net's scores (int32,
// little-endian) of randomPositions(1, 60, 160), as the pure-Go kernels on
// amd64 computed them when this test was written. Every platform and
// kernel set must give the same: this is what ties the scores of arm64,
// wasm and the purego build to the amd64 vector kernels'.
const keptNetScoresCRC = 0x54c5ea01

func TestKeptNetScoresAreTheSameEverywhere(t *testing.T) {
	net, err := LoadFile("nets/xq-2026-11-27b.nnue")
	if err != nil {
		t.Fatal(err)
	}
	positions := randomPositions(1, 60, 160)
	for _, k := range kernelSets() {
		e := newEvaluator(net, 0)
		e.kernels = k
		crc := crc32.NewIEEE()
		for _, p := range positions {
			e.SetRoot(p)
			crc.Write(binary.LittleEndian.AppendUint32(nil, uint32(int32(e.Evaluate(p, 0)))))
		}
		if got := crc.Sum32(); got != keptNetScoresCRC {
			t.Errorf("%v kernels: the scores of %d positions have CRC %08x, want %08x", k, len(positions), got, keptNetScoresCRC)
		}
	}
}

// BenchmarkKernels times one incremental evaluation (a quiet move's update
// of both accumulators and the dense layers) with each kernel set.
func BenchmarkKernels(b *testing.B) {
	net := randomNet(b, 128, 16, 160, "", rand.New(rand.NewPCG(1, 2)))
	for _, k := range kernelSets() {
		b.Run(k.String(), func(b *testing.B) {
			e := newEvaluator(net, 4)
			e.kernels = k
			p := rules.NewPosition()
			e.SetRoot(p)
			ms := p.LegalMoves()
			for i := 0; b.Loop(); i++ {
				m := ms[i%len(ms)]
				bd := p.Board()
				pc, captured := bd[m.From()], bd[m.To()]
				p.MakeMove(m)
				e.Move(0, pc, m.From(), m.To(), captured)
				e.Evaluate(p, 1)
				p.UnmakeMove()
			}
		})
	}
}

// BenchmarkKernelParts times each kernel alone, with each kernel set, at
// the kept net's sizes (H = 128, L2 = 16).
func BenchmarkKernelParts(b *testing.B) {
	const h, l2 = 128, 16
	rng := rand.New(rand.NewPCG(5, 5))
	src, add, sub := randInt16s(rng, h), randInt16s(rng, h), randInt16s(rng, h)
	in := make([]int16, 2*h)
	for i := range in { // about half clipped to zero, as in play
		in[i] = int16(rng.IntN(260) - 130)
	}
	w := make([]int8, l2*2*h)
	for i := range w {
		w[i] = int8(rng.IntN(64) - 32)
	}
	n := &Net{H: h, L2: l2, hiddenW: w}
	n.prepare()
	n.hiddenBlocked = blockHidden(w, h, l2)
	for _, k := range kernelSets() {
		b.Run("accAddSub/"+k.String(), func(b *testing.B) {
			dst := make([]int16, h)
			for b.Loop() {
				accAddSub(k, dst, src, add, sub)
			}
		})
		b.Run("hidden/"+k.String(), func(b *testing.B) {
			s := newScratch(n)
			for b.Loop() {
				hidden(k, n, s.sums, in[:h], in[h:], s.act, s.packed)
			}
		})
	}
}
