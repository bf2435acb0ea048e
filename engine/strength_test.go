package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// searchAt searches p under a strength limit with a fixed seed.
func searchAt(t *testing.T, p *rules.Position, elo int, seed uint64, lim Limits, progress func(Info)) SearchResult {
	t.Helper()
	s := NewSearcher(Options{HashMB: 1, Elo: elo, Seed: seed})
	return s.Search(context.Background(), p, lim, progress)
}

// Up the scale every limit loosens; the bottom is a two-ply player without
// the finer evaluation, the top the full engine.
func TestStrengthPlanLoosensUpTheScale(t *testing.T) {
	capOf := func(v uint64) uint64 {
		if v == 0 {
			return 1 << 62
		}
		return v
	}
	prev := planStrength(MinElo)
	if prev.depth != 2 || !prev.plainEval || prev.blunder <= 0 || prev.noise <= 0 || prev.overlook <= 0 || prev.overlook >= 0.5 {
		t.Fatalf("bottom plan %+v: want depth 2, plain evaluation, blunders, noise and a hanging piece seen most of the time", prev)
	}
	for elo := MinElo + 10; elo <= MaxElo; elo += 10 {
		p := planStrength(elo)
		if capOf(uint64(p.depth*1000)) < capOf(uint64(prev.depth*1000)) || capOf(p.nodes) < capOf(prev.nodes) ||
			p.noise > prev.noise || p.blunder > prev.blunder || p.overlook > prev.overlook ||
			p.plainEval && !prev.plainEval {
			t.Fatalf("Elo %d: plan %+v is stricter than the one below, %+v", elo, p, prev)
		}
		prev = p
	}
	if top := planStrength(MaxElo); top != (strengthPlan{}) {
		t.Fatalf("top plan %+v is not the full engine", top)
	}
	if planStrength(MinElo-500) != planStrength(MinElo) || planStrength(MaxElo+500) != planStrength(MaxElo) {
		t.Fatal("ratings outside the scale are not clamped")
	}
}

func TestSetEloClamps(t *testing.T) {
	s := NewSearcher(Options{HashMB: 1, Elo: 5})
	if s.Options().Elo != MinElo {
		t.Fatalf("Elo 5 became %d, want %d", s.Options().Elo, MinElo)
	}
	for _, c := range []struct{ in, want int }{{0, 0}, {-3, 0}, {1500, 1500}, {99999, MaxElo}} {
		s.SetElo(c.in)
		if got := s.Options().Elo; got != c.want {
			t.Errorf("SetElo(%d): %d, want %d", c.in, got, c.want)
		}
	}
}

// The limit caps the depth and the nodes; without it the search goes on.
func TestStrengthCapsTheSearch(t *testing.T) {
	p := mustFEN(t, rules.StartFEN)
	for seed := uint64(1); seed <= 20; seed++ {
		// A careless move searches one ply; the others the bottom's two.
		if r := searchAt(t, p, MinElo, seed, Limits{Depth: 6}, nil); r.Depth != 2 && r.Depth != 1 {
			t.Errorf("seed %d: at the bottom the search reached depth %d, want 2 (1 when careless)", seed, r.Depth)
		}
	}
	plan := planStrength(2400)
	if plan.nodes == 0 {
		t.Fatal("no node budget at 2400: the test needs one")
	}
	limited := searchAt(t, p, 2400, 1, Limits{Depth: 12}, nil)
	full := searchAt(t, p, 0, 1, Limits{Depth: 12}, nil)
	// Workers look at the budget every 1024 nodes.
	if limited.Nodes > plan.nodes+2048 || full.Nodes <= plan.nodes+2048 || full.Depth != 12 {
		t.Errorf("nodes %d at 2400 (budget %d), full strength %d nodes depth %d", limited.Nodes, plan.nodes, full.Nodes, full.Depth)
	}
}

// The same seed gives the same games; different seeds vary the weak
// engine's moves, never the full engine's.
func TestStrengthChoiceIsSeededAndVaries(t *testing.T) {
	p := mustFEN(t, rules.StartFEN)
	lim := Limits{Depth: 4}
	weak, full := map[rules.Move]bool{}, map[rules.Move]bool{}
	for seed := uint64(1); seed <= 24; seed++ {
		a := searchAt(t, p, MinElo, seed, lim, nil)
		b := searchAt(t, p, MinElo, seed, lim, nil)
		if a.Move != b.Move {
			t.Fatalf("seed %d: %s then %s", seed, a.Move, b.Move)
		}
		if !p.IsLegal(a.Move) {
			t.Fatalf("seed %d: illegal %s", seed, a.Move)
		}
		weak[a.Move] = true
		full[searchAt(t, p, 0, seed, lim, nil).Move] = true
	}
	if len(weak) < 5 || len(full) != 1 {
		t.Errorf("%d different moves at the bottom, %d at full strength; want at least 5 and 1", len(weak), len(full))
	}
}

