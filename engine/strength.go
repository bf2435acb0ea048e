package engine

import (
	"math"
	"math/rand/v2"

	"github.com/xqfyne/xiangqi/rules"
)

// A strength limit (UCI_LimitStrength with UCI_Elo, the app's lower levels)
// makes the engine weaker the way a weaker player is weaker, not by playing
// random moves: it looks fewer plies ahead, forgets its finer knowledge
// (horse mobility and king safety), picks among the moves that look nearly
// as good as the best one, and now and then looks only one ply ahead, so
// that it misses what its opponent threatens to take.

// Bounds of Options.Elo; 0 means no limit.
const (
	MinElo = 600
	MaxElo = 3800
)

// strengthRow is the limit at one rating; ratings in between interpolate.
type strengthRow struct {
	elo   int
	depth float64 // iterations searched at most (0: no cap); see strengthPlan.depth
	nodes float64 // nodes searched at most (0: no cap)
	lines float64 // root moves compared (MultiPV); 0: all of them
	// temperature of the choice among those moves: a move worse than the
	// best by temperature evaluation units is e (2.7) times less likely.
	temperature float64
	margin      float64 // moves worse than the best by more are never chosen
	blunder     float64 // chance per move of judging moves one ply deep
	plainEval   bool    // mobility and king safety switched off (this row and below)
}

// strengthTable is the limit from the bottom of the scale to the top; the
// top row is the full engine. The depth caps the weakest rows; above them a
// node budget (which grows smoothly and does not depend on the machine's
// speed) is the only cap. The ratings are measured: each row's rating is the
// one below plus the Elo difference of a match between them (docs/levels.md),
// with the bottom row put at 600; the two rows below the top are estimates
// (the matches would take hours).
var strengthTable = [...]strengthRow{
	{elo: 600, depth: 1, nodes: 3000, temperature: 70, margin: 300, blunder: 0.35, plainEval: true},
	{elo: 770, depth: 1, nodes: 3000, temperature: 50, margin: 200, blunder: 0.25, plainEval: true},
	{elo: 1000, depth: 1, nodes: 3000, temperature: 35, margin: 140, blunder: 0.17, plainEval: true},
	{elo: 1280, depth: 1.5, nodes: 3000, lines: 14, temperature: 31.5, margin: 125, blunder: 0.145, plainEval: true},
	{elo: 1470, depth: 2, nodes: 3000, lines: 12, temperature: 28, margin: 110, blunder: 0.12, plainEval: true},
	{elo: 1565, depth: 2, nodes: 3000, lines: 10, temperature: 25, margin: 95, blunder: 0.10},
	{elo: 1695, depth: 2, nodes: 3000, lines: 8, temperature: 22, margin: 80, blunder: 0.08},
	{elo: 1750, depth: 2.5, nodes: 3000, lines: 7, temperature: 19, margin: 70, blunder: 0.065},
	{elo: 1915, depth: 3, nodes: 3000, lines: 6, temperature: 16, margin: 60, blunder: 0.05},
	{elo: 2065, nodes: 3000, lines: 5, temperature: 12, margin: 45, blunder: 0.03},
	{elo: 2445, nodes: 8000, lines: 4, temperature: 8, margin: 30, blunder: 0.015},
	{elo: 2850, nodes: 20000, lines: 3, temperature: 5, margin: 20, blunder: 0.007},
	{elo: 3185, nodes: 50000, lines: 2, temperature: 3, margin: 10, blunder: 0.003},
	{elo: 3320, nodes: 150000, lines: 2, temperature: 1.5, margin: 5},
	{elo: 3550, nodes: 1000000, lines: 2, temperature: 1, margin: 3},
	{elo: MaxElo, lines: 1},
}

// strengthPlan is the limit worked out for one rating.
type strengthPlan struct {
	// depth caps the iterations (0: no cap). A fraction is the chance of
	// one more ply, so that ratings between two depths play in between.
	depth       float64
	nodes       uint64 // 0: no cap
	lines       int    // 0: all root moves
	temperature float64
	margin      int
	blunder     float64
	plainEval   bool
}

