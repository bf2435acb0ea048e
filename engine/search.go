package engine

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/rules"
)

// MaxPly is the furthest the search goes from the root, extensions and
// quiescence included. It keeps "check, escape, check" lines finite and
// keeps mate scores (MateValue - ply) above BanValue.
const MaxPly = 80

// maxIterations bounds the iterative deepening depth.
const maxIterations = 64

// Options configure a Searcher. The zero value is valid: DefaultHashMB of
// hash, one thread, no randomness, no book.
type Options struct {
	HashMB  int // transposition table size in megabytes (default DefaultHashMB)
	Threads int // search goroutines, Lazy SMP (default 1)
	// Randomness is the largest score noise, in evaluation units (a rook is
	// about 200), added at the root so that the engine varies its play
	// (XQWLight §6.2). 0 makes the search deterministic for tests and analysis.
	Randomness int
	// BookProbe, when not nil, is asked for a move before searching; a move
	// it returns is played at once if it is legal and not banned.
	BookProbe func(*rules.Position) (rules.Move, bool)
	// Seed seeds the root randomness; 0 picks a seed from the clock.
	Seed uint64
	// Features switches individual search techniques off, for self-play
	// matches that measure what each one is worth.
	Features Features
	// Rules is the rule set repetitions are scored by (search_rules.go).
	Rules rules.RuleSet
	// MoveLimit is a referee's no-capture limit, counted as ElephantEye and
	// its league referee UCCILEAG count (and draw at 100): plies without a
	// capture, leaving out moves that give check and the replies to them
	// (Position.CheckFreeClock). 0 means none; the search always scores a
	// draw at MoveLimitPlies plies of any kind as well (the larger of the two
	// when MoveLimit is larger). Set, it lets a winning side capture or trade
	// in time instead of letting the count run out.
	MoveLimit int
	// OpponentMayChase tells the search that the referee may let the
	// opponent chase perpetually: UCCILEAG, for one, finds only chases made
	// by the piece that moved, and draws the rest. A repetition the
	// opponent would lose by anything but perpetual check then scores as a
	// draw instead of a win; the engine's own perpetual chases still score
	// as losses, since such a referee may judge them (search_rules.go;
	// docs/engine-log.md, "Repetitions and the referee").
	OpponentMayChase bool
	// Elo, when not 0, limits the playing strength to about this rating
	// (MinElo..MaxElo, strength.go); 0 plays at full strength.
	Elo int
	// Net, when not nil, is the neural evaluation the search scores
	// positions with instead of the classical one (package nnue). The
	// weakest levels (Elo's plain evaluation) stay classical.
	Net *nnue.Net
}

// Features lists the techniques beyond XQWLight 0.6 that can be switched
// off; the zero value enables all of them.
type Features struct {
	NoLMR             bool // late move reductions
	NoFutility        bool // futility pruning at depth 1-2
	NoIIR             bool // internal iterative reduction without a hash move
	NoNullVerify      bool // verification of null-move cutoffs with little material
	NoAdaptiveNull    bool // null-move reduction 3 instead of 2 at depth >= 6
	NoAspiration      bool // aspiration windows at the root
	NoQSEE            bool // skipping losing captures in quiescence (see.go)
	NoDelta           bool // delta pruning of hopeless captures in quiescence
	NoLateMovePruning bool // skipping late quiet moves at depth 1-3
	// NoBadCaptureOrder keeps likely losing captures with the other
	// captures instead of trying them after the quiet moves.
	NoBadCaptureOrder bool
	// NoNullMove switches null-move pruning off (part of XQWLight 0.6).
	// With it and the pruning above off, the search is full-width, so a
	// mate score is exact: the tool for proving test positions.
	NoNullMove bool
	// NoQuiesceTT keeps quiescence away from the hash table (no cutoffs
	// from it, no results stored in it).
	NoQuiesceTT bool
	// NoReverseFutility switches off returning the static score at depth
	// 1-5 when it beats beta by a margin per ply (static null move).
	NoReverseFutility bool
}