// Even the weakest level sees a mate in one, whichever way it chooses.
func TestStrengthTakesMateInOne(t *testing.T) {
	for _, tc := range []struct{ fen, mate string }{
		{"9/3k5/2C6/7P1/9/9/9/9/2R1K4/3A5 w - - 0 1", "c1d1"},
		{"3a1k3/9/3C2P2/9/9/9/9/9/6R2/4KA3 w - - 0 1", "g1f1"},
	} {
		p := mustFEN(t, tc.fen)
		for seed := uint64(1); seed <= 30; seed++ {
			if r := searchAt(t, p, MinElo, seed, Limits{Depth: 3}, nil); r.Move.String() != tc.mate {
				t.Fatalf("%s seed %d: %s, want the mate %s", tc.fen, seed, r.Move, tc.mate)
			}
		}
	}
}

// Quiet root moves get a bonus of 0..noise; captures and checks none; a
// move that walks a piece back where it came from loses more than the
// noise gives, unless the piece is attacked where it stands.
func TestRootBias(t *testing.T) {
	p := mustFEN(t, "4k4/9/9/n8/9/9/R8/9/9/3K5 w - - 0 1")
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[int]bool{}
	for range 50 {
		bias := rootBias(p, p.LegalMoves(), 30, rng)
		for _, m := range p.LegalMoves() {
			b, quiet := bias[m]
			switch mv := m.String(); {
			case mv == "a3a6" || mv == "a3e3": // takes the horse; checks
				if quiet || b != 0 {
					t.Fatalf("%s has a bonus %d", mv, b)
				}
			case !quiet:
				t.Fatalf("quiet %s has no bonus", mv)
			case b < 0 || b > 30:
				t.Fatalf("quiet %s: bonus %d outside 0..30", mv, b)
			default:
				seen[b] = true
			}
		}
	}
	if len(seen) < 20 {
		t.Fatalf("bonuses take only %d values", len(seen))
	}
	// Red's rook went a2-a3 and Black answered; a3a2 would undo it.
	q := mustFEN(t, "4k4/9/9/9/9/9/9/R8/9/3K5 w - - 0 1")
	for _, m := range []string{"a2a3", "e9f9"} {
		if !q.MakeMove(mustMove(t, m)) {
			t.Fatal(m)
		}
	}
	back := mustMove(t, "a3a2")
	if got := undoingMove(q); got != back {
		t.Fatalf("undoing move %s, want a3a2", got)
	}
	for range 20 {
		if b := rootBias(q, q.LegalMoves(), 30, rng)[back]; b > -shufflePenalty {
			t.Fatalf("walking back has a bonus %d", b)
		}
	}
	// The same with a black rook attacking a3: walking back escapes.
	r := mustFEN(t, "4k4/9/9/9/9/9/9/R7r/9/3K5 w - - 0 1")
	for _, m := range []string{"a2a3", "i2i3"} {
		if !r.MakeMove(mustMove(t, m)) {
			t.Fatal(m)
		}
	}
	if b := rootBias(r, r.LegalMoves(), 30, rng)[back]; b < 0 {
		t.Fatalf("escaping back is penalised: %d", b)
	}
	// A capture on the way out is no shuffle to undo.
	c := mustFEN(t, "4k4/9/9/9/9/9/n8/R8/9/3K5 w - - 0 1")
	for _, m := range []string{"a2a3", "e9f9"} {
		if !c.MakeMove(mustMove(t, m)) {
			t.Fatal(m)
		}
	}
	if got := undoingMove(c); got != rules.NoMove {
		t.Fatalf("undoing a capture: %s", got)
	}
}

// A rook, horse or cannon with nothing to take back on its square is a
// free capture; a guarded one, a pawn, or a horse the rook cannot reach is
// not.
func TestHasFreeCapture(t *testing.T) {
	for fen, want := range map[string]bool{
		"4k4/9/9/n8/9/9/R8/9/9/3K5 w - - 0 1":  true,  // a lone horse
		"4k4/9/9/c8/9/9/R8/9/9/3K5 w - - 0 1":  true,  // a lone cannon
		"4k4/9/9/r8/9/9/R8/9/9/3K5 w - - 0 1":  true,  // a lone rook
		"r3k4/9/9/n8/9/9/R8/9/9/3K5 w - - 0 1": false, // the black rook guards the horse
		"4k4/9/9/p8/9/9/R8/9/9/3K5 w - - 0 1":  false, // a pawn is not counted
		"4k4/9/9/1n7/9/9/R8/9/9/3K5 w - - 0 1": false, // out of reach
	} {
		p := mustFEN(t, fen)
		before := p.FEN()
		if got := hasFreeCapture(p, p.LegalMoves()); got != want {
			t.Errorf("%s: free capture %v, want %v", fen, got, want)
		}
		if p.FEN() != before {
			t.Errorf("%s: hasFreeCapture changed the position to %s", fen, p.FEN())
		}
	}
}