// planStrength interpolates the table at elo (clamped to MinElo..MaxElo).
func planStrength(elo int) strengthPlan {
	elo = min(max(elo, MinElo), MaxElo)
	i := 0
	for i+1 < len(strengthTable) && strengthTable[i+1].elo <= elo {
		i++
	}
	lo, hi, f := strengthTable[i], strengthTable[i], 0.0
	if lo.elo < elo {
		hi = strengthTable[i+1]
		f = float64(elo-lo.elo) / float64(hi.elo-lo.elo)
	}
	lerp := func(a, b float64) float64 { return a + (b-a)*f }
	plan := strengthPlan{
		temperature: lerp(lo.temperature, hi.temperature),
		margin:      int(math.Round(lerp(lo.margin, hi.margin))),
		blunder:     lerp(lo.blunder, hi.blunder),
		plainEval:   lo.plainEval && hi.plainEval,
	}
	// Caps do not interpolate towards "no cap": the stricter one holds up
	// to the next row. Node budgets interpolate geometrically.
	switch {
	case lo.depth > 0 && hi.depth > 0:
		plan.depth = lerp(lo.depth, hi.depth)
	case lo.depth > 0:
		plan.depth = lo.depth
	}
	switch {
	case lo.nodes > 0 && hi.nodes > 0:
		plan.nodes = uint64(math.Round(lo.nodes * math.Pow(hi.nodes/lo.nodes, f)))
	case lo.nodes > 0:
		plan.nodes = uint64(lo.nodes)
	}
	switch {
	case lo.lines == 0 && hi.lines == 0:
		plan.lines = 0
	case lo.lines == 0:
		plan.lines = int(math.Round(lerp(float64(maxStrengthLines), hi.lines)))
	default:
		plan.lines = int(math.Round(lerp(lo.lines, hi.lines)))
	}
	return plan
}

// maxStrengthLines stands for "all root moves" when interpolating.
const maxStrengthLines = 16

// SetElo limits the playing strength to about elo (MinElo..MaxElo, clamped);
// 0 removes the limit.
func (s *Searcher) SetElo(elo int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts.Elo = clampElo(elo)
}

func clampElo(elo int) int {
	if elo <= 0 {
		return 0
	}
	return min(max(elo, MinElo), MaxElo)
}

// strengthLimiter carries a limit through one search: it caps the depth,
// asks for several lines, collects them as they are reported and chooses
// the move at the end.
type strengthLimiter struct {
	plan   strengthPlan
	root   *rules.Position
	moves  []rules.Move
	wanted int        // lines the caller asked for (MultiPV), 1 normally
	report func(Info) // the caller's progress, may be nil
	want   int        // lines of a complete set
	depth  int        // depth of the lines being collected
	recent []Info     // the lines of that depth so far, best first
	lines  []Info     // the deepest complete set of lines
}

// limitStrength returns the limiter of a search under opts, or nil at full
// strength. root must be the search's own copy: the limiter plays moves on
// it when it chooses.
func limitStrength(opts Options, root *rules.Position, moves []rules.Move, lim Limits, progress func(Info), rng *rand.Rand) (*strengthLimiter, Limits) {
	if opts.Elo <= 0 {
		return nil, lim
	}
	plan := planStrength(opts.Elo)
	l := &strengthLimiter{plan: plan, root: root, moves: moves, wanted: max(lim.MultiPV, 1), report: progress}
	if plan.depth > 0 {
		depth := int(plan.depth)
		if rng.Float64() < plan.depth-float64(depth) {
			depth++
		}
		if lim.Depth == 0 || lim.Depth > depth {
			lim.Depth = depth
		}
	}
	if plan.nodes > 0 && (lim.Nodes == 0 || lim.Nodes > plan.nodes) {
		lim.Nodes = plan.nodes
	}
	lines := plan.lines
	if lines == 0 {
		lines = len(moves)
	}
	lim.MultiPV = max(lines, l.wanted)
	l.want = min(lim.MultiPV, len(moves))
	return l, lim
}

