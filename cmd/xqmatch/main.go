// Command xqmatch plays matches between two UCI or UCCI engines, or between
// two option sets of one engine, to accept or reject search changes. Each
// opening is played twice with colours swapped; the game package judges
// results (mate, perpetual check, repetition, the 60-move rule). An engine
// that answers `bestmove ... resign` loses; `bestmove ... draw` offers a draw
// that the other accepts with its own draw; a UCCI `nobestmove` claims a
// draw, granted after 100 plies without a capture or on a repetition, else
// a loss; an engine that offers a MoveLimit option is told that 100-ply
// limit at the start. Moves are timed by a fixed move time, a node count, or a clock
// (-tc 12+0.2, sent as UCI wtime/btime/winc/binc or UCCI time/increment/
// opptime; running out loses), or a 读秒 (byo-yomi) clock (-byoyomi 0+5:
// main seconds, then seconds a move, -periods k as in Japanese byo-yomi;
// sent as USI's "go wtime W btime B byoyomi P", or with -byoyomi-form
// movestogo and to UCCI engines as the period for one move, "movestogo 1";
// the last period's end loses). It prints wins/draws/losses of the first
// engine, its score, an Elo estimate with a 95% interval, the games that
// ended other than on the board, the clocks left, in 读秒 mode the share of
// the period each engine's moves took (median, p90, max), and each engine's
// median and longest reply; -pgn writes every game, -sprt stops once an
// SPRT decides, -concurrency N plays N games at once, each by its own pair
// of engine processes. -resign and -drawadj end games early by both
// engines' scores, as engine testers do: a win when both have given one
// side a margin for some moves each, a draw when both have stayed near 0.
//
//	xqmatch -engine1 ./xqengine -options2 "LMR=false" -games 60 -movetime 100
//	xqmatch -engine1 ./xqengine -engine2 ./eleeye -proto ucci -tc 12+0.2 -pgn /tmp/m.pgn
//	xqmatch -engine1 ./xqengine -byoyomi 0+5 -games 100 -concurrency 14
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/internal/matchstat"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/uci"
)