// With a piece left hanging the quiet moves lose their noise unless the
// player overlooks it (the plan's overlook chance); without one they keep it.
func TestRootNoiseSeesAHangingPiece(t *testing.T) {
	free := mustFEN(t, "4k4/9/9/n8/9/9/R8/9/9/3K5 w - - 0 1")
	guarded := mustFEN(t, "r3k4/9/9/n8/9/9/R8/9/9/3K5 w - - 0 1")
	rng := rand.New(rand.NewPCG(3, 4))
	plan := strengthPlan{noise: 60, overlook: 0.3}
	const n = 2000
	kept := 0
	for range n {
		switch v := plan.rootNoise(free, free.LegalMoves(), rng); v {
		case 60:
			kept++
		case 0:
		default:
			t.Fatalf("noise %d, want 0 or 60", v)
		}
		if v := plan.rootNoise(guarded, guarded.LegalMoves(), rng); v != 60 {
			t.Fatalf("no piece hangs, yet the noise is %d", v)
		}
	}
	if kept < n*25/100 || kept > n*35/100 {
		t.Errorf("hanging piece overlooked %d times in %d, want about 30 %%", kept, n)
	}
	plan.overlook = 0
	for range 100 {
		if v := plan.rootNoise(free, free.LegalMoves(), rng); v != 0 {
			t.Fatalf("a player who always sees the piece kept noise %d", v)
		}
	}
}

// A careless (one-ply) move of the weakest level still takes a hanging
// horse whenever the player sees it: the quiet moves then have no bonus to
// set against it.
func TestOnePlyLookSeesAHangingPiece(t *testing.T) {
	p := mustFEN(t, "4k4/9/9/n8/9/9/R8/9/9/3K5 w - - 0 1")
	grab := mustMove(t, "a3a6")
	plan := planStrength(MinElo)
	seen := 0
	for seed := uint64(1); seed <= 200; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		noise := plan.rootNoise(p, p.LegalMoves(), rng)
		if noise != 0 {
			continue // overlooked on this move
		}
		seen++
		l := &strengthLimiter{plan: plan, root: p.Copy(), moves: p.LegalMoves(), careless: true}
		l.bias = rootBias(l.root, l.moves, noise, rng)
		if m, _ := l.oneplyChoice(); m != grab {
			t.Fatalf("seed %d: the one-ply look saw the horse and played %s", seed, m)
		}
	}
	if seen < 100 {
		t.Fatalf("the bottom level saw the hanging horse on %d moves of 200", seen)
	}
}

// The limited engine does not shuffle: after Kd1-d2 and a black reply the
// full engine walks the king back to d1 (found in its self-play); a strong
// limited level, searching as deep, plays something else.
func TestStrengthDoesNotShuffle(t *testing.T) {
	p := mustFEN(t, "2bak1b2/C3a4/9/4N3p/2P3p2/7r1/P3P1c1P/2R1n1N2/3KA2c1/1r3ABR1 w - - 0 22")
	for _, m := range []string{"d1d2", "e2g1"} {
		if !p.MakeMove(mustMove(t, m)) {
			t.Fatal(m)
		}
	}
	back := mustMove(t, "d2d1")
	if r := searchAt(t, p, 0, 1, Limits{Depth: 5}, nil); r.Move != back {
		t.Fatalf("the full engine plays %s, not the walk back: the position proves nothing", r.Move)
	}
	for seed := uint64(1); seed <= 10; seed++ {
		if r := searchAt(t, p, 3400, seed, Limits{Depth: 5}, nil); r.Move == back {
			t.Fatalf("seed %d: the 3400 level walked the king back", seed)
		}
	}
}

// The one-ply look grabs a horse that its rook cannot keep: it does not see
// the recapture that the search sees.
func TestOnePlyLookMissesTheRecapture(t *testing.T) {
	p := mustFEN(t, "r3k4/9/9/n8/9/9/R8/9/9/3K5 w - - 0 1")
	grab := mustMove(t, "a3a6")
	l := &strengthLimiter{root: p.Copy(), moves: p.LegalMoves()}
	if m, _ := l.oneplyChoice(); m != grab {
		t.Fatalf("one-ply look chose %s, want the greedy %s", m, grab)
	}
	if r := searchAt(t, p, 0, 1, Limits{Depth: 3}, nil); r.Move == grab {
		t.Fatalf("the full search grabs the horse too: the test position proves nothing")
	}
}

