package nnue

import "github.com/xqfyne/xiangqi/rules"

// Evaluator evaluates the positions of one search line with a net, keeping
// one pair of accumulators per ply. The search tells it each move as it
// makes it (Move, Null); taking a move back needs no call, since the
// accumulators of the ply below are still there. The accumulators are
// brought up to date only when a ply is evaluated, so moves that are made
// and taken back without an evaluation (pruned) cost almost nothing. An
// Evaluator belongs to one goroutine; the Net may be shared.
type Evaluator struct {
	net *Net
	// acc holds, for each ply, H int16 for Red's perspective then H for
	// Black's.
	acc   []int16
	valid [][2]bool // valid[ply][c]: acc of ply is up to date for c
	moves []change  // moves[ply]: the move that led from ply-1 to ply
	out   scratch   // the dense layers' scratch
	// kernels is the kernel set it evaluates with: the fastest this CPU
	// runs (tests set each in turn).
	kernels kernelSet
	// cache keeps recent scores by position key: the search meets the
	// same positions again (each iteration of its deepening, and
	// transpositions), and a hit needs neither the accumulators nor the
	// dense layers.
	cache []cacheEntry
}

// cacheEntry is a position's key and its score in one word. The key's low
// cacheBits bits are the entry's index, so their place holds the score
// (int16): the whole key is still compared, in half the bytes of a key and
// a score apart, and the cache fits a core's second-level cache (a miss there
// cost a tenth of the search's time). 0 is empty: a key whose other bits are
// all 0 is never cached, nor a score beyond int16.
type cacheEntry uint64

// cacheBits sets the number of cached scores, 1 << cacheBits (512 KB).
const (
	cacheBits = 16
	cacheSize = 1 << cacheBits
	cacheLow  = cacheSize - 1
)

// change is one move as the accumulators need it.
type change struct {
	pc, captured rules.Piece
	from, to     rules.Square
	null         bool
}

// NewEvaluator makes an evaluator for lines of up to maxPly moves.
func NewEvaluator(net *Net, maxPly int) *Evaluator {
	e := newEvaluator(net, maxPly)
	e.cache = make([]cacheEntry, cacheSize)
	return e
}

// newEvaluator makes an evaluator without the score cache (for one-off
// evaluations, and for tests of the accumulators, which a hit would skip).
func newEvaluator(net *Net, maxPly int) *Evaluator {
	plies := maxPly + 2
	return &Evaluator{
		net:     net,
		acc:     make([]int16, plies*2*net.H),
		valid:   make([][2]bool, plies),
		moves:   make([]change, plies),
		out:     newScratch(net),
		kernels: bestKernels,
	}
}

// Net returns the net the evaluator uses.
func (e *Evaluator) Net() *Net { return e.net }

// accumulator returns the accumulator of perspective c at ply.
func (e *Evaluator) accumulator(ply int, c rules.Color) []int16 {
	h := e.net.H
	i := (ply*2 + int(c)) * h
	return e.acc[i : i+h]
}

// SetRoot computes the accumulators of p as ply 0.
func (e *Evaluator) SetRoot(p *rules.Position) {
	for c := rules.Red; c <= rules.Black; c++ {
		e.refresh(p, 0, c)
	}
}

// Move records that the move from ply to ply+1 moved pc from one square to
// another, taking captured (NoPiece when none).
func (e *Evaluator) Move(ply int, pc rules.Piece, from, to rules.Square, captured rules.Piece) {
	e.moves[ply+1] = change{pc: pc, captured: captured, from: from, to: to}
	e.valid[ply+1] = [2]bool{}
}

// Null records a null move from ply to ply+1.
func (e *Evaluator) Null(ply int) {
	e.moves[ply+1] = change{null: true}
	e.valid[ply+1] = [2]bool{}
}

// Evaluate returns the score of p, the position at ply of the line, from
// the side to move's point of view, in the engine's units.
func (e *Evaluator) Evaluate(p *rules.Position, ply int) int {
	var slot *cacheEntry
	var high uint64
	if e.cache != nil {
		key := p.Hash64()
		slot, high = &e.cache[key&cacheLow], key&^cacheLow
		if high != 0 && uint64(*slot)&^cacheLow == high {
			return int(int16(uint16(*slot)))
		}
	}
	for c := rules.Red; c <= rules.Black; c++ {
		e.update(p, ply, c)
	}
	s := p.Side()
	v := e.net.output(e.kernels, e.accumulator(ply, s), e.accumulator(ply, s^1), &e.out)
	if slot != nil && high != 0 && v == int(int16(v)) {
		*slot = cacheEntry(high | uint64(uint16(int16(v))))
	}
	return v
}

// update brings perspective c's accumulator of ply up to date: from the
// nearest ply below that is, move by move, or from the pieces of p when
// c's king moved in between (its bucket and mirror may have changed).
func (e *Evaluator) update(p *rules.Position, ply int, c rules.Color) {
	if e.valid[ply][c] {
		return
	}
	j := ply
	for ; j > 0 && !e.valid[j][c]; j-- {
		if m := e.moves[j]; !m.null && m.pc.Type() == rules.King && m.pc.Color() == c {
			e.refresh(p, ply, c)
			return
		}
	}
	if !e.valid[j][c] {
		e.refresh(p, ply, c)
		return
	}
	// c's king has not moved since ply j, so its view then is its view now.
	v := viewFor(p, c)
	for k := j + 1; k <= ply; k++ {
		e.apply(k, c, v)
	}
}

// apply computes c's accumulator of ply k from that of ply k-1.
func (e *Evaluator) apply(k int, c rules.Color, v view) {
	src, dst := e.accumulator(k-1, c), e.accumulator(k, c)
	e.valid[k][c] = true
	m := e.moves[k]
	if m.null {
		copy(dst, src)
		return
	}
	n := e.net
	off := n.column(feature(c, v, m.pc, m.from))
	on := n.column(feature(c, v, m.pc, m.to))
	if m.captured == rules.NoPiece {
		accAddSub(e.kernels, dst, src, on, off)
		return
	}
	taken := n.column(feature(c, v, m.captured, m.to))
	accAddSubSub(e.kernels, dst, src, on, off, taken)
}

// refresh computes c's accumulator of ply from the pieces of p.
func (e *Evaluator) refresh(p *rules.Position, ply int, c rules.Color) {
	dst := e.accumulator(ply, c)
	copy(dst, e.net.ftBias)
	v := viewFor(p, c)
	for pc := rules.Red; pc <= rules.Black; pc++ {
		for t := rules.King; t < rules.NumPieceTypes; t++ {
			piece := rules.MakePiece(pc, t)
			for _, sq := range p.PieceSquares(pc, t) {
				accAdd(e.kernels, dst, e.net.column(feature(c, v, piece, rules.Square(sq))))
			}
		}
	}
	e.valid[ply][c] = true
}

// Evaluate scores p with the net from scratch, from the side to move's
// point of view (for one-off evaluations; the search uses an Evaluator).
func (n *Net) Evaluate(p *rules.Position) int {
	e := newEvaluator(n, 0)
	e.SetRoot(p)
	return e.Evaluate(p, 0)
}