func main() {
	var (
		engine1     = flag.String("engine1", "xqengine", "first engine command")
		engine2     = flag.String("engine2", "", "second engine command (default: the first)")
		options1    = flag.String("options1", "", "UCI options of engine 1, e.g. \"Hash=16,LMR=false\"")
		options2    = flag.String("options2", "", "UCI options of engine 2")
		games       = flag.Int("games", 40, "number of games (rounded up to an even number)")
		movetime    = flag.Int("movetime", 100, "milliseconds per move")
		nodes       = flag.Int("nodes", 0, "search this many nodes per move instead of a move time (reproducible under load)")
		nodes2      = flag.Int("nodes2", 0, "with -nodes: engine 2 searches this many nodes per move instead (equal time for engines of unequal speed)")
		tc          = flag.String("tc", "", "clock mode: seconds per side plus increment per move, e.g. 12+0.2")
		byoyomi     = flag.String("byoyomi", "", "读秒 (byo-yomi) mode: main seconds per side plus seconds a move once it is spent, e.g. 0+5")
		periods     = flag.Int("periods", 1, "with -byoyomi: periods per side; a period is lost only by a move over it, the last one's end loses")
		byoForm     = flag.String("byoyomi-form", "byoyomi", "how UCI engines are told a 读秒 move: byoyomi (go wtime W btime B byoyomi P, as USI) or movestogo (the period as a clock for one move)")
		stopAfter   = flag.Duration("stopafter", 0, "start no new game after this long, e.g. 8m (0: no limit); the games being played finish and count")
		concurrency = flag.Int("concurrency", 1, "games played at once, each by its own pair of engine processes (one core per game with Threads=1)")
		maxPlies    = flag.Int("maxplies", 300, "adjudicate a draw after this many plies")
		resign      = flag.String("resign", "", "adjudicate a win when both engines' scores give one side this much for this many moves each in a row: moves,centipawns, e.g. 4,1000 (default: never)")
		drawAdj     = flag.String("drawadj", "", "adjudicate a draw from this ply on when both engines' scores stay within ± centipawns for this many moves each in a row: ply,moves,centipawns, e.g. 120,10,10 (default: never)")
		openFile    = flag.String("openings", "", "file of openings: ICCS moves from the start, or a FEN, one a line")
		bookFile    = flag.String("book", "", "draw the openings from this book (ElephantEye's BOOK.DAT layout): weighted walks of -bookplies moves, no two alike")
		bookPlies   = flag.Int("bookplies", 8, "length of the openings drawn from -book, in plies")
		seed        = flag.Uint64("seed", 1, "seed of the openings drawn from -book")
		pgnFile     = flag.String("pgn", "", "append every game to this PGN file")
		sprtFlag    = flag.String("sprt", "", "stop early by an SPRT of Elo elo0 against elo1, e.g. 0,10")
		verbose     = flag.Bool("v", false, "print every game")
		protoName   = flag.String("proto", "uci", "protocol: uci or ucci")
		rulesName   = flag.String("rules", "asian", "repetition rules the referee judges by and the engines are told (Rules option): asian or chinese")
	)
	flag.Parse()
	if *engine2 == "" {
		*engine2 = *engine1
	}
	openings := matchstat.DefaultOpenings
	if *openFile != "" {
		data, err := os.ReadFile(*openFile)
		if err != nil {
			fail(err)
		}
		openings = nil
		for _, l := range strings.Split(string(data), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				openings = append(openings, l)
			}
		}
	}
	pairs := (*games + 1) / 2 // each opening is played with both colours
	if *bookFile != "" {
		if *openFile != "" {
			fail(fmt.Errorf("-book and -openings exclude each other"))
		}
		book, err := book.LoadBookFile(*bookFile)
		if err != nil {
			fail(err)
		}
		if openings, err = bookOpenings(book, pairs, *bookPlies, *seed); err != nil {
			fail(err)
		}
	}
	starts, err := openingPositions(openings)
	if err != nil {
		fail(err)
	}
	ruleSet, err := rules.ParseRuleSet(*rulesName)
	if err != nil {
		fail(err)
	}
	if ruleSet != rules.RulesAsian { // the engines' default; older engines need not know the option
		*options1 = strings.TrimPrefix(*options1+",Rules="+ruleSet.String(), ",")
		*options2 = strings.TrimPrefix(*options2+",Rules="+ruleSet.String(), ",")
	}
	set := settings{lim: limit{movetime: time.Duration(*movetime) * time.Millisecond, nodes: *nodes}, maxPlies: *maxPlies, rules: ruleSet}
	if *resign != "" {
		if err := parseResign(*resign, &set.adj); err != nil {
			fail(err)
		}
	}
	if *drawAdj != "" {
		if err := parseDrawAdj(*drawAdj, &set.adj); err != nil {
			fail(err)
		}
	}
	texts, err := resources.Catalogs()
	if err != nil {
		fail(err)
	}
	if *tc != "" {
		if set.lim.clock, set.lim.increment, err = parseTC(*tc); err != nil {
			fail(err)
		}
		set.lim.movetime = 0
	}
	if *byoyomi != "" {
		if *tc != "" {
			fail(fmt.Errorf("-tc and -byoyomi exclude each other"))
		}
		if set.lim.byoyomi, err = parseByoyomi(*byoyomi, *periods); err != nil {
			fail(err)
		}
		set.lim.movetime = 0
		switch *byoForm {
		case "byoyomi":
		case "movestogo":
			set.lim.byoyomiAsMovesToGo = true
		default:
			fail(fmt.Errorf("-byoyomi-form %q: want byoyomi or movestogo", *byoForm))
		}
	}
	if *concurrency < 1 || *concurrency > 256 {
		fail(fmt.Errorf("-concurrency %d: want 1..256", *concurrency))
	}
	var test *sprt
	if *sprtFlag != "" {
		p, err := parseSPRT(*sprtFlag)
		if err != nil {
			fail(err)
		}
		test = &p
	}
	var pgn *os.File
	if *pgnFile != "" {
		if pgn, err = os.OpenFile(*pgnFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err != nil {
			fail(err)
		}
		defer pgn.Close()
	}
	proto := uci.UCI
	if *protoName == "ucci" {
		proto = uci.UCCI
	}
	if *nodes2 < 0 || *nodes2 > 0 && *nodes == 0 {
		fail(fmt.Errorf("-nodes2 %d: want a node count, with -nodes", *nodes2))
	}
	engines := [2]engineSpec{{command: *engine1, options: *options1}, {command: *engine2, options: *options2, nodes: *nodes2}}
	m := newMatchResults()
	n := 2 * pairs
	verdict := ""
	// An interrupt ends the match after the games being played, with the
	// summary of the games so far.
	interrupted := make(chan os.Signal, 1)
	signal.Notify(interrupted, os.Interrupt, syscall.SIGTERM)
	played := 0
	began := time.Now()
	replies, err := playGames(engines, proto, *concurrency, n, starts, set, func(r gameResult) bool {
		p := r.p
		s := m.record(p, r.e1Red)
		played++
		m.distinct[fmt.Sprint(r.start.fen, p.g.Moves())] = true
		if pgn != nil {
			names := [2]string{"engine1 " + *engine1 + " " + *options1, "engine2 " + *engine2 + " " + *options2}
			red, black := names[0], names[1]
			if !r.e1Red {
				red, black = black, red
			}
			if err := writePGN(pgn, p, r.n+1, strings.TrimSpace(red), strings.TrimSpace(black), set.lim.clocked(), texts); err != nil {
				fail(err)
			}
		}
		if *verbose {
			fmt.Printf("game %d (%s red): %s after %d plies, %s; engine1 %.1f\n",
				r.n+1, map[bool]string{true: "engine1", false: "engine2"}[r.e1Red], p.result.PGN(), p.plies, p.termination(texts), s)
		}
		if test != nil && m.tally.games()%2 == 0 {
			verdict = test.verdict(m.tally)
		}
		select {
		case <-interrupted:
			fmt.Printf("interrupted after %d games\n", played)
			return false
		default:
		}
		if *stopAfter > 0 && time.Since(began) >= *stopAfter {
			fmt.Printf("time limit %v reached after %d games: no new game starts\n", *stopAfter, played)
			return false
		}
		return verdict == ""
	})
	if err != nil {
		fail(err)
	}
	fmt.Printf("engine1: %s %s\nengine2: %s %s\n", *engine1, *options1, *engine2, *options2)
	switch {
	case *nodes > 0:
		if *nodes2 > 0 {
			fmt.Printf("games %d  nodes per move: engine1 %d, engine2 %d\n", m.tally.games(), *nodes, *nodes2)
		} else {
			fmt.Printf("games %d  nodes %d per move\n", m.tally.games(), *nodes)
		}
	case set.lim.byoyomi.IsByoyomi():
		fmt.Printf("games %d  读秒 %v main + %v a move × %d periods (%s)\n", m.tally.games(), set.lim.byoyomi.Base,
			set.lim.byoyomi.Byoyomi, set.lim.byoyomi.ByoyomiPeriods(), map[bool]string{false: "byoyomi", true: "movestogo 1"}[set.lim.byoyomiAsMovesToGo])
	case set.lim.clock > 0:
		fmt.Printf("games %d  clock %v + %v per move\n", m.tally.games(), set.lim.clock, set.lim.increment)
	default:
		fmt.Printf("games %d  movetime %d ms\n", m.tally.games(), *movetime)
	}
	fmt.Println(m.tally.summary())
	if d := len(m.distinct); d < m.tally.games() {
		// Deterministic engines replay an opening's game move for move: the
		// repeats add no information, so the interval above is too narrow.
		fmt.Printf("distinct games: %d of %d (repeats carry no new information; use -book or randomness)\n", d, m.tally.games())
	}
	fmt.Print(m.report(set.lim.clocked()))
	if test != nil {
		if verdict == "" {
			verdict = fmt.Sprintf("SPRT: no decision, LLR %.2f (bounds ±%.2f)", test.llr(m.tally), sprtBound)
		}
		fmt.Println(verdict)
	}
	fmt.Printf("engine1 replies: %s\n", timing(replies[0], set.lim.movetime))
	fmt.Printf("engine2 replies: %s\n", timing(replies[1], set.lim.movetime))
}

