package uci

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/nnue/nets"
	"github.com/xqfyne/xiangqi/resources"
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

// perftCount is the outcome of perft: the root moves counted in full, all
// of them unless it was stopped.
type perftCount struct {
	depth   int
	moves   []rules.PerftResult
	stopped bool
	elapsed time.Duration
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

// loadBook switches to the book file at path, or to the bundled book when
// path is empty or "<empty>". A file that cannot be read leaves the engine
// without a book, and says so.
func (s *searchSession) loadBook(path string) error {
	var openingBook *book.Book
	var err error
	if path == "" || path == "<empty>" {
		openingBook, err = book.LoadBook(resources.Book())
	} else {
		openingBook, err = book.LoadBookFile(path)
	}
	s.book = openingBook // nil on error: go on without a book
	s.applyBook()
	return err
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

// applyBook hands the book to the searcher when one is loaded and enabled.
func (s *searchSession) applyBook() {
	if s.searcher == nil {
		return // engine() applies it
	}
	if s.book == nil || !s.useBook {
		s.searcher.SetBookProbe(nil)
		return
	}
	s.searcher.SetBookProbe(s.book.Prober(rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))))
}

// searchNet is the net the search evaluates with (nil for the classical
// evaluation) and how bench names it. The built-in net is decoded here the first
// time it is used; should that fail, needBuiltin turns the evaluation classical.
func (s *searchSession) searchNet() (*nnue.Net, string) {
	if s.strength.limit || s.needBuiltin() != nil || !s.useNNUE {
		return nil, "classical"
	}
	if s.net != nil {
		return s.net, s.netName
	}
	return s.builtin, nets.DefaultName + " built in"
}

// applyNet hands the net to the searcher when UseNNUE is on.
func (s *searchSession) applyNet() {
	if s.searcher != nil {
		net, _ := s.searchNet()
		s.searcher.SetNet(net)
	}
}

// setNNUE switches the neural evaluation on or off: the net of EvalFile, or
// the built-in one. GUIs send options in any order, so UseNNUE may come
// before EvalFile, which then replaces the built-in net (bench says which
// evaluation it used).
func (s *searchSession) setNNUE(on bool) error {
	s.useNNUE = on
	err := s.needBuiltin()
	s.applyNet()
	return err
}

// needBuiltin decodes the built-in net when the search is to use it and it
// is not decoded yet; should that fail, the evaluation turns classical.
func (s *searchSession) needBuiltin() error {
	if !s.useNNUE || s.net != nil || s.builtin != nil {
		return nil
	}
	n, err := nets.Default()
	if err != nil {
		s.useNNUE = false
		return fmt.Errorf("the built-in net: %v (the evaluation stays classical)", err)
	}
	s.builtin = n
	return nil
}

// loadNet reads the net file at path ("" or "<empty>": none, so the
// built-in net). A file that cannot be read leaves the net as it was.
func (s *searchSession) loadNet(path string) error {
	if path == "" || path == "<empty>" {
		s.net, s.netName = nil, ""
		err := s.needBuiltin()
		s.applyNet()
		return err
	}
	n, err := nnue.LoadFile(path)
	if err != nil {
		return err
	}
	s.net, s.netName = n, filepath.Base(path)
	s.applyNet()
	return nil
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

// goParams is a parsed go command.
type goParams struct {
	limits engine.Limits
	ponder bool
}

// parseGo reads UCI (`go depth 8`, `go wtime 60000 btime 60000 winc 0`,
// `go movetime 1000`, `go nodes N`, `go infinite`, `go ponder`,
// `go searchmoves m...`, and 读秒 as USI GUIs send it: `go wtime W btime B
// byoyomi P`, the main times left and the period; a GUI that knows no
// byoyomi sends the period as the clock with `movestogo 1`) and UCCI (`go [ponder|draw] time T [movestogo M |
// increment I] [opptime T ...]`, `go depth N|infinite`) forms.
func parseGo(args []string, side rules.Color, ucci, millisec bool) (goParams, error) {
	var g goParams
	l := &g.limits
	unit := time.Millisecond
	if ucci && !millisec {
		unit = time.Second
	}
	var wtime, btime, winc, binc time.Duration
	haveClock, haveWBClock := false, false // UCCI time, UCI wtime/btime
	number := func(i int) (int64, error) {
		if i+1 >= len(args) {
			return 0, fmt.Errorf("go %s: missing value", args[i])
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("go %s: %s is not a non-negative number", args[i], rules.QuoteInput(args[i+1]))
		}
		return n, nil
	}
	for i := 0; i < len(args); i++ {
		key := strings.ToLower(args[i])
		switch key {
		case "infinite":
			l.Infinite = true
		case "ponder":
			g.ponder = true
		case "draw":
			// UCCI: the opponent offers a draw. We never accept one.
		case "searchmoves":
			for i+1 < len(args) {
				m, err := rules.ParseMove(args[i+1])
				if err != nil {
					break
				}
				l.SearchMoves = append(l.SearchMoves, m)
				i++
			}
		case "depth":
			if i+1 < len(args) && strings.EqualFold(args[i+1], "infinite") {
				l.Infinite = true
				i++
				continue
			}
			n, err := number(i)
			if err != nil {
				return g, err
			}
			l.Depth = int(min(n, 1000))
			i++
		case "nodes", "movetime", "mate", "movestogo", "wtime", "btime", "winc", "binc",
			"time", "increment", "opptime", "oppincrement", "oppmovestogo", "byoyomi":
			n, err := number(i)
			if err != nil {
				return g, err
			}
			i++
			d := time.Duration(min(n, 1<<30)) * unit // capped: no overflow even in seconds
			switch key {
			case "nodes":
				l.Nodes = uint64(n)
			case "movetime":
				l.MoveTime = time.Duration(min(n, 1<<30)) * time.Millisecond
			case "mate":
				l.Depth = int(min(2*n+1, 1000))
			case "movestogo":
				l.MovesToGo = int(min(n, 1000))
			case "wtime":
				wtime, haveWBClock = d, true
			case "btime":
				btime, haveWBClock = d, true
			case "winc":
				winc = d
			case "binc":
				binc = d
			case "time":
				l.Time, haveClock = d, true
			case "increment":
				l.Increment = d
			case "byoyomi":
				l.Byoyomi = d
			}
		default:
			return g, fmt.Errorf("go: unknown parameter %s", rules.QuoteInput(args[i]))
		}
	}
	if haveWBClock {
		l.Time, l.Increment = wtime, winc
		if side == rules.Black {
			l.Time, l.Increment = btime, binc
		}
	}
	if (haveClock || haveWBClock) && l.Time == 0 && l.Byoyomi == 0 {
		// Nothing left: move at once. (With a 读秒 period a main time of 0 is
		// the normal case: the period is the move's time.)
		l.Time = time.Millisecond
	}
	if g.ponder {
		g.limits.Infinite = false
	}
	return g, nil
}

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
