package engine

import (
	"math/rand/v2"
	"time"

	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/rules"
)

// worker is one search thread: its own copy of the position and its own move
// ordering heuristics, sharing only the hash table and the stop flag.
type worker struct {
	id        int
	sh        *shared
	lastYield time.Time // when the search last let the host run (yieldToHost)
	pos       *rules.Position

	nodes     uint64 // exact count of this worker
	published uint64 // part of nodes already added to sh.nodes
	seldepth  int

	history  historyTable
	killers  [MaxPly + 1][2]rules.Move
	pickers  [MaxPly + 1]movePicker
	moveBuf  [MaxPly + 1][]rules.Move
	scoreBuf [MaxPly + 1][]int32
	pvTable  [MaxPly + 1][MaxPly + 1]rules.Move
	pvLen    [MaxPly + 1]int
	// material[ply] is the evaluation's material sums of pos when it is
	// ply moves from the root (makeMove and makeNullMove keep them).
	material [MaxPly + 1]materialSums

	rootMoves []rules.Move
	// pvIdx is the MultiPV line being searched: the root search skips
	// rootMoves[:pvIdx], the first moves of the better lines.
	pvIdx int
	feat  Features
	// plainEval: evaluate without mobility and king safety (a strength
	// limit, strength.go).
	plainEval bool
	// nn, when not nil, evaluates with the neural net instead; it follows
	// makeMove and makeNullMove (nnue.Evaluator).
	nn *nnue.Evaluator
	// netMismatches, when not nil (tests), counts evaluations in which the
	// incrementally kept accumulators scored otherwise than new ones.
	netMismatches *int
	rules         rules.RuleSet
	// opponentMayChase: the root side cannot count on the referee to
	// stop the opponent's perpetual chases (Options.OpponentMayChase).
	opponentMayChase bool
	noCapture        noCaptureLimits // no-capture counts scored as a draw

	// Root randomness (main worker only).
	rng        *rand.Rand
	randomness int
	// rootBias is added to the scores of the root moves it lists that are
	// not decisive (a strength limit, strength.go; main worker only).
	rootBias map[rules.Move]int

	// Outcome of the last completed iteration, or of a root move fully
	// searched in an unfinished one.
	bestMove       rules.Move
	bestScore      int
	bestPV         []rules.Move
	completedDepth int

	// Clock mode (main worker): after softStop the running iteration ends
	// at the next root move unless unsettled (its first move failed low or
	// another move took the lead). Zero: no soft stop.
	softStop  time.Duration
	unsettled bool
}

func newWorker(id int) *worker {
	w := &worker{id: id, noCapture: gameNoCaptureLimits()}
	for i := range w.moveBuf {
		w.moveBuf[i] = make([]rules.Move, 0, 128)
		w.scoreBuf[i] = make([]int32, 0, 128)
	}
	return w
}

// prepare readies the worker for a new search from root.
func (w *worker) prepare(sh *shared, root *rules.Position, moves []rules.Move) {
	w.sh = sh
	w.setRoot(root)
	w.nodes, w.published, w.seldepth = 0, 0, 0
	w.history.age()
	w.killers = [MaxPly + 1][2]rules.Move{}
	w.rootMoves = append(w.rootMoves[:0], moves...)
	w.rng, w.randomness, w.rootBias = nil, 0, nil
	w.bestMove, w.bestScore, w.bestPV, w.completedDepth = moves[0], 0, nil, 0
	w.softStop, w.unsettled = 0, false
	// Try the hash move first, then captures by MVV/LVA.
	var scores []int32
	hashMove := rules.NoMove
	if e, ok := sh.tt.Probe(root.Hash64()); ok {
		hashMove = e.Move
	}
	for _, m := range w.rootMoves {
		s := w.history[m]
		if root.At(m.To()) != rules.NoPiece {
			s = captureOrder(root, m)
		}
		if m == hashMove {
			s = 1 << 30
		}
		scores = append(scores, s)
	}
	sortMoves(w.rootMoves, scores)
	w.bestMove = w.rootMoves[0]
}

// setRoot makes the worker search from a copy of root.
func (w *worker) setRoot(root *rules.Position) {
	w.pos = root.Copy()
	w.material[0] = materialOf(root)
	if w.nn != nil {
		w.nn.SetRoot(w.pos)
	}
}