// parseTC reads "12+0.2": seconds per side and increment per move.
func parseTC(s string) (clock, inc time.Duration, err error) {
	base, incText, _ := strings.Cut(s, "+")
	b, err1 := strconv.ParseFloat(base, 64)
	i := 0.0
	var err2 error
	if incText != "" {
		i, err2 = strconv.ParseFloat(incText, 64)
	}
	if err1 != nil || err2 != nil || b <= 0 || i < 0 || b > 1e6 || i > 1e6 {
		return 0, 0, fmt.Errorf("-tc %q: want seconds+increment, e.g. 12+0.2", s)
	}
	return time.Duration(b * float64(time.Second)), time.Duration(i * float64(time.Second)), nil
}

// parseByoyomi reads "0+5": main seconds per side and seconds a move in
// byo-yomi, with k periods.
func parseByoyomi(s string, periods int) (match.TimeControl, error) {
	base, period, ok := strings.Cut(s, "+")
	b, err1 := strconv.ParseFloat(base, 64)
	p, err2 := strconv.ParseFloat(period, 64)
	if !ok || err1 != nil || err2 != nil || b < 0 || p <= 0 || b > 1e6 || p > 1e6 || periods < 1 || periods > 100 {
		return match.TimeControl{}, fmt.Errorf("-byoyomi %q -periods %d: want main seconds+seconds a move, e.g. 0+5, and 1..100 periods", s, periods)
	}
	return match.TimeControl{Base: time.Duration(b * float64(time.Second)), Byoyomi: time.Duration(p * float64(time.Second)), Periods: periods}, nil
}

