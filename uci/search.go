package uci

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/rules"
)

// searchSession runs the engine's search for the protocol commands go, stop,
// ponderhit, setoption, bench and probe. A search runs on its own goroutine
// with copies of the position, the limits and the protocol taken when it
// starts, prints info lines while it runs and hands its result back to the
// command loop, which prints bestmove (UCI) or bestmove/nobestmove (UCCI).
// The fields are the command loop's own, except cancel (safe anywhere).
type searchSession struct {
	c        *session
	searcher *engine.Searcher // made on first use (see engine)
	hashMB   int              // hash size of a new searcher and of bench

	// Settings that are not the searcher's own.
	millisec bool // UCCI times in milliseconds (usemillisec) instead of seconds
	features engine.Features
	book     *book.Book // the bundled book, or one loaded by `setoption bookfiles <path>`
	useBook  bool
	multiPV  int // lines reported per depth (MultiPV), 1 normally
	strength strengthOption
	// net is the neural evaluation loaded by EvalFile, netName its file's
	// name; without one (nil) the search uses the built-in net (package
	// nnue/nets), decoded into builtin the first time it is needed. Either
	// is used only while useNNUE is on (the default) and the strength is not
	// limited: the levels' ratings were measured with the classical evaluation.
	net     *nnue.Net
	netName string
	builtin *nnue.Net
	useNNUE bool

	results  chan searchResult // a finished search's result, for the command loop
	active   bool              // a search runs and its result has not been taken yet
	cancel   context.CancelFunc
	open     bool // infinite or pondering: ends only on stop/ponderhit
	ponder   bool
	limits   engine.Limits // limits of a ponder search, used from ponderhit on
	deadline *time.Timer
	// orphanStop cancels the timer that ends a search once the input has
	// ended (limitOrphan); nil when none is set.
	orphanStop func() bool
}

// searchResult is a search's outcome with the protocol it was started
// under, or a perft's (perft is then not nil).
type searchResult struct {
	res   engine.SearchResult
	proto Protocol
	perft *perftCount
}

func newSearchSession(c *session, hashMB int) *searchSession {
	s := &searchSession{
		c:        c,
		hashMB:   hashMB,
		millisec: false, // UCCI counts seconds until the referee sets usemillisec
		useBook:  true,
		useNNUE:  true, // the built-in net, decoded when a search or bench first needs it
		multiPV:  1,
		results:  make(chan searchResult, 1),
	}
	s.loadBook("")
	return s
}

// engine returns the searcher, made with its hash table on first use so
// that a session that never searches allocates no table.
func (s *searchSession) engine() *engine.Searcher {
	if s.searcher == nil {
		s.searcher = engine.NewSearcher(engine.Options{HashMB: s.hashMB, Threads: 1})
		s.applyBook()
		s.applyNet()
	}
	return s.searcher
}

// running tells whether a search has not yet handed back its result.
func (s *searchSession) running() bool { return s.active }

// awaitEnd waits for the running search, if any, and prints its result.
func (s *searchSession) awaitEnd() {
	if s.active {
		s.finish(<-s.results)
	}
}

// finish takes a search's result and prints it.
func (s *searchSession) finish(r searchResult) {
	if s.deadline != nil {
		s.deadline.Stop()
		s.deadline = nil
	}
	if s.orphanStop != nil {
		s.orphanStop()
		s.orphanStop = nil
	}
	s.cancel()
	s.active, s.open, s.ponder = false, false, false
	if r.perft != nil {
		s.printPerft(r.perft)
		return
	}
	s.printBest(r)
}

// stop ends the running search; it still prints its bestmove.
func (s *searchSession) stop() {
	if s.active {
		s.open = false
		s.cancel()
	}
}

// stopOpen stops a search that would not end on its own (input ended).
func (s *searchSession) stopOpen() {
	if s.active && s.open {
		s.stop()
	}
}

// ponderhit turns a ponder search into a normal timed one: it ends when the
// time planned for the move runs out.
func (s *searchSession) ponderhit() {
	if !s.active || !s.ponder {
		return
	}
	s.ponder, s.open = false, false
	optimum, hard := s.limits.TimeBudget()
	if hard == 0 {
		s.open = true // no clock given: keep going until stop
		return
	}
	// The ponder search has no iterations left to judge by: stop at the
	// time a normal search would aim for.
	if optimum > 0 && optimum < hard {
		hard = optimum
	}
	s.deadline = time.AfterFunc(hard, s.cancel)
}

// newGame clears the hash table and the move-ordering history.
func (s *searchSession) newGame() { s.engine().Clear() }

// start parses a go command and starts the search (the command loop only
// calls it when no search runs).
func (s *searchSession) start(args []string) {
	if s.c.pos == nil {
		s.refuse(fmt.Errorf("go: %v", s.c.noPosition()))
		return
	}
	pos := s.c.pos.Copy()
	g, err := parseGo(args, pos.Side(), s.c.proto == UCCI, s.millisec)
	if err != nil {
		s.refuse(err)
		return
	}
	lim := g.limits
	lim.BanMoves = append([]rules.Move(nil), s.c.banned...)
	lim.MultiPV = s.multiPV
	searchLim := lim
	if g.ponder {
		searchLim = engine.Limits{Infinite: true, BanMoves: lim.BanMoves, SearchMoves: lim.SearchMoves, MultiPV: lim.MultiPV}
	}
	searcher := s.engine()
	ctx, cancel := context.WithCancel(context.Background())
	s.active, s.cancel = true, cancel
	// Without a bound it reaches it runs until stop, as an infinite one
	// (go, go depth 0, go nodes 0, go mate 500): at the end of the input,
	// with nobody left to send stop, it stops.
	s.open = !searchLim.Bounded()
	s.ponder, s.limits = g.ponder, lim
	proto := s.c.proto
	results := s.results
	go func() {
		res := searcher.Search(ctx, pos, searchLim, func(i engine.Info) { s.printInfo(i, proto) })
		results <- searchResult{res: res, proto: proto}
	}()
	if s.c.eof {
		s.stopOpen() // nobody is left to send stop
		s.limitOrphan()
	}
}

// printInfo reports a completed iteration.
func (s *searchSession) printInfo(i engine.Info, proto Protocol) {
	score := fmt.Sprintf("cp %d", i.Score)
	if proto == UCCI {
		score = strconv.Itoa(i.Score)
	} else if i.Mate != 0 {
		score = fmt.Sprintf("mate %d", i.Mate)
	}
	multi := ""
	if i.MultiPV > 0 {
		multi = fmt.Sprintf(" multipv %d", i.MultiPV)
	}
	s.c.out.println("info depth %d seldepth %d%s score %s time %d nodes %d nps %d hashfull %d pv %s",
		i.Depth, i.SelDepth, multi, score, i.Time.Milliseconds(), i.Nodes, i.NPS, i.Hashfull, movesText(i.PV))
}

func (s *searchSession) printBest(r searchResult) {
	res := r.res
	if res.Move == rules.NoMove {
		if r.proto == UCCI {
			s.c.out.println("nobestmove")
		} else {
			s.c.out.println("bestmove (none)")
		}
		return
	}
	if res.FromBook {
		s.c.out.println("info string book move")
	}
	if res.Ponder != rules.NoMove {
		s.c.out.println("bestmove %s ponder %s", res.Move, res.Ponder)
		return
	}
	s.c.out.println("bestmove %s", res.Move)
}

func movesText(ms []rules.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String()
	}
	return strings.Join(parts, " ")
}