// exactFeatures switches off every pruning that could hide a shorter mate.
var exactFeatures = Features{NoLMR: true, NoFutility: true, NoIIR: true,
	NoNullVerify: true, NoAdaptiveNull: true, NoAspiration: true, NoNullMove: true, NoQSEE: true, NoBadCaptureOrder: true, NoDelta: true,
	NoLateMovePruning: true, NoQuiesceTT: true, NoReverseFutility: true}

// xqwLightFeatures switches off everything beyond the XQWLight 0.6 feature
// set (the baseline of strength matches).
var xqwLightFeatures = Features{NoLMR: true, NoFutility: true, NoIIR: true,
	NoNullVerify: true, NoAdaptiveNull: true, NoAspiration: true, NoQSEE: true, NoBadCaptureOrder: true, NoDelta: true,
	NoLateMovePruning: true, NoQuiesceTT: true, NoReverseFutility: true}

// ExactFeatureSet returns the features of a full-width search whose mate
// scores are exact (no pruning that could hide a shorter mate).
func ExactFeatureSet() Features { return exactFeatures }

// XQWLightFeatureSet returns the features of the XQWLight 0.6 baseline:
// everything beyond it switched off.
func XQWLightFeatureSet() Features { return xqwLightFeatures }

// Info reports the progress of a search after each completed iteration.
type Info struct {
	Depth    int
	SelDepth int // deepest ply reached, quiescence included
	Score    int // side to move's view; above WinValue or below -WinValue is decisive
	Mate     int // moves to mate (negative: being mated), 0 when not a mate score
	Nodes    uint64
	Time     time.Duration
	NPS      uint64
	Hashfull int          // permille of the hash table used by this search
	PV       []rules.Move // principal variation, best move first
	// MultiPV is the line's rank (1 = best) when Limits.MultiPV asks for
	// several lines, 0 otherwise.
	MultiPV int
}

// SearchResult is the outcome of a search.
type SearchResult struct {
	Move     rules.Move // best move; NoMove only when there is no legal move
	Ponder   rules.Move // expected reply, NoMove when unknown
	Score    int
	Mate     int
	Depth    int // last completed iteration
	SelDepth int
	Nodes    uint64
	Time     time.Duration
	PV       []rules.Move
	FromBook bool
}

// Searcher is the engine's brain: a hash-table-based heuristic alpha-beta
// search after XQWLight (article 003) and beyond it (principal variation
// search, aspiration windows, null move, check extension, late move
// reductions, futility pruning, Lazy SMP). It owns the transposition table
// and the per-thread heuristics.
//
// Use:
//
//	s := engine.NewSearcher(engine.Options{Threads: 1, Randomness: 8})
//	res := s.Search(ctx, pos, engine.Limits{MoveTime: time.Second}, func(i engine.Info) {
//		// progress after each completed iteration: depth, score, nodes, PV
//	})
//	play(res.Move) // NoMove only when the side to move has no legal move
//
// Search works on its own copy of the position, so the caller may keep using
// pos; run it on a goroutine to keep a GUI responsive. It returns within a
// few milliseconds of ctx being cancelled (new game, undo) with the best move
// found so far. Call Clear between games. A Searcher runs one search at a
// time and is safe to share between goroutines. A search copies the options
// when it starts, so the option setters and Options return at once and apply
// to the next search; only SetHashMB and Clear, which rebuild what a running
// search uses, wait for it to end (cancel it first). ProbeHash never waits.
type Searcher struct {
	mu   sync.Mutex // guards opts
	opts Options

	// running is held for the whole of a search: the workers, the root
	// randomness and the table's contents belong to that search meanwhile.
	running sync.Mutex
	// table guards the table's storage against being replaced (resizing)
	// while ProbeHash reads it; searches read it under running instead.
	table   sync.RWMutex
	tt      *TranspositionTable
	workers []*worker
	rng     *rand.Rand
}