// useNet makes the worker evaluate with net (nil: the classical
// evaluation). A plain evaluation (the weakest levels) stays classical.
func (w *worker) useNet(net *nnue.Net) {
	switch {
	case net == nil || w.plainEval:
		w.nn = nil
	case w.nn == nil || w.nn.Net() != net:
		w.nn = nnue.NewEvaluator(net, MaxPly+1)
	}
}

// makeMove plays m in the worker's position, ply moves from the root, and
// brings the material sums along. It is false, leaving the position as it
// was, when m would leave the own king attacked.
func (w *worker) makeMove(m rules.Move, ply int) bool {
	b := w.pos.Board()
	from, to := m.From(), m.To()
	pc, captured := b[from], b[to]
	if !w.pos.MakeMove(m) {
		return false
	}
	// Written out here rather than in a method of materialSums, which the
	// compiler would not inline.
	next := &w.material[ply+1]
	*next = w.material[ply]
	c := pc.Color()
	next[c] += pieceSquareValue(pc, to) - pieceSquareValue(pc, from)
	if captured != rules.NoPiece {
		next[c^1] -= pieceSquareValue(captured, to)
	}
	if w.nn != nil {
		w.nn.Move(ply, pc, from, to, captured)
	}
	return true
}

// makeNullMove passes the turn at ply.
func (w *worker) makeNullMove(ply int) {
	w.pos.MakeNullMove()
	w.material[ply+1] = w.material[ply]
	if w.nn != nil {
		w.nn.Null(ply)
	}
}

// evaluate returns the static score of the worker's position at ply.
func (w *worker) evaluate(ply int) int {
	if w.nn != nil {
		v := w.nn.Evaluate(w.pos, ply)
		if w.netMismatches != nil && v != w.nn.Net().Evaluate(w.pos) {
			*w.netMismatches++
		}
		return netEvaluate(w.pos, v)
	}
	return evaluate(w.pos, w.material[ply], w.plainEval)
}

// stopped tells whether the search must unwind now.
func (w *worker) stopped() bool { return w.sh.stop.Load() }

// checkEvery is how many nodes a worker searches between looks at the clock,
// the node limit and the context: a stop is seen within a millisecond or so,
// and a node limit is spent up to the next multiple of it.
const checkEvery = 1024

// countNode counts a node and every checkEvery nodes checks the clock, the
// node limit and the context.
func (w *worker) countNode() {
	w.nodes++
	if w.nodes&(checkEvery-1) != 0 {
		return
	}
	sh := w.sh
	sh.nodes.Add(w.nodes - w.published)
	w.published = w.nodes
	if sh.ctx.Err() != nil ||
		(sh.budget.hard > 0 && time.Since(sh.start) >= sh.budget.hard) ||
		(sh.nodeLimit > 0 && sh.nodes.Load() >= sh.nodeLimit) {
		sh.stop.Store(true)
	}
	if yieldToHost && time.Since(w.lastYield) >= yieldInterval {
		// In a browser Go has one thread and no preemption: sleeping briefly hands the
		// thread back to the page so that it can draw and take input while we think.
		time.Sleep(time.Millisecond)
		w.lastYield = time.Now()
	}
}

// iterate runs iterative deepening. The main worker (progress may be nil
// for it too) decides when the search ends; helpers run until stopped.
func (w *worker) iterate(lim Limits, progress func(Info)) {
	isMain := w.id == 0
	maxDepth := maxIterations
	if lim.Depth > 0 && lim.Depth < maxDepth {
		maxDepth = lim.Depth
	}
	timed := !lim.Infinite && (lim.MoveTime > 0 || lim.clocked())
	score := 0
	var clock timeControl
	multiPV := 1
	if isMain {
		multiPV = min(max(lim.MultiPV, 1), len(w.rootMoves))
	}
	lineScores := make([]int, multiPV) // each line's score at the last depth, for its window
	for depth := 1 + w.id%2; depth <= maxDepth; depth++ {
		if b := w.sh.budget; isMain && b.optimum > 0 && !b.fixed && multiPV == 1 && w.completedDepth > 0 {
			w.softStop, w.unsettled = clock.stopWithin(b.optimum), false
		}
		v, ok := w.aspiration(depth, score)
		if !ok {
			break
		}
		score = v
		if !isMain {
			continue
		}
		clock.completed(depth, w.pvTable[0][0], v)
		w.completedDepth = depth
		w.bestScore = v
		w.bestMove = w.pvTable[0][0]
		w.bestPV = append(w.bestPV[:0], w.pvTable[0][:w.pvLen[0]]...)
		if multiPV > 1 {
			w.searchOtherLines(depth, multiPV, lineScores, progress)
		} else if progress != nil {
			progress(w.info(depth, v))
		}
		if lim.Infinite {
			continue
		}
		if timed && len(w.rootMoves) == 1 && !lim.NeedScore {
			break // the only move: no need to think
		}
		if v > BanValue || v < -BanValue {
			// A forced mate: deeper iterations cannot find a shorter one once
			// the depth covers the mate's length.
			if mateLen := MateValue - abs(v); depth >= mateLen {
				break
			}
		}
		if b := w.sh.budget; b.optimum > 0 && !b.fixed && time.Since(w.sh.start) >= clock.stopAfter(b.optimum) {
			break
		}
	}
	if isMain {
		w.sh.stop.Store(true)
	}
}

