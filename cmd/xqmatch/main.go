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
// opptime; running out loses). It prints wins/draws/losses of the first
// engine, its score, an Elo estimate with a 95% interval, the games that
// ended other than on the board, the clocks left, and each engine's median
// and longest reply; -pgn writes every game, -sprt stops once an SPRT
// decides.
//
//	xqmatch -engine1 ./xqengine -options2 "LMR=false" -games 60 -movetime 100
//	xqmatch -engine1 ./xqengine -engine2 ./eleeye -proto ucci -tc 12+0.2 -pgn /tmp/m.pgn
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
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/uci"
)

func main() {
	var (
		engine1   = flag.String("engine1", "xqengine", "first engine command")
		engine2   = flag.String("engine2", "", "second engine command (default: the first)")
		options1  = flag.String("options1", "", "UCI options of engine 1, e.g. \"Hash=16,LMR=false\"")
		options2  = flag.String("options2", "", "UCI options of engine 2")
		games     = flag.Int("games", 40, "number of games (rounded up to an even number)")
		movetime  = flag.Int("movetime", 100, "milliseconds per move")
		nodes     = flag.Int("nodes", 0, "search this many nodes per move instead of a move time (reproducible under load)")
		tc        = flag.String("tc", "", "clock mode: seconds per side plus increment per move, e.g. 12+0.2")
		maxPlies  = flag.Int("maxplies", 300, "adjudicate a draw after this many plies")
		openFile  = flag.String("openings", "", "file of openings: ICCS moves from the start, or a FEN, one a line")
		bookFile  = flag.String("book", "", "draw the openings from this book (ElephantEye's BOOK.DAT layout): weighted walks of -bookplies moves, no two alike")
		bookPlies = flag.Int("bookplies", 8, "length of the openings drawn from -book, in plies")
		seed      = flag.Uint64("seed", 1, "seed of the openings drawn from -book")
		pgnFile   = flag.String("pgn", "", "append every game to this PGN file")
		sprtFlag  = flag.String("sprt", "", "stop early by an SPRT of Elo elo0 against elo1, e.g. 0,10")
		verbose   = flag.Bool("v", false, "print every game")
		protoName = flag.String("proto", "uci", "protocol: uci or ucci")
		rulesName = flag.String("rules", "asian", "repetition rules the referee judges by and the engines are told (Rules option): asian or chinese")
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
	e1, err := startPlayer(*engine1, *options1, proto)
	if err != nil {
		fail(err)
	}
	defer e1.Close()
	e2, err := startPlayer(*engine2, *options2, proto)
	if err != nil {
		fail(err)
	}
	defer e2.Close()

	m := newMatch(e1, e2)
	n := 2 * pairs
	verdict := ""
	// An interrupt ends the match after the game being played, with the
	// summary of the games so far.
	interrupted := make(chan os.Signal, 1)
	signal.Notify(interrupted, os.Interrupt, syscall.SIGTERM)
	for g := 0; g < n && verdict == ""; g++ {
		select {
		case <-interrupted:
			fmt.Printf("interrupted after %d games\n", g)
			n = g
			continue
		default:
		}
		start := starts[(g/2)%len(starts)]
		red, black := e1, e2
		if g%2 == 1 {
			red, black = e2, e1
		}
		p, err := playGame(start, red, black, set)
		if err != nil {
			fail(fmt.Errorf("game %d: %v", g+1, err))
		}
		s := m.record(p, red == e1)
		m.distinct[fmt.Sprint(start.fen, p.g.Moves())] = true
		if pgn != nil {
			names := map[*player]string{e1: "engine1 " + *engine1 + " " + *options1, e2: "engine2 " + *engine2 + " " + *options2}
			if err := writePGN(pgn, p, g+1, strings.TrimSpace(names[red]), strings.TrimSpace(names[black]), set.lim.clock > 0, texts); err != nil {
				fail(err)
			}
		}
		if *verbose {
			fmt.Printf("game %d (%s red): %s after %d plies, %s; engine1 %.1f\n",
				g+1, map[bool]string{true: "engine1", false: "engine2"}[red == e1], p.result.PGN(), p.plies, p.termination(texts), s)
		}
		if test != nil && g%2 == 1 {
			verdict = test.verdict(m.tally)
		}
	}
	fmt.Printf("engine1: %s %s\nengine2: %s %s\n", *engine1, *options1, *engine2, *options2)
	switch {
	case *nodes > 0:
		fmt.Printf("games %d  nodes %d per move\n", m.tally.games(), *nodes)
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
	fmt.Print(m.report(set.lim.clock > 0))
	if test != nil {
		if verdict == "" {
			verdict = fmt.Sprintf("SPRT: no decision, LLR %.2f (bounds ±%.2f)", test.llr(m.tally), sprtBound)
		}
		fmt.Println(verdict)
	}
	fmt.Printf("engine1 replies: %s\n", timing(e1.times, set.lim.movetime))
	fmt.Printf("engine2 replies: %s\n", timing(e2.times, set.lim.movetime))
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

// match keeps the results and the special endings of a match.
type match struct {
	e1, e2 *player
	tally  tally
	ends   map[string][3]int  // ending -> engine 1's wins, draws, losses
	clocks [2][]time.Duration // clock left at the end of each game: engine 1, engine 2
	flags  [2]int             // losses on time: engine 1, engine 2
	// distinct holds each game's start and moves: a repeated game adds
	// nothing to the evidence.
	distinct map[string]bool
}

func newMatch(e1, e2 *player) *match {
	return &match{e1: e1, e2: e2, ends: map[string][3]int{}, distinct: map[string]bool{}}
}

// record scores a game from engine 1's side and returns the score.
func (m *match) record(p played, e1Red bool) float64 {
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
	return s
}

// report lists the endings the board did not decide and, in clock mode, the
// clocks left.
func (m *match) report(clockMode bool) string {
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
	return sb.String()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "xqmatch:", err)
	os.Exit(1)
}