// DefaultHashMB is the hash table size for play (the engine CLI's Hash
// option and the playing session). A smaller table is faster per node, as
// its probes miss the processor's caches less, but 4 MB was not shown
// better at the longer times, so the default stays 16 MB
// (docs/engine-log.md, "Hash table size").
const DefaultHashMB = 16

// NewSearcher creates a searcher with its hash table allocated.
func NewSearcher(opts Options) *Searcher {
	if opts.HashMB <= 0 {
		opts.HashMB = DefaultHashMB
	}
	if opts.Threads <= 0 {
		opts.Threads = 1
	}
	if opts.Randomness < 0 {
		opts.Randomness = 0
	}
	opts.Elo = clampElo(opts.Elo)
	seed := opts.Seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	return &Searcher{
		opts: opts,
		tt:   NewTranspositionTable(opts.HashMB),
		rng:  rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
	}
}

// maxThreads caps Threads: more goroutines than this only add overhead.
const maxThreads = 256

// SetHashMB resizes (and clears) the hash table. It waits for a running
// search to end.
func (s *Searcher) SetHashMB(mb int) {
	if mb <= 0 {
		mb = DefaultHashMB
	}
	s.running.Lock()
	defer s.running.Unlock()
	s.mu.Lock()
	s.opts.HashMB = mb
	s.mu.Unlock()
	s.table.Lock()
	defer s.table.Unlock()
	s.tt.Resize(mb)
}

// SetThreads sets the number of search goroutines (1 ... 256).
func (s *Searcher) SetThreads(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts.Threads = min(max(n, 1), maxThreads)
}

// SetRandomness sets the root noise (0 = deterministic).
func (s *Searcher) SetRandomness(r int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts.Randomness = max(r, 0)
}

// SetBookProbe installs or (with nil) removes the opening book.
func (s *Searcher) SetBookProbe(probe func(*rules.Position) (rules.Move, bool)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts.BookProbe = probe
}

// SetFeatures switches search techniques on and off (see Features).
func (s *Searcher) SetFeatures(f Features) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts.Features = f
}

// SetMoveLimit sets the referee's no-capture limit the search scores as a
// draw (see Options.MoveLimit; 0 leaves only MoveLimitPlies).
func (s *Searcher) SetMoveLimit(plies int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts.MoveLimit = max(plies, 0)
}

// SetOpponentMayChase tells the search whether the referee may leave the
// opponent's perpetual chases unpunished (see Options.OpponentMayChase).
func (s *Searcher) SetOpponentMayChase(may bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts.OpponentMayChase = may
}

// SetNet makes the search evaluate with net, or with the classical
// evaluation when net is nil.
func (s *Searcher) SetNet(net *nnue.Net) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts.Net = net
}

// Options returns the current settings.
func (s *Searcher) Options() Options {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.opts
}

// Clear forgets everything learned: hash table, history and killers (call
// it for a new game). It waits for a running search to end.
func (s *Searcher) Clear() {
	s.running.Lock()
	defer s.running.Unlock()
	s.table.Lock()
	s.tt.Clear()
	s.table.Unlock()
	for _, w := range s.workers {
		w.history = historyTable{}
	}
}

// shared is the state one search's workers have in common.
type shared struct {
	ctx       context.Context
	tt        *TranspositionTable
	stop      atomic.Bool
	start     time.Time
	budget    timeBudget
	nodeLimit uint64
	nodes     atomic.Uint64 // nodes published by all workers, in chunks
}