// searchOtherLines searches lines 2..multiPV at depth after line 1 (whose
// result is in the PV table), each without the first moves of the lines
// before it, and reports all the lines of the depth. A stop leaves the
// depth's remaining lines unreported; the best move is line 1's either way.
func (w *worker) searchOtherLines(depth, multiPV int, lineScores []int, progress func(Info)) {
	lines := []Info{w.info(depth, w.bestScore)}
	lineScores[0] = w.bestScore
	for k := 1; k < multiPV; k++ {
		// The better lines' first moves are at the front of rootMoves.
		w.pvIdx = k
		v, ok := w.aspiration(depth, lineScores[k])
		if !ok {
			break
		}
		lineScores[k] = v
		lines = append(lines, w.info(depth, v))
	}
	w.pvIdx = 0
	for k, l := range lines {
		l.MultiPV = k + 1
		if progress != nil {
			progress(l)
		}
	}
}

// info builds a progress report of the main worker.
func (w *worker) info(depth, score int) Info {
	elapsed := time.Since(w.sh.start)
	nodes := w.sh.nodes.Load() - w.published + w.nodes
	nps := uint64(0)
	if elapsed > 0 {
		nps = uint64(float64(nodes) / elapsed.Seconds())
	}
	return Info{
		Depth:    depth,
		SelDepth: w.seldepth,
		Score:    score,
		Mate:     MateMoves(score),
		Nodes:    nodes,
		Time:     elapsed,
		NPS:      nps,
		Hashfull: w.sh.tt.Hashfull(),
		PV:       append([]rules.Move(nil), w.pvTable[0][:w.pvLen[0]]...),
	}
}

// aspiration searches the root in a window around the previous score and
// widens it on failure. ok is false when the search was stopped.
func (w *worker) aspiration(depth, prev int) (int, bool) {
	alpha, beta := -MateValue, MateValue
	delta := 24
	if depth >= 4 && !IsDecisive(prev) && !w.feat.NoAspiration {
		alpha, beta = prev-delta, prev+delta
	}
	for {
		v := w.searchRoot(depth, alpha, beta)
		if w.stopped() {
			return v, false
		}
		switch {
		case v <= alpha && alpha > -MateValue:
			alpha = max(v-delta, -MateValue)
		case v >= beta && beta < MateValue:
			beta = min(v+delta, MateValue)
		default:
			return v, true
		}
		delta *= 2
		if delta > 400 {
			alpha, beta = -MateValue, MateValue
		}
	}
}

