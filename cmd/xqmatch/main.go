// Command xqmatch plays matches between two UCI engines, or between two
// option sets of one engine, to accept or reject search changes. Each
// opening is played twice with colours swapped; the game package judges
// results (mate, perpetual check, repetition, the 60-move rule). It prints
// wins/draws/losses of the first engine, its score, an Elo estimate with a
// 95% error bar, and how far each engine's replies overshot the move time.
//
//	xqmatch -engine1 ./xqengine -options2 "LMR=false" -games 60 -movetime 100
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
)

// defaultOpenings are short, common openings (ICCS moves from the start);
// each is played with both colours.
var defaultOpenings = []string{
	"h2e2 h9g7", "h2e2 b9c7", "h2e2 h7e7", "h2e2 b7e7", "b2e2 h9g7",
	"c3c4 g6g5", "c3c4 b9c7", "g3g4 c6c5", "g3g4 h9g7", "b0c2 h9g7",
	"h0g2 b9c7", "c0e2 h7e7", "c0e2 c6c5", "g0e2 b7e7", "h2f2 h9g7",
	"h2d2 b9c7", "b2d2 h9g7", "h2e2 h9g7 h0g2 i9h9", "h2e2 b9c7 h0g2 a9b9",
	"c3c4 b7c7 b0c2", "h2e2 h7e7 h0g2 h9g7", "b0c2 c6c5 c3c4", "g3g4 b7c7 h0g2",
	"h2e2 c6c5 h0g2 b9c7", "c0e2 g6g5 h0i2", "i3i4 h9g7", "a3a4 b9c7", "h2g2 h9g7",
	"h2e2 g6g5 h0g2 h9g7", "b2e2 b9c7 b0c2 a9b9",
}

func main() {
	var (
		engine1   = flag.String("engine1", "xqengine", "first engine command")
		engine2   = flag.String("engine2", "", "second engine command (default: the first)")
		options1  = flag.String("options1", "", "UCI options of engine 1, e.g. \"Hash=16,LMR=false\"")
		options2  = flag.String("options2", "", "UCI options of engine 2")
		games     = flag.Int("games", 40, "number of games (rounded up to an even number)")
		movetime  = flag.Int("movetime", 100, "milliseconds per move")
		nodes     = flag.Int("nodes", 0, "search this many nodes per move instead of a move time (reproducible under load)")
		maxPlies  = flag.Int("maxplies", 300, "adjudicate a draw after this many plies")
		openFile  = flag.String("openings", "", "file of openings: ICCS moves from the start, or a FEN, one a line")
		verbose   = flag.Bool("v", false, "print every game")
		protoName = flag.String("proto", "uci", "protocol: uci or ucci")
		rulesName = flag.String("rules", "asian", "repetition rules the referee judges by and the engines are told (Rules option): asian or chinese")
	)
	flag.Parse()
	if *engine2 == "" {
		*engine2 = *engine1
	}
	openings := defaultOpenings
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
	starts, err := openingPositions(openings)
	if err != nil {
		fail(err)
	}
	rules, err := engine.ParseRuleSet(*rulesName)
	if err != nil {
		fail(err)
	}
	if rules != engine.RulesAsian { // the engines' default; older engines need not know the option
		*options1 = strings.TrimPrefix(*options1+",Rules="+rules.String(), ",")
		*options2 = strings.TrimPrefix(*options2+",Rules="+rules.String(), ",")
	}
	ucci := *protoName == "ucci"
	e1, err := startEngine(*engine1, *options1, ucci)
	if err != nil {
		fail(err)
	}
	defer e1.close()
	e2, err := startEngine(*engine2, *options2, ucci)
	if err != nil {
		fail(err)
	}
	defer e2.close()

	var tally tally
	mt := time.Duration(*movetime) * time.Millisecond
	n := (*games + 1) / 2 * 2
	for g := 0; g < n; g++ {
		start := starts[(g/2)%len(starts)]
		red, black := e1, e2
		if g%2 == 1 {
			red, black = e2, e1
		}
		res, plies, err := playGame(start, red, black, limit{mt, *nodes}, *maxPlies, rules)
		if err != nil {
			fail(fmt.Errorf("game %d: %v", g+1, err))
		}
		// Score from engine 1's side.
		s := 0.5
		switch {
		case res.Status == game.RedWins && red == e1, res.Status == game.BlackWins && black == e1:
			s = 1
		case res.Status == game.RedWins || res.Status == game.BlackWins:
			s = 0
		}
		tally.add(s)
		if *verbose {
			fmt.Printf("game %d (%s red): %s after %d plies, %s; engine1 %.1f\n",
				g+1, map[bool]string{true: "engine1", false: "engine2"}[red == e1], res.PGN(), plies, res.English(), s)
		}
	}
	fmt.Printf("engine1: %s %s\nengine2: %s %s\n", *engine1, *options1, *engine2, *options2)
	if *nodes > 0 {
		fmt.Printf("games %d  nodes %d per move\n", n, *nodes)
		fmt.Println(tally.summary())
		return
	}
	fmt.Printf("games %d  movetime %d ms\n", n, *movetime)
	fmt.Println(tally.summary())
	fmt.Printf("engine1 reply time over movetime: %s\n", e1.overshoot(mt))
	fmt.Printf("engine2 reply time over movetime: %s\n", e2.overshoot(mt))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "xqmatch:", err)
	os.Exit(1)
}

