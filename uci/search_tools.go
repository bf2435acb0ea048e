package uci

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/rules"
)

// The tools beside play: perft and divide, bench (a fixed search whose node count is the
// search's signature) and probe.

// perftCount is the outcome of perft: the root moves counted in full, all
// of them unless it was stopped.
type perftCount struct {
	depth   int
	moves   []rules.PerftResult
	stopped bool
	elapsed time.Duration
}

// startPerft counts the move paths of depth plies from pos (the command
// loop's copy) on a goroutine, cancelled by stop as a search is; the
// command loop only calls it when no search runs.
func (s *searchSession) startPerft(pos *rules.Position, depth int) {
	ctx, cancel := context.WithCancel(context.Background())
	s.active, s.cancel, s.open = true, cancel, false
	results := s.results
	go func() {
		start := time.Now()
		moves, err := pos.DivideContext(ctx, depth)
		results <- searchResult{perft: &perftCount{depth: depth, moves: moves, stopped: err != nil, elapsed: time.Since(start)}}
	}()
	if s.c.eof {
		s.limitOrphan()
	}
}

// printPerft prints one `move: count` line per root move and the total, the
// Stockfish/Pikafish convention, then the speed as an info string. A
// stopped perft prints the moves it counted in full and no total.
func (s *searchSession) printPerft(p *perftCount) {
	var total uint64
	for _, r := range p.moves {
		s.c.out.println("%s: %d", r.Move, r.Nodes)
		total += r.Nodes
	}
	if p.stopped {
		s.c.out.println("info string perft depth %d stopped: %d root moves counted", p.depth, len(p.moves))
		return
	}
	s.c.out.println("")
	s.c.out.println("Nodes searched: %d", total)
	nps := uint64(float64(total) / max(p.elapsed.Seconds(), 1e-9))
	s.c.out.println("info string perft depth %d nodes %d time %d nps %d", p.depth, total, p.elapsed.Milliseconds(), nps)
}

// bench searches the fixed bench positions: `bench [depth]` (default 8).
// The node total is a signature of the search; nodes/s measures speed.
func (s *searchSession) bench(args []string) {
	depth := 8
	if len(args) > 0 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > 30 {
			s.c.errorf("bench: depth %s must be a number from 1 to 30", rules.QuoteInput(args[0]))
			return
		}
		depth = n
	}
	net, name := s.searchNet()
	r, err := engine.BenchNet(depth, s.hashMB, net)
	if err != nil {
		s.c.errorf("bench: %v", err)
		return
	}
	eval := name
	if net != nil {
		eval = fmt.Sprintf("NNUE %s (H=%d, L2=%d)", name, net.H, net.L2)
	}
	s.c.out.println("info string bench positions %d depth %d evaluation %s", r.Positions, depth, eval)
	s.c.out.println("Total time (ms) : %d", r.Time.Milliseconds())
	s.c.out.println("Nodes searched  : %d", r.Nodes)
	s.c.out.println("Nodes/second    : %d", r.NPS())
}

// probe shows what the hash table holds for the current position (UCCI).
func (s *searchSession) probe() {
	if s.c.pos == nil {
		s.c.out.println("info string probe: %v", s.c.noPosition())
		return
	}
	h, ok := s.engine().ProbeHash(s.c.pos)
	if !ok {
		s.c.out.println("info string probe: position not in hash table")
		return
	}
	bound := map[engine.Bound]string{engine.BoundExact: "exact", engine.BoundLower: "lowerbound", engine.BoundUpper: "upperbound"}[h.Bound]
	s.c.out.println("pophash bestmove %s %s %d depth %d", h.Move, bound, h.Score, h.Depth)
}