// searchRoot searches every root move (XQWLight's SearchRoot): PVS after the
// first move, no null move or hash cutoff at the root, and small random
// noise on the best score so that near-equal moves vary between games.
func (w *worker) searchRoot(depth, alpha, beta int) int {
	p := w.pos
	w.pvLen[0] = 0
	alpha0 := alpha
	best := -MateValue
	moves := w.rootMoves[w.pvIdx:]
	for i, m := range moves {
		if !w.makeMove(m, 0) {
			continue
		}
		check := p.InCheck()
		newDepth := depth - 1
		if check {
			newDepth = depth
		}
		// A bonus b shifts the move's window: it must score above alpha-b.
		b := w.rootBias[m]
		lo, hi := max(alpha-b, -MateValue), min(beta-b, MateValue)
		var v int
		if i == 0 {
			v = -w.search(-hi, -lo, newDepth, 1, check, false)
		} else {
			v = -w.search(-lo-1, -lo, newDepth, 1, check, false)
			if v > lo && v < hi {
				v = -w.search(-hi, -lo, newDepth, 1, check, false)
			}
		}
		if !IsDecisive(v) {
			v += b
		}
		p.UnmakeMove()
		if w.stopped() {
			break
		}
		if i == 0 && v <= alpha {
			w.unsettled = true // the expected best move fails low: think on
		}
		if v <= best {
			w.softStopCheck()
			continue
		}
		best = v
		if v <= alpha {
			continue
		}
		// A new best move: move it to the front for the next iteration and
		// keep it even if the iteration does not finish.
		copy(moves[1:i+1], moves[:i])
		moves[0] = m
		w.updatePV(0, m)
		if w.id == 0 && w.pvIdx == 0 {
			if i > 0 {
				w.unsettled = true // a new best move: make sure of it
			}
			w.bestMove, w.bestScore = m, v
			w.bestPV = append(w.bestPV[:0], w.pvTable[0][:w.pvLen[0]]...)
		}
		if w.randomness > 0 && !IsDecisive(v) {
			v += w.rng.IntN(w.randomness+1) - w.rng.IntN(w.randomness+1)
			best = v
		}
		if v >= beta {
			break
		}
		alpha = v
		w.softStopCheck()
	}
	if !w.stopped() && w.pvLen[0] > 0 && w.pvIdx == 0 && w.rootBias == nil {
		w.storeTT(p.Hash64(), w.pvTable[0][0], best, depth, 0, boundFor(best, alpha0, beta))
	}
	return best
}

// softStopCheck ends the search between root moves once the soft stop has
// passed in a settled iteration: the best move so far is the previous
// iteration's and has been searched to this depth.
func (w *worker) softStopCheck() {
	if w.softStop > 0 && !w.unsettled && time.Since(w.sh.start) >= w.softStop {
		w.sh.stop.Store(true)
	}
}

func boundFor(v, alpha, beta int) Bound {
	switch {
	case v >= beta:
		return BoundLower
	case v <= alpha:
		return BoundUpper
	}
	return BoundExact
}

// updatePV makes m followed by the child's PV the PV at ply.
func (w *worker) updatePV(ply int, m rules.Move) {
	w.pvTable[ply][ply] = m
	n := copy(w.pvTable[ply][ply+1:], w.pvTable[ply+1][ply+1:w.pvLen[ply+1]])
	w.pvLen[ply] = ply + 1 + n
}

// drawScore is the value of a draw for the side to move at ply: the root
// side always sees it as -DrawValue (it plays on when it can).
func drawScore(ply int) int {
	if ply&1 == 0 {
		return -DrawValue
	}
	return DrawValue
}

// repetitionScore scores a repeated position (article 003 §4.2, §6.4): a
// draw, or a BanValue-based loss for the side that checked perpetually.
func repetitionScore(r rules.Repetition, ply int) int {
	v := 0
	if r&rules.RepSelfPerpetual != 0 {
		v += ply - BanValue
	}
	if r&rules.RepOppPerpetual != 0 {
		v += BanValue - ply
	}
	if v == 0 {
		return drawScore(ply)
	}
	return v
}

// scoreToTT makes a mate score relative to the node being stored.
func scoreToTT(v, ply int) int {
	switch {
	case v > WinValue:
		return v + ply
	case v < -WinValue:
		return v - ply
	}
	return v
}

// scoreFromTT undoes scoreToTT. ok is false for scores that came from the
// perpetual-check rule: they depend on the path and must not be reused.
func scoreFromTT(v, ply int) (int, bool) {
	switch {
	case v > WinValue:
		if v < BanValue {
			return 0, false
		}
		return v - ply, true
	case v < -WinValue:
		if v > -BanValue {
			return 0, false
		}
		return v + ply, true
	}
	return v, true
}

// storeTT records a node's result, leaving out perpetual-check verdicts that
// carry no move (they would only mislead other paths).
func (w *worker) storeTT(hash uint64, m rules.Move, v, depth, ply int, b Bound) {
	if m == rules.NoMove && (v > WinValue && v < BanValue || v < -WinValue && v > -BanValue) {
		return
	}
	w.sh.tt.Store(hash, m, scoreToTT(v, ply), depth, b)
}