// parseSPRT reads "elo0,elo1" with elo0 < elo1.
func parseSPRT(s string) (sprt, error) {
	a, b, ok := strings.Cut(s, ",")
	e0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	e1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if !ok || err0 != nil || err1 != nil || e0 >= e1 {
		return sprt{}, fmt.Errorf("-sprt %q: want elo0,elo1 with elo0 < elo1, e.g. 0,10", s)
	}
	return sprt{e0, e1}, nil
}

// matchResults keeps the results and the special endings of a match.
type matchResults struct {
	tally  tally
	ends   map[string][3]int  // ending -> engine 1's wins, draws, losses
	clocks [2][]time.Duration // clock left at the end of each game: engine 1, engine 2
	flags  [2]int             // losses on time: engine 1, engine 2
	// periodUse is the share of the period each move in byo-yomi took:
	// engine 1, engine 2.
	periodUse [2][]float64
	// distinct holds each game's start and moves: a repeated game adds
	// nothing to the evidence.
	distinct map[string]bool
}

func newMatchResults() *matchResults {
	return &matchResults{ends: map[string][3]int{}, distinct: map[string]bool{}}
}

// record scores a game from engine 1's side and returns the score.
func (m *matchResults) record(p played, e1Red bool) float64 {
	s := 0.5
	switch {
	case p.result.Status == game.RedWins && e1Red, p.result.Status == game.BlackWins && !e1Red:
		s = 1
	case p.result.Status == game.RedWins || p.result.Status == game.BlackWins:
		s = 0
	}
	m.tally.add(s)
	if p.end != "" {
		c := m.ends[p.end]
		c[int(2-2*s)]++
		m.ends[p.end] = c
		if p.end == endTime {
			m.flags[int(2*s)/2]++ // s = 0: engine 1 flagged; s = 1: engine 2
		}
	}
	e1Side := 0
	if !e1Red {
		e1Side = 1
	}
	m.clocks[0] = append(m.clocks[0], p.clocks[e1Side])
	m.clocks[1] = append(m.clocks[1], p.clocks[1-e1Side])
	m.periodUse[0] = append(m.periodUse[0], p.periodUse[e1Side]...)
	m.periodUse[1] = append(m.periodUse[1], p.periodUse[1-e1Side]...)
	return s
}

// report lists the endings the board did not decide and, in clock mode, the
// clocks left.
func (m *matchResults) report(clockMode bool) string {
	var sb strings.Builder
	keys := make([]string, 0, len(m.ends))
	for k := range m.ends {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		c := m.ends[k]
		fmt.Fprintf(&sb, "  %s: %d games (engine1 W/D/L %d/%d/%d)\n", k, c[0]+c[1]+c[2], c[0], c[1], c[2])
	}
	for i, name := range []string{"engine1", "engine2"} {
		cs := m.clocks[i]
		if !clockMode || len(cs) == 0 {
			continue
		}
		var sum time.Duration
		for _, c := range cs {
			sum += c
		}
		fmt.Fprintf(&sb, "%s clock left at game end: mean %.2f s, min %.2f s; %d losses on time\n",
			name, (sum / time.Duration(len(cs))).Seconds(), slices.Min(cs).Seconds(), m.flags[i])
	}
	for i, name := range []string{"engine1", "engine2"} {
		if use := m.periodUse[i]; len(use) > 0 {
			fmt.Fprintf(&sb, "%s 读秒: %s; %d losses on time\n", name, periodUseLine(use), m.flags[i])
		}
	}
	return sb.String()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "xqmatch:", err)
	os.Exit(1)
}
