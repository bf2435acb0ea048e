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
// ran bench 7.5 % faster, the median of 21 paired runs (2.58 M against
// 2.78 M nodes a second in that batch), visiting the same 298041 nodes.
// Without any prefetch bench runs 13 % slower; prefetching the hash move's
// child at the probe, or up to 1 or 6 quiescence replies instead of 3, made
// no difference, and prefetching a rolling three replies ahead was 1 % slower.
// In two UCCILEAG leagues (12 s + 0.2 s, 20 games each) the
// faster build scored 20/14/6, 67.5 %, where the same search had 57.5 % over
// the 80 games before: more chance than speed, over 120 games 60.8 %.

// quiescePrefetch is how many of a quiescence node's moves have their hash
// buckets prefetched before the first is made.
const quiescePrefetch = 3

// deltaMargin is the positional gain a capture in quiescence may bring
// beyond the victim's value (delta pruning).
const deltaMargin = 60

// lmrTable[depth][moveNumber] is the late move reduction: it grows with
// the logarithms of both, so late moves of deep searches are cut most.
// Reducing more (dividing by 1.9 instead of 2.25: 8 % fewer bench nodes)
// scored 47/19/46 of 112 against ElephantEye at 100 ms, 50.4 %, where this
// table has 201/83/116 of 400 on the same openings (seeds 31 and 32),
// 60.6 %; stopped early. Reducing less (2.6: 9 % more bench nodes), with
// reverse futility in, scored 52/17/29 of 98 on seed 31, 61.7 %, where this
// table has 58/14/28 of 100, 65.0 %: not kept either.
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
// search without futility scored worse, so it stays. Against ElephantEye
// at 12 s + 0.2 s (xqmatch -tc, 40 book openings of 6 plies, seed 8) it
// scored 22/4/14, 60.0 %, where with it 30/5/5, 81.2 %; at 100 ms a move
// (200 games, seeds 31 and 32) 101/27/72, 57.3 %, where with it 99/48/53,
// 61.5 %. (An earlier pair on seed 7, with a clock plan not kept, had
// pointed the other way: 18/9/13 without it, 14/10/16 with it; a UCCILEAG
// league without it scored 7/10/3 of 20.) The narrower fix, keeping quiet
// rook and cannon moves onto the enemy king's file or rank out of late move
// pruning and reductions, searched 17 % more bench nodes and scored
// 48/20/45 of 113 at 100 ms, 51.3 % (stopped early; same openings). Nor
// did switching futility off only where the side to move presses on the
// enemy palace (ElephantEye's kind of pressure, 4 of 8: see eval_king.go),
// meant for the side that gave material for an attack: 96/47/57 of 200 at
// 100 ms (seeds 47 and 48), 59.8 %.
var futilityMargin = [3]int{0, 90, 220}

// rfpDepth and rfpMargin bound reverse futility pruning: at most this
// depth, and the static score at least rfpMargin a ply above beta. It is
// not used against a side with fewer than two advisors and elephants: with
// the palace stripped, quiet mating nets are common and the static score
// does not see them (without that guard the mate suite misses two mates).
//
// First tried at 40 a ply, depth 1-4, over xqmatch's 30 built-in openings
// (about 60 distinct games however many are played): 47.5 % over 200 games
// at 30000 nodes, and dropped. Tried again at 35 a ply, depth 1-5, over
// openings drawn from ElephantEye's book (seed 5), each game new: 112/87/84
// of 283 at 50000 nodes a move, 54.9 %, +34 (+1 .. +69); bench nodes 16 %
// fewer (25 % at depth 11). Against ElephantEye at 100 ms, with the hash
// table's huge pages and prefetch (tt_memory_linux.go): 113/28/59 of 200
// (seeds 31 and 32), 63.5 %, where the engine before both had 104/39/57,
// 61.8 %; on seed 31 alone 58/14/28, and 59/13/28 with the speed-up alone.
// Also making the margin a ply smaller and allowing depth 6-7 when
// the static score rose since the side's previous move, and then letting
// late move pruning keep half as many moves more: 49.0 % over 102 games at
// 50000 nodes (seeds 5 and 6), dropped.
const (
	rfpDepth  = 5
	rfpMargin = 35
)

// Tried and dropped (fixed-node self-play, 30000 nodes a move, against the
// search without them; reverse futility, first dropped here too, is kept
// since, see rfpDepth): a null-move reduction of 2 + depth/4 +
// (eval-beta)/100 (at most +2) 43.5 % over 100 games, -45 Elo (-109 ..
// +15); a counter-move table (from + to of the previous move, tried after
// the killers) 40.3 % over 103 games, -68 Elo (-124 .. -16). A history
// malus for quiet moves searched before a quiet cutoff (51.3 % over 400
// games, about +9 Elo) and, on top of it, one more ply of LMR for quiet
// moves with a negative history (53.8 % over 200 games, +26, -14 .. +67)
// cost fastest mates in the mate suite (TestMateSuite): quiet mating moves
// sink in the order until late move pruning drops them.
//
// Those matches used xqmatch's 30 built-in openings, which deterministic
// engines turn into about 60 distinct games however many are played; since
// then matches draw their openings from a book (xqmatch -book: ElephantEye's
// BOOK.DAT, 8 plies), so that every game is new. Tried and dropped since,
// each against the search without it, stopped early once the direction was
// clear: a mate-threat flag that leaves every move unreduced and unpruned
// when the null move gets mated (46.7 % over 239 games at 30000 nodes, the
// built-in openings: 58 distinct games); quiet checks in the first ply of
// quiescence (49.0 % over 52 games at 100 ms, 30 % fewer nodes a second);
// extending only checks whose piece cannot be taken at once (41.7 % over 30
// games at 30000 nodes, built-in openings); a single-reply extension
// (39.8 % over 49 games at 30000 nodes, book openings). A singular
// extension (at depth 6 and more, the hash move a ply deeper when every
// other move, searched at half depth, stays 2 a ply below its score) with
// multi-cut (return when that bound still beats beta) scored 59.4 % over
// 128 games at 100000 nodes, then 53.2 % over 190 more: 55.7 % over 318,
// +40 (+10 .. +70); but it hides fastest mates in the mate suite (a mate
// in 4 not seen at depth 9, a mate in 6 played for a mate in 4). Guarded
// by the null move's material limit the suite passes, but the gain goes:
// 49.5 % over 192 games, -4 (-41 .. +34); with non-PV nodes only as well,
// 52.6 % over 195, +18 (-20 .. +56); without the multi-cut, 51.5 % over
// 66. The multi-cut's gain is in the endgames, where it misses mates. A
// narrower guard, no multi-cut in check or for a side with less than a
// rook's material (200), keeps the suite and scored 53.0 % over 500 games at
// 100000 nodes (book openings), +21 (-4 .. +46), but against ElephantEye at
// 100 ms a move 107/33/60 of 200, 61.8 %, where the search without it has
// 116/28/56, 65.0 %: not shown better, so not kept. Nor, at 50000 nodes
// (book openings), skipping likely losing captures (see.go) onto a defended
// point at depth 1-3 in non-PV nodes, 69/68/72 of 209, 49.3 %; nor skipping
// quiet moves that leave a rook, horse or cannon attacked and undefended at
// depth 1-2, 30/55/51 of 136, 42.3 %.

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
	// results go in at depth 0 unless a deeper entry would be overwritten.
	// (55.4 % over 400 fixed-node games against quiescence without it.)
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