// Even the weakest level takes a free horse (no bonus of a quiet move
// outweighs it) and, on a careless move too, it keeps a rook it would lose.
func TestStrengthTakesAFreePiece(t *testing.T) {
	p := mustFEN(t, "4k4/9/9/n8/9/9/R8/9/9/3K5 w - - 0 1")
	grab := mustMove(t, "a3a6")
	for seed := uint64(1); seed <= 30; seed++ {
		if r := searchAt(t, p, MinElo, seed, Limits{}, nil); r.Move != grab {
			t.Fatalf("seed %d: played %s, not the free horse", seed, r.Move)
		}
	}
}

// At the bottom the evaluation leaves out king safety: the depth-1 score of
// a position with a hollow cannon differs from the full evaluation's.
func TestStrengthPlainEvaluation(t *testing.T) {
	p := mustFEN(t, "r1bakab2/9/9/9/9/4C4/9/9/9/R1BAKAB2 w - - 0 1")
	score := func(elo int) int {
		var s int
		searchAt(t, p, elo, 1, Limits{Depth: 1}, func(i Info) { s = i.Score })
		return s
	}
	if evaluate(p, materialOf(p), true) == Evaluate(p) {
		t.Fatal("the plain evaluation sees the hollow cannon")
	}
	if score(MinElo) == score(0) {
		t.Fatalf("at the bottom the search scores %d as the full engine does", score(MinElo))
	}
	if score(MaxElo) != score(0) {
		t.Fatalf("at the top the score %d differs from the full engine's %d", score(MaxElo), score(0))
	}
}

// The limit reports what the caller asked for: one line per depth unless it
// asked for several.
func TestStrengthReportsTheLinesAskedFor(t *testing.T) {
	p := mustFEN(t, rules.StartFEN)
	for _, want := range []int{1, 3} {
		ranks := map[int]int{}
		searchAt(t, p, MinElo, 1, Limits{Depth: 2, MultiPV: want}, func(i Info) { ranks[i.MultiPV]++ })
		// One report per rank and depth searched.
		if want == 1 && (len(ranks) != 1 || ranks[0] < 1) || want == 3 && (len(ranks) != 3 || ranks[1] < 1 || ranks[1] != ranks[2] || ranks[2] != ranks[3]) {
			t.Errorf("MultiPV %d: reports by rank %v", want, ranks)
		}
	}
}

// The search looks at its node budget every checkEvery nodes, so a budget is
// spent up to the next multiple of checkEvery: the rows that the app's levels
// from Amateur 3 to Grandmaster stand on (2000 to 3400) are written as the
// budgets they play. Up to Association master (3100) each is 1.4 to 1.75 times
// the one below; before, 3 500, 5 570, 9 060 and 15 950 nodes played as 4 096,
// 6 144, 9 216 and 16 384, and the last step (1.78 times) was a rung of 22.8 %,
// while Candidate master stood 1.33 times below Association master. Above it a
// doubling of nodes is worth about half as much, so the steps to Master,
// International master and Grandmaster are 2 to 2.5 times: at 1.4 times (57 344
// nodes) Association master scored 42 % against Master (docs/levels.md).
func TestLevelBudgetsArePlayedAsWritten(t *testing.T) {
	p := mustFEN(t, rules.StartFEN)
	var prev uint64
	for _, row := range []struct {
		elo      int
		min, max float64 // the step from the level below
	}{{2000, 0, 0}, {2250, 1.4, 1.75}, {2500, 1.4, 1.75}, {2750, 1.4, 1.75}, {3000, 1.4, 1.75}, {3100, 1.4, 1.75},
		{3200, 2, 2.5}, {3300, 2, 2.5}, {3400, 2, 2.5}} {
		elo := row.elo
		plan := planStrength(elo)
		if plan.nodes == 0 || plan.nodes%checkEvery != 0 {
			t.Errorf("Elo %d: budget %d is not a multiple of %d, the nodes the search spends between looks at it", elo, plan.nodes, checkEvery)
		}
		if step := float64(plan.nodes) / float64(prev); prev > 0 && (step < row.min || step > row.max) {
			t.Errorf("Elo %d: budget %d is %.2f times the %d of the level below, not %.2f to %.2f", elo, plan.nodes, step, prev, row.min, row.max)
		}
		prev = plan.nodes
		for seed := uint64(1); seed <= 3; seed++ {
			r := searchAt(t, p, elo, seed, Limits{Depth: 30}, nil)
			// A few nodes more are counted while the search unwinds.
			if r.Depth > 1 && (r.Nodes < plan.nodes || r.Nodes > plan.nodes+64) {
				t.Errorf("Elo %d, seed %d: searched %d nodes at depth %d for a budget of %d", elo, seed, r.Nodes, r.Depth, plan.nodes)
			}
		}
	}
}