// opening is a start FEN plus moves played from it.
type opening struct {
	fen   string
	moves []string
}

func openingPositions(lines []string) ([]opening, error) {
	var out []opening
	for _, l := range lines {
		o := opening{fen: engine.StartFEN}
		if strings.Contains(l, "/") {
			o.fen = l
		} else {
			o.moves = strings.Fields(l)
		}
		g, err := game.New(o.fen)
		if err != nil {
			return nil, fmt.Errorf("opening %q: %v", l, err)
		}
		for _, m := range o.moves {
			if err := g.PlayText(m); err != nil {
				return nil, fmt.Errorf("opening %q: %v", l, err)
			}
		}
		out = append(out, o)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no openings")
	}
	return out, nil
}

// playGame plays one game, judged under rules, and returns its result and
// length.
func playGame(o opening, red, black *uciEngine, lim limit, maxPlies int, rules game.RuleSet) (game.Result, int, error) {
	g, err := game.New(o.fen)
	if err != nil {
		return game.Result{}, 0, err
	}
	g.SetRules(rules)
	moves := append([]string(nil), o.moves...)
	for _, m := range o.moves {
		if err := g.PlayText(m); err != nil {
			return game.Result{}, 0, err
		}
	}
	for _, e := range []*uciEngine{red, black} {
		if err := e.newGame(); err != nil {
			return game.Result{}, 0, err
		}
	}
	for ply := 0; ; ply++ {
		if r := g.Result(); r.Decided() {
			return r, len(moves), nil
		}
		if len(moves) >= maxPlies {
			if err := g.AgreeDraw(); err != nil {
				return game.Result{}, 0, err
			}
			return g.Result(), len(moves), nil
		}
		e := red
		if g.SideToMove() == engine.Black {
			e = black
		}
		banned := g.ForbiddenMoves()
		var allowed []engine.Move
		for _, m := range g.Position().LegalMoves() {
			if !slices.Contains(banned, m) {
				allowed = append(allowed, m)
			}
		}
		best, err := e.bestMove(o.fen, moves, banned, allowed, lim)
		if err != nil {
			return game.Result{}, 0, err
		}
		if err := g.PlayText(best); err != nil {
			// An illegal or missing move loses the game.
			loser := g.SideToMove()
			fmt.Fprintf(os.Stderr, "xqmatch: %s played %q in %s: %v\n", e.cmd, best, g.FEN(), err)
			if err := g.Resign(loser); err != nil {
				return game.Result{}, 0, err
			}
			return g.Result(), len(moves), nil
		}
		moves = append(moves, best)
	}
}

// uciEngine is a running engine process.
type uciEngine struct {
	cmd   string
	proc  *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	ucci  bool
	times []time.Duration // reply time of every move
}

func startEngine(command, options string, ucci bool) (*uciEngine, error) {
	fields := strings.Fields(command)
	if len(fields) == 0 {
		return nil, fmt.Errorf("empty engine command")
	}
	p := exec.Command(fields[0], fields[1:]...)
	p.Stderr = os.Stderr
	in, err := p.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := p.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.Start(); err != nil {
		return nil, err
	}
	e := &uciEngine{cmd: command, proc: p, in: in, out: bufio.NewScanner(out), ucci: ucci}
	e.out.Buffer(make([]byte, 64*1024), 1024*1024)
	hello, ok := "uci", "uciok"
	if ucci {
		hello, ok = "ucci", "ucciok"
	}
	if err := e.send(hello); err != nil {
		return nil, err
	}
	if _, err := e.waitFor(ok); err != nil {
		return nil, err
	}
	if ucci { // the referee's clock is in milliseconds, as a UCCI referee sets it
		if err := e.send("setoption usemillisec true"); err != nil {
			return nil, err
		}
	}
	for _, opt := range strings.Split(options, ",") {
		name, value, found := strings.Cut(strings.TrimSpace(opt), "=")
		if !found {
			continue
		}
		line := "setoption name " + name + " value " + value
		if ucci {
			line = "setoption " + name + " " + value
		}
		if err := e.send(line); err != nil {
			return nil, err
		}
	}
	if err := e.send("isready"); err != nil {
		return nil, err
	}
	if _, err := e.waitFor("readyok"); err != nil {
		return nil, err
	}
	return e, nil
}

func (e *uciEngine) send(line string) error {
	_, err := io.WriteString(e.in, line+"\n")
	return err
}

