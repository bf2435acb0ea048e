package engine

import (
	"math"
	"math/rand/v2"

	"github.com/xqfyne/xiangqi/rules"
)

// A strength limit (UCI_LimitStrength with UCI_Elo, the app's lower levels)
// makes the engine weaker the way a weaker player is weaker, not by playing
// random moves: it looks fewer plies ahead (a horizon that grows with the
// rating), forgets its finer knowledge (horse mobility and king safety) at
// the bottom, and judges quiet moves loosely: each quiet root move gets a
// random bonus, so that among moves of about the same worth it takes any,
// while captures, checks and mates are judged exactly, as a player sees what
// is on the board. A piece left hanging it sees most of the time, and then
// judges every move exactly, so that no loose judgement of a quiet move
// outweighs the piece. It does not walk a piece back to where it just came
// from without a reason, and now and then, more often at the bottom, it looks
// only one ply ahead and misses what its opponent can take next.

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
	// noise is the largest random bonus of a quiet root move, in evaluation
	// units (a horse is about 90): quiet moves worse than the best by less
	// are chosen about as often as it. Captures and checks get none.
	noise   float64
	blunder float64 // chance per move of judging moves one ply deep
	// overlook is the chance per move of not seeing a piece left hanging
	// (a rook, horse or cannon to take with no recapture): the noise then
	// applies as on any move. Seen, the moves are judged without noise.
	overlook  float64
	plainEval bool // mobility and king safety switched off (this row and below)
}

// strengthTable is the limit from the bottom of the scale to the top; the
// top row is the full engine. A depth caps the lower rows (two plies at the
// bottom, so that even a beginner sees a mate in one against it and a piece
// left hanging); above them a node budget (which grows smoothly and does not
// depend on the machine's speed) is the only cap. The rows from 600 to 3400
// are set at the levels' ratings (play/levels.go) and tuned by 200-game
// matches between them (cmd/levelstat) to 25-35 % for each level against
// the next, from Beginner to Grandmaster; the rows 2850 and 3550 are node
// budgets measured before the noise replaced the choice among several lines
// (docs/levels.md). The search looks at its budget every checkEvery nodes
// and spends it up to the next multiple, so the rows of the levels from 2000
// up are written as those multiples: what they play, in steps of 1.4 to 1.75
// times up to 3100 and of 2 to 2.5 times above, where a doubling of nodes
// is worth about half as much.
var strengthTable = [...]strengthRow{
	{elo: 600, depth: 2, nodes: 3000, noise: 75, blunder: 0.11, overlook: 0.35, plainEval: true},
	{elo: 800, depth: 2, nodes: 3000, noise: 58, blunder: 0.05, overlook: 0.2, plainEval: true},
	{elo: 1000, depth: 2.4, nodes: 3000, noise: 50, blunder: 0.04, overlook: 0.14, plainEval: true},
	{elo: 1200, depth: 2.7, nodes: 3000, noise: 45, blunder: 0.035, overlook: 0.09},
	{elo: 1400, depth: 3, nodes: 3000, noise: 37, blunder: 0.027, overlook: 0.05},
	{elo: 1600, depth: 3.5, nodes: 3000, noise: 33, blunder: 0.02, overlook: 0.03},
	{elo: 1800, depth: 4, nodes: 3000, noise: 28, blunder: 0.016, overlook: 0.02},
	{elo: 2000, nodes: 4096, noise: 24, blunder: 0.012},
	{elo: 2250, nodes: 6144, noise: 21, blunder: 0.00975},
	{elo: 2500, nodes: 9216, noise: 17, blunder: 0.0076},
	{elo: 2750, nodes: 14336, noise: 13, blunder: 0.0057},
	{elo: 2850, nodes: 20000, noise: 12, blunder: 0.005},
	{elo: 3000, nodes: 24576, noise: 10, blunder: 0.00366},
	{elo: 3100, nodes: 40960, noise: 8, blunder: 0.00276},
	{elo: 3200, nodes: 90112, noise: 7, blunder: 0.0018},
	{elo: 3300, nodes: 198656, noise: 4, blunder: 0.0003},
	{elo: 3400, nodes: 476160, noise: 3},
	{elo: 3550, nodes: 1000000, noise: 2},
	{elo: MaxElo},
}