// Search finds a move for the side to move of pos within the limits. pos is
// copied and not modified. progress, when not nil, is called on the calling
// goroutine after each completed iteration.
func (s *Searcher) Search(ctx context.Context, pos *rules.Position, lim Limits, progress func(Info)) SearchResult {
	s.running.Lock()
	defer s.running.Unlock()
	opts := lim.Style.apply(s.Options())
	if ctx == nil {
		ctx = context.Background()
	}
	start := time.Now()
	root := pos.Copy()
	moves := rootMoveList(root, lim)
	if len(moves) == 0 {
		return SearchResult{Score: -MateValue, Mate: 0}
	}
	if probe := opts.BookProbe; probe != nil && !lim.Infinite && lim.MultiPV <= 1 {
		if m, ok := probe(root.Copy()); ok {
			for _, rm := range moves {
				if rm == m {
					return SearchResult{Move: m, PV: []rules.Move{m}, FromBook: true, Time: time.Since(start)}
				}
			}
		}
	}

	limiter, lim := limitStrength(opts, root, moves, lim, s.rng) // nil at full strength
	sh := &shared{ctx: ctx, tt: s.tt, start: start, budget: planTime(lim, phase(root)), nodeLimit: lim.Nodes}
	s.tt.NewSearch()
	for len(s.workers) < opts.Threads {
		s.workers = append(s.workers, newWorker(len(s.workers)))
	}
	workers := s.workers[:opts.Threads]
	for _, w := range workers {
		w.plainEval = limiter.plainEval()
		w.useNet(opts.Net)
		w.prepare(sh, root, moves)
		w.feat = opts.Features
		w.rules, w.opponentMayChase = opts.Rules, opts.OpponentMayChase
		w.noCapture = noCaptureLimitsFor(opts.MoveLimit, root)
	}
	main := workers[0]
	main.rng = s.rng
	main.randomness = opts.Randomness
	if limiter != nil {
		main.rootBias = limiter.bias
	}

	var wg sync.WaitGroup
	for _, w := range workers[1:] {
		wg.Add(1)
		go func(w *worker) {
			defer wg.Done()
			w.iterate(lim, nil)
		}(w)
	}
	main.iterate(lim, progress)
	if lim.Infinite {
		// Analysis ends only when the caller says so, even after a mate.
		<-ctx.Done()
	}
	sh.stop.Store(true)
	wg.Wait()

	res := SearchResult{
		Move:     main.bestMove,
		Score:    main.bestScore,
		Mate:     MateMoves(main.bestScore),
		Depth:    main.completedDepth,
		SelDepth: main.seldepth,
		PV:       append([]rules.Move(nil), main.bestPV...),
		Time:     time.Since(start),
	}
	for _, w := range workers {
		res.Nodes += w.nodes
	}
	if len(res.PV) > 1 {
		res.Ponder = res.PV[1]
	}
	if limiter != nil {
		limiter.choose(&res)
	}
	return res
}

// rootMoveList returns the legal root moves allowed by the limits.
func rootMoveList(p *rules.Position, lim Limits) []rules.Move {
	var moves []rules.Move
	for _, m := range p.LegalMoves() {
		if slices.Contains(lim.BanMoves, m) {
			continue
		}
		if len(lim.SearchMoves) > 0 && !slices.Contains(lim.SearchMoves, m) {
			continue
		}
		moves = append(moves, m)
	}
	return moves
}

// MateMoves converts a score to moves until mate: positive when the side to
// move mates, negative when it is mated, 0 for other scores.
func MateMoves(score int) int {
	switch {
	case score > BanValue:
		return (MateValue - score + 1) / 2
	case score < -BanValue:
		return -(MateValue + score) / 2
	}
	return 0
}

// IsDecisive tells whether a score is a mate or a perpetual-check verdict
// rather than an evaluation.
func IsDecisive(score int) bool { return score > WinValue || score < -WinValue }

// ProbeHash returns what the hash table knows about a position (UCCI
// "probe"), with mate scores made relative to that position. It does not
// wait for a running search: the table's entries are read atomically.
func (s *Searcher) ProbeHash(p *rules.Position) (TTHit, bool) {
	s.table.RLock()
	defer s.table.RUnlock()
	h, ok := s.tt.Probe(p.Hash64())
	if ok {
		if v, trusted := scoreFromTT(h.Score, 0); trusted {
			h.Score = v
		}
	}
	return h, ok
}