// plainEval tells whether the search evaluates plainly (mobility and king
// safety off); false at full strength (l nil).
func (l *strengthLimiter) plainEval() bool { return l != nil && l.plan.plainEval }

// collect keeps the lines of the deepest depth and passes on what the
// caller asked for: line 1 only, as a single-line report, unless it wanted
// several.
func (l *strengthLimiter) collect(i Info) {
	rank := max(i.MultiPV, 1)
	if i.Depth != l.depth || rank == 1 {
		l.depth, l.recent = i.Depth, l.recent[:0]
	}
	l.recent = append(l.recent, i)
	if len(l.recent) == l.want {
		l.lines = append(l.lines[:0], l.recent...)
	}
	if l.report == nil || rank > l.wanted {
		return
	}
	if l.wanted == 1 {
		i.MultiPV = 0
	}
	l.report(i)
}

// choose replaces the search's best move by the limit's choice.
func (l *strengthLimiter) choose(res *SearchResult, rng *rand.Rand) {
	if len(l.lines) == 0 {
		// Stopped before one depth's lines were all searched.
		l.lines = l.recent
	}
	if res.Move == rules.NoMove || len(l.lines) == 0 {
		return
	}
	if rng.Float64() < l.plan.blunder {
		m, v := l.oneplyChoice(rng)
		res.Move, res.Score, res.Mate, res.PV, res.Ponder = m, v, MateMoves(v), []rules.Move{m}, rules.NoMove
		return
	}
	scores := make([]int, 0, len(l.lines))
	for _, line := range l.lines {
		scores = append(scores, line.Score)
	}
	k := pickNearBest(scores, l.plan, rng)
	line := l.lines[k]
	if len(line.PV) == 0 {
		return
	}
	res.Move, res.Score, res.Mate = line.PV[0], line.Score, line.Mate
	res.PV = append([]rules.Move(nil), line.PV...)
	res.Ponder = rules.NoMove
	if len(res.PV) > 1 {
		res.Ponder = res.PV[1]
	}
}

// oneplyChoice judges every root move by the position right after it, as a
// player who does not look at the reply: it sees its own captures and a mate
// on the board but not what the opponent can take next.
func (l *strengthLimiter) oneplyChoice(rng *rand.Rand) (rules.Move, int) {
	p := l.root
	scores := make([]int, len(l.moves))
	for i, m := range l.moves {
		if !p.MakeMove(m) {
			scores[i] = -MateValue
			continue
		}
		if len(p.LegalMoves()) == 0 {
			scores[i] = MateValue - 1
		} else {
			scores[i] = -evaluate(p, materialOf(p), l.plan.plainEval)
		}
		p.UnmakeMove()
	}
	k := pickNearBest(scores, l.plan, rng)
	return l.moves[k], scores[k]
}

// pickNearBest picks an index among scores: a decisive best is always
// taken; otherwise each score within the margin of the best is weighted by
// exp((score-best)/temperature).
func pickNearBest(scores []int, plan strengthPlan, rng *rand.Rand) int {
	best := 0
	for i, v := range scores {
		if v > scores[best] {
			best = i
		}
	}
	top := scores[best]
	if IsDecisive(top) || plan.temperature <= 0 {
		return best
	}
	weights := make([]float64, len(scores))
	total := 0.0
	for i, v := range scores {
		if top-v > plan.margin || IsDecisive(v) {
			continue
		}
		weights[i] = math.Exp(float64(v-top) / plan.temperature)
		total += weights[i]
	}
	r := rng.Float64() * total
	for i, w := range weights {
		if w == 0 {
			continue
		}
		if r < w {
			return i
		}
		r -= w
	}
	return best
}