// strengthPlan is the limit worked out for one rating.
type strengthPlan struct {
	// depth caps the iterations (0: no cap). A fraction is the chance of
	// one more ply, so that ratings between two depths play in between.
	depth     float64
	nodes     uint64 // 0: no cap
	noise     int
	blunder   float64
	overlook  float64
	plainEval bool
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
		noise:     int(math.Round(lerp(lo.noise, hi.noise))),
		blunder:   lerp(lo.blunder, hi.blunder),
		overlook:  lerp(lo.overlook, hi.overlook),
		plainEval: lo.plainEval && hi.plainEval,
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
	return plan
}

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

// strengthLimiter carries a limit through one search: it caps the depth
// and the nodes, gives the root moves their bonuses and, on a careless
// move, chooses by a one-ply look instead of the search.
type strengthLimiter struct {
	plan     strengthPlan
	root     *rules.Position
	moves    []rules.Move
	bias     map[rules.Move]int // the root moves' bonuses (rootBias)
	careless bool               // this move is judged one ply deep
}

// limitStrength returns the limiter of a search under opts, or nil at full
// strength. root must be the search's own copy: the limiter plays moves on
// it when it chooses.
func limitStrength(opts Options, root *rules.Position, moves []rules.Move, lim Limits, rng *rand.Rand) (*strengthLimiter, Limits) {
	if opts.Elo <= 0 {
		return nil, lim
	}
	plan := planStrength(opts.Elo)
	l := &strengthLimiter{plan: plan, root: root, moves: moves}
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
	l.bias = rootBias(root, moves, plan.rootNoise(root, moves, rng), rng)
	if rng.Float64() < plan.blunder {
		// The search's move is not used: one ply is enough to keep it
		// cheap and its report meaningful.
		l.careless = true
		lim.Depth = 1
	}
	return l, lim
}

// rootNoise is the noise of the quiet root moves of this search: none when
// a piece is left hanging and the player sees it (all but the overlook
// chance), so that the moves are weighed as the search sees them and no
// loose judgement of a quiet move outweighs the piece; the plan's otherwise.
func (plan strengthPlan) rootNoise(root *rules.Position, moves []rules.Move, rng *rand.Rand) int {
	if plan.noise > 0 && hasFreeCapture(root, moves) && rng.Float64() >= plan.overlook {
		return 0
	}
	return plan.noise
}

// plainEval tells whether the search evaluates plainly (mobility and king
// safety off); false at full strength (l nil).
func (l *strengthLimiter) plainEval() bool { return l != nil && l.plan.plainEval }

// rootBias gives each root move its bonus. A quiet move (no capture, no
// check) gets a random bonus of 0..noise: the weaker player's loose
// judgement of moves that change nothing on the board. A move that takes a
// piece back to a square it stood on within the side's last returnMoves
// moves (returningMove: the walk straight back, and the rounds of a king or
// an advisor in the endgame), when the piece is in no danger where it stands
// (threatened), loses more than the noise can give: it shuffles only when
// the search finds it clearly best.
func rootBias(root *rules.Position, moves []rules.Move, noise int, rng *rand.Rand) map[rules.Move]int {
	own := recentOwnMoves(root)
	bias := make(map[rules.Move]int, len(moves))
	for _, m := range moves {
		if root.At(m.To()) != rules.NoPiece || !root.MakeMove(m) {
			continue
		}
		check := root.InCheck()
		root.UnmakeMove()
		if check {
			continue
		}
		b := 0
		if noise > 0 {
			b = rng.IntN(noise + 1)
		}
		if returningMove(own, m) && !threatened(root, m.From()) {
			b -= noise + shufflePenalty
		}
		bias[m] = b
	}
	return bias
}

// hasFreeCapture tells whether one of moves takes an opponent's rook, horse
// or cannon that the opponent cannot take back on its square: a piece left
// hanging, as cmd/levelstat counts them.
func hasFreeCapture(root *rules.Position, moves []rules.Move) bool {
	for _, m := range moves {
		victim := root.At(m.To())
		if victim == rules.NoPiece {
			continue
		}
		if t := victim.Type(); t != rules.Rook && t != rules.Knight && t != rules.Cannon || !root.MakeMove(m) {
			continue
		}
		recapture := false
		for _, r := range root.LegalMoves() {
			if r.To() == m.To() {
				recapture = true
				break
			}
		}
		root.UnmakeMove()
		if !recapture {
			return true
		}
	}
	return false
}

// shufflePenalty is how much better than the others a move that undoes the
// side's previous move must look before a limited search plays it (beyond
// the noise).
const shufflePenalty = 40

