package engine

import (
	"math"

	"github.com/xqfyne/xiangqi/rules"
)

// The recursive search below the root: principal variation search with a
// transposition table, null-move pruning, check extension, late move
// reductions and futility pruning, ending in a quiescence search.

// nullMoveMaterial is the least material (pieces and positions, see pst.go)
// the side to move needs for null-move pruning: with less, zugzwang is too
// likely (article 003 §4.1).
const nullMoveMaterial = 400

// nullVerifyMaterial: below this, a null-move cutoff is verified by a
// reduced normal search.
const nullVerifyMaterial = 600

// Hash-table latency: a probe that misses the caches waits about as long as
// a whole quiescence node takes, so every node's bucket is prefetched by its
// parent and the child evaluates before it probes. Evaluating first, and
// prefetching only for moves that survive pruning (and for the null move),
// hides most of that wait (docs/engine-log.md, "Hash-table latency").

// quiescePrefetch is how many of a quiescence node's moves have their hash
// buckets prefetched before the first is made.
const quiescePrefetch = 3

// deltaMargin is the positional gain a capture in quiescence may bring
// beyond the victim's value (delta pruning).
const deltaMargin = 60

// lmrTable[depth][moveNumber] is the late move reduction: it grows with
// the logarithms of both, so late moves of deep searches are cut most.
// Reducing more or less both played worse (docs/engine-log.md, "Late move
// reductions").
var lmrTable [64][64]int

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmrTable[d][n] = int(0.75 + math.Log(float64(d))*math.Log(float64(n))/2.25)
		}
	}
}

// lateMoveCount[d]: at depth d, quiet moves after this many are skipped.
var lateMoveCount = [4]int{0, 8, 14, 22}

// futilityMargin[d] is how far below alpha the static score may be at depth
// d before quiet moves that give no check are skipped.
//
// It hides mating nets built from quiet moves. In a league game ElephantEye
// (Black) won from 3R5/4k4/5P2C/9/2b5p/1r7/4c4/9/9/3AKA3 b after b4e4
// d9d5 with e3g3 and g3b3 (+214 at its depth 9), which this search finds
// only without futility (depth 14) or without LMR (depth 13). Yet the
// search without futility, and narrower fixes, scored worse, so it stays
// (docs/engine-log.md, "Futility pruning").
var futilityMargin = [3]int{0, 90, 220}

// rfpDepth and rfpMargin bound reverse futility pruning: at most this
// depth, and the static score at least rfpMargin a ply above beta. It is
// not used against a side with fewer than two advisors and elephants: with
// the palace stripped, quiet mating nets are common and the static score
// does not see them (without that guard the mate suite misses two mates).
// The margin and depths are the ones matches accepted (docs/engine-log.md,
// "Reverse futility pruning").
const (
	rfpDepth  = 5
	rfpMargin = 35
)

// Techniques tried and dropped (counter moves, history malus, singular
// extension, mate-threat flag, quiescence checks and others) are listed
// with their matches in docs/engine-log.md, "Search: tried and dropped".
// Some cost fastest mates in the mate suite (TestMateSuite): quiet mating
// moves sink in the order until late move pruning drops them.