// waitFor reads lines until one starts with prefix, and returns it.
func (e *uciEngine) waitFor(prefix string) (string, error) {
	for e.out.Scan() {
		if l := e.out.Text(); strings.HasPrefix(l, prefix) {
			return l, nil
		}
	}
	if err := e.out.Err(); err != nil {
		return "", err
	}
	return "", fmt.Errorf("%s: output ended while waiting for %q", e.cmd, prefix)
}

func (e *uciEngine) newGame() error {
	cmd := "ucinewgame"
	if e.ucci {
		cmd = "setoption newgame"
	}
	if err := e.send(cmd); err != nil {
		return err
	}
	if err := e.send("isready"); err != nil {
		return err
	}
	_, err := e.waitFor("readyok")
	return err
}

// limit is what each move may use: a move time, or a node count when nodes > 0.
type limit struct {
	movetime time.Duration
	nodes    int
}

// bestMove asks the engine for its move and records how long the reply took.
// Like a referee, it forbids the moves that would lose by perpetual check or
// chase: UCCI engines get them as banmoves, UCI engines (which have no such
// command) the other legal moves as searchmoves.
func (e *uciEngine) bestMove(fen string, moves []string, banned, allowed []engine.Move, lim limit) (string, error) {
	mt := lim.movetime
	pos := "position fen " + fen
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	goCmd := fmt.Sprintf("go movetime %d", mt.Milliseconds())
	if e.ucci {
		goCmd = fmt.Sprintf("go time %d movestogo 1", mt.Milliseconds())
	}
	if lim.nodes > 0 {
		goCmd = fmt.Sprintf("go nodes %d", lim.nodes)
	}
	if err := e.send(pos); err != nil {
		return "", err
	}
	if len(banned) > 0 {
		if e.ucci {
			if err := e.send("banmoves " + moveList(banned)); err != nil {
				return "", err
			}
		} else {
			goCmd += " searchmoves " + moveList(allowed)
		}
	}
	start := time.Now()
	if err := e.send(goCmd); err != nil {
		return "", err
	}
	for e.out.Scan() {
		l := e.out.Text()
		if strings.HasPrefix(l, "nobestmove") {
			e.times = append(e.times, time.Since(start))
			return "", nil
		}
		if strings.HasPrefix(l, "bestmove") {
			e.times = append(e.times, time.Since(start))
			f := strings.Fields(l)
			if len(f) < 2 {
				return "", nil
			}
			return f[1], nil
		}
	}
	return "", fmt.Errorf("%s: output ended during search", e.cmd)
}

// moveList joins moves in ICCS notation.
func moveList(ms []engine.Move) string {
	texts := make([]string, len(ms))
	for i, m := range ms {
		texts[i] = m.String()
	}
	return strings.Join(texts, " ")
}

// overshoot summarises reply times beyond the move time.
func (e *uciEngine) overshoot(mt time.Duration) string {
	if len(e.times) == 0 {
		return "no moves"
	}
	over := make([]time.Duration, len(e.times))
	for i, t := range e.times {
		over[i] = t - mt
	}
	sort.Slice(over, func(i, j int) bool { return over[i] < over[j] })
	limit := mt/20 + 20*time.Millisecond
	within := 0
	for _, o := range over {
		if o <= limit {
			within++
		}
	}
	p := func(q float64) time.Duration { return over[int(q*float64(len(over)-1))] }
	return fmt.Sprintf("%d replies, median %+v, p99 %+v, max %+v; %.1f%% within 5%%+20ms",
		len(over), p(0.5).Round(time.Microsecond*100), p(0.99).Round(time.Microsecond*100),
		over[len(over)-1].Round(time.Microsecond*100), 100*float64(within)/float64(len(over)))
}

func (e *uciEngine) close() {
	e.send("quit")
	e.in.Close()
	done := make(chan struct{})
	go func() { e.proc.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		e.proc.Process.Kill()
		<-done
	}
}

// tally counts engine 1's results.
type tally struct{ wins, draws, losses int }

func (t *tally) add(score float64) {
	switch score {
	case 1:
		t.wins++
	case 0:
		t.losses++
	default:
		t.draws++
	}
}

// summary gives W/D/L, the score and an Elo difference with a 95% interval
// from the per-game score variance.
func (t tally) summary() string {
	n := float64(t.wins + t.draws + t.losses)
	if n == 0 {
		return "no games"
	}
	s := (float64(t.wins) + float64(t.draws)/2) / n
	variance := (float64(t.wins)*(1-s)*(1-s) + float64(t.draws)*(0.5-s)*(0.5-s) + float64(t.losses)*s*s) / n
	se := math.Sqrt(variance / n)
	lo, hi := eloOf(s-1.96*se), eloOf(s+1.96*se)
	return fmt.Sprintf("engine1 W/D/L %d/%d/%d  score %.1f%%  Elo %+.0f (95%% interval %+.0f .. %+.0f, ±%.0f)",
		t.wins, t.draws, t.losses, 100*s, eloOf(s), lo, hi, (hi-lo)/2)
}

func eloOf(s float64) float64 {
	s = math.Min(math.Max(s, 0.001), 0.999)
	return -400 * math.Log10(1/s-1)
}