// undoingMove returns the move that takes back the side to move's previous
// move, when that move neither captured nor gave check; NoMove otherwise.
func undoingMove(root *rules.Position) rules.Move {
	hist := root.Moves()
	if len(hist) < 2 || hist[len(hist)-2] == rules.NoMove || hist[len(hist)-1] == rules.NoMove {
		return rules.NoMove
	}
	prev := hist[len(hist)-2]
	p := root.Copy()
	p.UnmakeMove()
	p.UnmakeMove()
	if p.At(prev.To()) != rules.NoPiece || !p.MakeMove(prev) || p.InCheck() {
		return rules.NoMove
	}
	return rules.NewMove(prev.To(), prev.From())
}

// returnMoves is how many of the side's own moves the shuffle rule looks back
// over. Only the walk straight back (one move) was penalised once, and in the
// endgame the Beginner walked an advisor e1-d0-e1 and a king d/e back and
// forth (issue 51 item 5).
const returnMoves = 4

// recentOwnMoves returns the side to move's last moves, the latest first, up
// to returnMoves of them and back to the last capture (by either side) or
// check by the side: before those the board was another one.
func recentOwnMoves(root *rules.Position) []rules.Move {
	hist := root.Moves()
	p := root.Copy()
	var own []rules.Move
	for ply := 0; ply < 2*returnMoves && len(hist) > 0; ply++ {
		m := hist[len(hist)-1]
		if m == rules.NoMove {
			break
		}
		gaveCheck := p.InCheck()
		p.UnmakeMove()
		hist = hist[:len(hist)-1]
		mine := ply%2 == 1
		if p.At(m.To()) != rules.NoPiece || mine && gaveCheck {
			break
		}
		if mine {
			own = append(own, m)
		}
	}
	return own
}

// returningMove tells whether m takes its piece back to a square the piece
// stood on during own (recentOwnMoves), following the piece back move by move.
func returningMove(own []rules.Move, m rules.Move) bool {
	sq := m.From()
	for _, o := range own {
		if o.To() == sq {
			sq = o.From()
			if sq == m.To() {
				return true
			}
		}
	}
	return false
}

// threatened tells whether the side to move's piece on sq is in danger where
// it stands, so that walking it back is an escape and no shuffle: the side is
// in check, or an opponent's piece worth less takes it, or one takes it and
// nothing takes back. A piece merely attacked and guarded, as most are in an
// endgame, is not.
func threatened(root *rules.Position, sq rules.Square) bool {
	if root.InCheck() {
		return true
	}
	if !root.SquareAttacked(sq, root.Side().Opponent()) {
		return false
	}
	victim := exchangeValue[root.At(sq).Type()]
	root.MakeNullMove()
	defer root.UnmakeNullMove()
	for _, m := range root.LegalMoves() {
		if m.To() != sq {
			continue
		}
		if exchangeValue[root.At(m.From()).Type()] < victim {
			return true
		}
		if !root.MakeMove(m) {
			continue
		}
		guarded := false
		for _, r := range root.LegalMoves() {
			if r.To() == sq {
				guarded = true
				break
			}
		}
		root.UnmakeMove()
		if !guarded {
			return true
		}
	}
	return false
}

// choose replaces the search's move by the one-ply look's on a careless move.
func (l *strengthLimiter) choose(res *SearchResult) {
	if !l.careless || res.Move == rules.NoMove {
		return
	}
	m, v := l.oneplyChoice()
	res.Move, res.Score, res.Mate, res.PV, res.Ponder = m, v, MateMoves(v), []rules.Move{m}, rules.NoMove
}

// oneplyChoice judges every root move by the position right after it, as a
// player who does not look at the reply: it sees its own captures and a mate
// on the board but not what the opponent can take next. Quiet moves get
// their bonuses as in the search.
func (l *strengthLimiter) oneplyChoice() (rules.Move, int) {
	p := l.root
	best, bestScore := rules.NoMove, -MateValue-1
	for _, m := range l.moves {
		if !p.MakeMove(m) {
			continue
		}
		var v int
		if len(p.LegalMoves()) == 0 {
			v = MateValue - 1
		} else {
			v = -evaluate(p, materialOf(p), l.plan.plainEval) + l.bias[m]
		}
		p.UnmakeMove()
		if v > bestScore {
			best, bestScore = m, v
		}
	}
	return best, bestScore
}