// search returns the score of the position at ply for the side to move,
// within (alpha, beta). inCheck must tell whether the side to move is in
// check; noNull forbids a null move (never two in a row).
func (w *worker) search(alpha, beta, depth, ply int, inCheck, noNull bool) int {
	if depth <= 0 {
		return w.quiesce(alpha, beta, ply, inCheck)
	}
	w.pvLen[ply] = ply
	w.countNode()
	if w.stopped() {
		return 0
	}
	p := w.pos
	if r := p.RepStatus(1); r != rules.RepNone {
		return w.repetitionValue(r, ply)
	}
	if w.noCapture.reached(p) {
		// The game rules a mate before the move limit: a mate on the last ply counts.
		if p.IsMate() {
			return ply - MateValue
		}
		return drawScore(ply)
	}
	if ply >= MaxPly {
		return w.evaluate(ply)
	}
	// Mate distance pruning: no line from here can beat a mate already found
	// nearer the root.
	alpha = max(alpha, ply-MateValue)
	beta = min(beta, MateValue-ply-1)
	if alpha >= beta {
		return alpha
	}
	pvNode := beta-alpha > 1

	// The static score comes before the hash probe although a hash cutoff
	// makes it useless: the parent prefetched this node's bucket just
	// before the call, and evaluating first gives the line time to arrive,
	// where probing at once would wait for memory (see "Hash-table latency"
	// above).
	eval := 0
	if !inCheck {
		eval = w.evaluate(ply)
	}
	hash := p.Hash64()
	hashMove := rules.NoMove
	if e, ok := w.sh.tt.Probe(hash); ok {
		hashMove = e.Move
		if !pvNode {
			if v, ok := scoreFromTT(e.Score, ply); ok && e.Depth >= depth {
				if e.Bound == BoundExact || e.Bound == BoundLower && v >= beta || e.Bound == BoundUpper && v <= alpha {
					return v
				}
			}
		}
	}

	// Reverse futility: far enough above beta near the horizon, the side to
	// move keeps its edge through whatever the opponent can do in a few
	// plies; the null move below would mostly confirm it at greater cost.
	if !pvNode && !inCheck && depth <= rfpDepth && !w.feat.NoReverseFutility &&
		eval-rfpMargin*depth >= beta && beta > -WinValue && eval < WinValue && defenders(p, p.Side().Opponent()) >= 2 {
		return eval
	}

	// Null move: if passing still fails high, a real move surely would.
	if !pvNode && !noNull && !inCheck && !w.feat.NoNullMove && eval >= beta && middlegame(w.material[ply][p.Side()]) > nullMoveMaterial {
		r := 2
		if depth >= 6 && !w.feat.NoAdaptiveNull {
			r = 3
		}
		w.makeNullMove(ply)
		w.sh.tt.Prefetch(p.Key())
		v := -w.search(-beta, 1-beta, depth-1-r, ply+1, false, true)
		p.UnmakeNullMove()
		if w.stopped() {
			return 0
		}
		if v >= beta {
			if v > WinValue {
				v = beta // a mate found after passing is not proven
			}
			if w.feat.NoNullVerify || middlegame(w.material[ply][p.Side()]) > nullVerifyMaterial {
				return v
			}
			if w.search(beta-1, beta, depth-r, ply, false, true) >= beta {
				return v
			}
		}
	}

	// Without a hash move the ordering is poor; search a little shallower
	// (internal iterative reduction).
	if hashMove == rules.NoMove && depth >= 4 && !w.feat.NoIIR {
		depth--
	}

	futile := !pvNode && !inCheck && depth < len(futilityMargin) && !w.feat.NoFutility &&
		eval+futilityMargin[depth] <= alpha && alpha > -WinValue

	mp := &w.pickers[ply]
	mp.init(p, hashMove, w.killers[ply], &w.history, w.moveBuf[ply], w.scoreBuf[ply])
	mp.noDefer = w.feat.NoBadCaptureOrder
	alpha0 := alpha
	best, bestMove := -MateValue, rules.NoMove
	legal := 0
	// Moves that surely give no check can be pruned before they are made.
	mayPrune := !pvNode && !inCheck && (depth <= 3 && !w.feat.NoLateMovePruning || futile)
	theirKing := p.KingSquare(p.Side().Opponent())
	b := p.Board()
	for m := mp.nextMove(); m != rules.NoMove; m = mp.nextMove() {
		capture := b[m.To()] != rules.NoPiece
		if mayPrune && !capture && !rules.MayGiveCheck(m.From(), m.To(), b[m.From()], theirKing) {
			if depth <= 3 && !w.feat.NoLateMovePruning && legal >= lateMoveCount[depth] && best > -WinValue {
				continue
			}
			if futile && legal >= 1 {
				best = max(best, eval+futilityMargin[depth])
				continue
			}
		}
		if !w.makeMove(m, ply) {
			continue
		}
		legal++
		check := p.InCheck()
		quiet := !capture && !check
		if !pvNode && !inCheck && quiet && depth <= 3 && !w.feat.NoLateMovePruning &&
			legal > lateMoveCount[depth] && best > -WinValue {
			p.UnmakeMove() // late quiet moves near the horizon rarely matter
			continue
		}
		if futile && legal > 1 && quiet {
			p.UnmakeMove()
			best = max(best, eval+futilityMargin[depth])
			continue
		}
		w.sh.tt.Prefetch(p.Key()) // only for moves that are searched ("Hash-table latency")
		newDepth := depth - 1
		if check {
			newDepth = depth // check extension
		}
		var v int
		if legal == 1 {
			v = -w.search(-beta, -alpha, newDepth, ply+1, check, false)
		} else {
			// Late move reductions: quiet moves far down the list rarely
			// matter; search them shallower and re-search if they surprise.
			r := 0
			if quiet && !inCheck && depth >= 3 && legal > 3 && !w.feat.NoLMR &&
				m != w.killers[ply][0] && m != w.killers[ply][1] {
				r = lmrTable[min(depth, 63)][min(legal, 63)]
				if pvNode {
					r--
				}
				r = max(min(r, newDepth-1), 0)
			}
			v = -w.search(-alpha-1, -alpha, newDepth-r, ply+1, check, false)
			if v > alpha && r > 0 {
				v = -w.search(-alpha-1, -alpha, newDepth, ply+1, check, false)
			}
			if v > alpha && v < beta {
				v = -w.search(-beta, -alpha, newDepth, ply+1, check, false)
			}
		}
		p.UnmakeMove()
		if w.stopped() {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				bestMove = m
				if v >= beta {
					break
				}
				alpha = v
				w.updatePV(ply, m)
			}
		}
	}
	w.moveBuf[ply], w.scoreBuf[ply] = mp.moves[:0], mp.scores[:0]
	if legal == 0 {
		return ply - MateValue // mated or stalemated: both lose in Xiangqi
	}
	if bestMove != rules.NoMove && b[bestMove.To()] == rules.NoPiece {
		w.history.add(bestMove, depth)
		if best >= beta {
			if k := &w.killers[ply]; k[0] != bestMove {
				k[1], k[0] = k[0], bestMove
			}
		}
	}
	w.storeTT(hash, bestMove, best, depth, ply, boundFor(best, alpha0, beta))
	return best
}

// quiesce resolves captures (and all evasions when in check) until the
// position is quiet, so that the horizon does not cut an exchange in half.
func (w *worker) quiesce(alpha, beta, ply int, inCheck bool) int {
	w.pvLen[ply] = ply
	w.countNode()
	if w.stopped() {
		return 0
	}
	if ply > w.seldepth {
		w.seldepth = ply
	}
	p := w.pos
	if r := p.RepStatus(1); r != rules.RepNone {
		return w.repetitionValue(r, ply)
	}
	if ply >= MaxPly {
		return w.evaluate(ply)
	}
	alpha = max(alpha, ply-MateValue)
	beta = min(beta, MateValue-ply-1)
	if alpha >= beta {
		return alpha
	}
	// Evaluated before the probe, as in search, to hide the probe's wait.
	eval := 0
	if !inCheck {
		eval = w.evaluate(ply)
	}
	// The hash table answers for positions quiescence met before; its own
	// results go in at depth 0 unless a deeper entry would be overwritten
	// (docs/engine-log.md, "Hash table in quiescence").
	useTT := !w.feat.NoQuiesceTT
	hash := p.Hash64()
	store := useTT
	if useTT {
		if e, ok := w.sh.tt.Probe(hash); ok {
			store = e.Depth == 0
			if v, ok := scoreFromTT(e.Score, ply); ok && beta-alpha == 1 &&
				(e.Bound == BoundExact || e.Bound == BoundLower && v >= beta || e.Bound == BoundUpper && v <= alpha) {
				return v
			}
		}
	}
	alpha0 := alpha
	best, bestMove := -MateValue, rules.NoMove
	moves, scores := w.moveBuf[ply][:0], w.scoreBuf[ply][:0]
	if inCheck {
		moves = p.GenerateMoves(moves, false)
		scores = orderEvasions(p, moves, scores, &w.history)
	} else {
		if eval >= beta {
			if store {
				w.storeTT(hash, rules.NoMove, eval, 0, ply, BoundLower)
			}
			return eval
		}
		best = eval
		alpha = max(alpha, eval)
		moves = p.GenerateMoves(moves, true)
		scores = orderCaptures(p, moves, scores)
	}
	sortMoves(moves, scores)
	w.moveBuf[ply], w.scoreBuf[ply] = moves[:0], scores[:0]
	// Start loading the buckets of the first replies now, so that their
	// probes find them in the cache.
	for _, m := range moves[:min(len(moves), quiescePrefetch)] {
		w.sh.tt.Prefetch(p.KeyAfter(m))
	}
	for _, m := range moves {
		if !inCheck && !w.feat.NoDelta && eval+exchangeValue[p.Board()[m.To()].Type()]+deltaMargin <= alpha {
			continue // even winning the piece for free would not raise alpha
		}
		losing := !inCheck && !w.feat.NoQSEE && losingCaptureCandidate(p, m)
		if !w.makeMove(m, ply) {
			continue
		}
		if losing && p.SquareAttacked(m.To(), p.Side()) {
			p.UnmakeMove() // gives more than it wins (see.go)
			continue
		}
		w.sh.tt.Prefetch(p.Key())
		v := -w.quiesce(-beta, -alpha, ply+1, p.InCheck())
		p.UnmakeMove()
		if w.stopped() {
			return 0
		}
		if v > best {
			best = v
			if v >= beta {
				if store {
					w.storeTT(hash, m, v, 0, ply, BoundLower)
				}
				return v
			}
			if v > alpha {
				alpha = v
				bestMove = m
				w.updatePV(ply, m)
			}
		}
	}
	if best == -MateValue {
		best = ply - MateValue
	}
	if store {
		w.storeTT(hash, bestMove, best, 0, ply, boundFor(best, alpha0, beta))
	}
	return best
}
