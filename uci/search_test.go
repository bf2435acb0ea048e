package uci

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/rules"
)

func lineWith(lines []string, prefix string) string {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

func TestGoDepthPrintsInfoAndBestmove(t *testing.T) {
	lines := talk(t, "uci", "setoption name Hash value 4", "setoption name Threads value 2",
		"setoption name OwnBook value false", "position startpos moves h2e2", "go depth 5")
	info := lineWith(lines, "info depth 5 ")
	if info == "" || !strings.Contains(info, " score cp ") || !strings.Contains(info, " pv ") || !strings.Contains(info, " nodes ") {
		t.Fatalf("no depth-5 info line: %q", lines)
	}
	best := lineWith(lines, "bestmove ")
	p := rules.NewPosition()
	p.MakeMove(rules.NewMove(rules.Sq(7, 2), rules.Sq(4, 2)))
	m, err := rules.ParseMove(strings.Fields(best)[1])
	if err != nil || !p.IsLegal(m) {
		t.Fatalf("bestmove %q not legal", best)
	}
	if lineWith(lines, "info string error") != "" {
		t.Fatalf("errors: %q", lines)
	}
}

func TestGoMateReportsMateScore(t *testing.T) {
	lines := talk(t, "uci", "position fen 4k4/1R7/9/9/9/9/9/9/R8/3K5 w - - 0 1", "go depth 3")
	if !strings.Contains(lineWith(lines, "info depth 1 "), "score mate 1") || lineWith(lines, "bestmove a1a9") == "" {
		t.Fatalf("mate in one: %q", lines)
	}
}

func TestMatedPositionAnswersNoMove(t *testing.T) {
	fen := "position fen R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1"
	if l := talk(t, "ucci", fen, "go depth 3"); lineWith(l, "nobestmove") == "" {
		t.Fatalf("UCCI mated: %q", l)
	}
	if l := talk(t, "uci", fen, "go depth 3"); lineWith(l, "bestmove (none)") == "" {
		t.Fatalf("UCI mated: %q", l)
	}
}

// runLive lets a test write commands while the engine runs.
func runLive(t *testing.T) (send func(string), out func() string, finish func()) {
	t.Helper()
	r, w := io.Pipe()
	var buf safeBuffer
	done := make(chan error)
	go func() { done <- serve(r, &buf) }()
	send = func(s string) { io.WriteString(w, s+"\n") }
	out = buf.String
	finish = func() {
		w.Close()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	return
}

// answersAfter sends commands, which start a search that waits for release; no bestmove
// may come within wait, and after release, isready and quit there must be a bestmove and
// last (the answer to isready or to quit).
func answersAfter(t *testing.T, commands []string, wait time.Duration, release, last string) {
	t.Helper()
	send, out, finish := runLive(t)
	for _, c := range commands {
		send(c)
	}
	time.Sleep(wait)
	if strings.Contains(out(), "bestmove") {
		t.Fatalf("%q answered before %s", commands[len(commands)-1], release)
	}
	send(release)
	send("isready")
	send("quit")
	finish()
	if !strings.Contains(out(), "bestmove ") || !strings.Contains(out(), last) {
		t.Fatalf("after %s: %q", release, out())
	}
}

func TestGoInfiniteStopsOnStop(t *testing.T) {
	answersAfter(t, []string{"uci", "position startpos", "go infinite"}, 100*time.Millisecond, "stop", "readyok")
}

func TestUCCIPonderThenPonderhit(t *testing.T) {
	answersAfter(t, []string{"ucci", "setoption usemillisec true", "position startpos moves h2e2", "go ponder time 2000 increment 0"},
		50*time.Millisecond, "ponderhit", "bye")
}

func TestBenchCommand(t *testing.T) {
	lines := talk(t, "bench 3", "quit")
	if lineWith(lines, "Nodes searched  : ") == "" || lineWith(lines, "Nodes/second    : ") == "" {
		t.Fatalf("bench output: %q", lines)
	}
	if l := talk(t, "bench x", "quit"); lineWith(l, "info string error: bench") == "" {
		t.Fatalf("bad bench depth accepted: %q", l)
	}
}

func TestSetOptionErrors(t *testing.T) {
	lines := talk(t, "uci", "setoption name Hash value lots", "setoption name Threads value 0",
		"setoption name Bogus value 1", "setoption name LMR value maybe", "setoption name LMR value false",
		"setoption randomness small", "setoption hashsize 8", "quit")
	errors := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "info string error: ") {
			errors++
		}
	}
	if errors != 3 || !slices.Contains(lines, `info string setoption: unknown option "Bogus" ignored`) {
		t.Fatalf("%d errors, want 3, and a note on the unknown option: %q", errors, lines)
	}
}

func TestParseGo(t *testing.T) {
	g, err := parseGo(strings.Fields("wtime 60000 btime 30000 winc 1000 binc 500 movestogo 20"), rules.Black, false, true)
	if err != nil || g.limits.Time != 30*time.Second || g.limits.Increment != 500*time.Millisecond || g.limits.MovesToGo != 20 {
		t.Fatalf("UCI clock for Black: %+v %v", g.limits, err)
	}
	g, err = parseGo(strings.Fields("time 30 increment 2"), rules.Red, true, false)
	if err != nil || g.limits.Time != 30*time.Second || g.limits.Increment != 2*time.Second {
		t.Fatalf("UCCI seconds: %+v %v", g.limits, err)
	}
	g, err = parseGo(strings.Fields("draw time 3000 movestogo 10 opptime 5000 oppmovestogo 10"), rules.Red, true, true)
	if err != nil || g.limits.Time != 3*time.Second || g.limits.MovesToGo != 10 {
		t.Fatalf("UCCI milliseconds: %+v %v", g.limits, err)
	}
	g, err = parseGo(strings.Fields("depth infinite"), rules.Red, true, true)
	if err != nil || !g.limits.Infinite {
		t.Fatalf("depth infinite: %+v %v", g.limits, err)
	}
	g, err = parseGo(strings.Fields("movetime 250 searchmoves h2e2 b2e2"), rules.Red, false, true)
	if err != nil || g.limits.MoveTime != 250*time.Millisecond || len(g.limits.SearchMoves) != 2 {
		t.Fatalf("movetime/searchmoves: %+v %v", g.limits, err)
	}
	// 读秒: USI's byoyomi beside the main times; a main time of 0 is the normal case then.
	g, err = parseGo(strings.Fields("wtime 0 btime 60000 byoyomi 5000"), rules.Red, false, true)
	if err != nil || g.limits.Time != 0 || g.limits.Byoyomi != 5*time.Second {
		t.Fatalf("UCI byoyomi in byo-yomi: %+v %v", g.limits, err)
	}
	g, err = parseGo(strings.Fields("btime 600000 wtime 0 byoyomi 30000"), rules.Black, false, true)
	if err != nil || g.limits.Time != 10*time.Minute || g.limits.Byoyomi != 30*time.Second {
		t.Fatalf("UCI byoyomi with main time: %+v %v", g.limits, err)
	}
	g, err = parseGo(strings.Fields("time 0 byoyomi 5"), rules.Red, true, false)
	if err != nil || g.limits.Time != 0 || g.limits.Byoyomi != 5*time.Second {
		t.Fatalf("UCCI byoyomi in seconds: %+v %v", g.limits, err)
	}
	// A GUI without byoyomi sends the period as a clock for one move.
	g, err = parseGo(strings.Fields("wtime 5000 btime 5000 movestogo 1"), rules.Red, false, true)
	if opt, hard := g.limits.TimeBudget(); err != nil || opt != hard || hard >= 5*time.Second || hard < 4*time.Second {
		t.Fatalf("the period as movestogo 1: %+v, budget %v/%v, %v", g.limits, opt, hard, err)
	}
	for _, bad := range []string{"depth", "depth -3", "movetime x", "wobble 3", "nodes 1e9", "byoyomi", "byoyomi -5", "wtime 0 byoyomi x"} {
		if _, err := parseGo(strings.Fields(bad), rules.Red, false, true); err == nil {
			t.Errorf("go %s accepted", bad)
		}
	}
}

// safeBuffer is a bytes.Buffer that a test may read while the engine writes.
type safeBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *safeBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *safeBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestBookOptions(t *testing.T) {
	lines := talk(t, "ucci", "setoption bookfiles ../resources/book.dat", "position startpos",
		"go depth 4", "isready", "setoption usebook false", "go depth 2", "isready",
		"setoption bookfiles /no/such/book.dat")
	books := 0
	for _, l := range lines {
		if l == "info string book move" {
			books++
		}
	}
	if books != 1 || lineWith(lines, "info string error: setoption bookfiles") == "" {
		t.Fatalf("book on, then off, then a missing file: %q", lines)
	}
}

// FuzzParseGo: any go command either parses into sane limits or is
// rejected with an error; it never panics.
func FuzzParseGo(f *testing.F) {
	for _, s := range []string{"depth 8", "movetime 1000", "wtime 1 btime 2 winc 3 binc 4 movestogo 5",
		"ponder time 100 increment 5 opptime 9", "infinite", "searchmoves h2e2 x", "nodes 99999999999999999999",
		"wtime 0 btime 0 byoyomi 5000", "time 0 byoyomi 99999999999"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, text string, ucci bool) {
		g, err := parseGo(strings.Fields(text), rules.Black, ucci, !ucci)
		if err != nil {
			return
		}
		l := g.limits
		if l.Depth < 0 || l.MoveTime < 0 || l.Time < 0 || l.Increment < 0 || l.MovesToGo < 0 || l.Byoyomi < 0 {
			t.Fatalf("go %s: negative limits %+v", text, l)
		}
		soft, hard := l.TimeBudget()
		if soft < 0 || hard < 0 || soft > hard {
			t.Fatalf("go %s: budget %v %v", text, soft, hard)
		}
		if l.Byoyomi > 0 && !l.Infinite && l.MoveTime == 0 && (hard <= 0 || hard > l.Time+l.Byoyomi) {
			t.Fatalf("go %s: byo-yomi budget %v is not within the main time and the period", text, hard)
		}
	})
}

func TestUCCIGoTime(t *testing.T) {
	lines := talk(t, "ucci", "setoption usemillisec true", "setoption usebook false", "position startpos moves h2e2",
		"go time 3000 increment 0")
	info := lineWith(lines, "info depth ")
	if info == "" || strings.Contains(info, " cp ") || lineWith(lines, "bestmove ") == "" {
		t.Fatalf("UCCI timed search: %q", lines)
	}
}

// TestFeatureOptionsChangeTheSearch: switching techniques off changes the
// node count of a fixed-depth search, and XQWLightOnly switches them all.
func TestFeatureOptionsChangeTheSearch(t *testing.T) {
	nodes := func(opts ...string) string {
		cmds := append([]string{"uci", "setoption name OwnBook value false"}, opts...)
		cmds = append(cmds, "position startpos moves h2e2 h9g7", "go depth 6")
		info := lineWith(talk(t, cmds...), "info depth 6 ")
		f := strings.Fields(info)
		for i := range f {
			if f[i] == "nodes" && i+1 < len(f) {
				return f[i+1]
			}
		}
		t.Fatalf("no nodes in %q", info)
		return ""
	}
	all := nodes()
	if all == nodes("setoption name LMR value false") {
		t.Fatal("LMR=false did not change the search")
	}
	base := nodes("setoption name XQWLightOnly value true")
	if base == all {
		t.Fatal("XQWLightOnly did not change the search")
	}
	if nodes("setoption name XQWLightOnly value true", "setoption name XQWLightOnly value false") != all {
		t.Fatal("XQWLightOnly false did not restore every technique")
	}
}

// The bundled book answers from the start by default; a missing book file is
// reported and the engine searches on without a book; <empty> brings the
// bundled book back.
func TestBundledBookByDefault(t *testing.T) {
	lines := talk(t, "ucci", "position startpos", "go depth 3", "isready",
		"setoption bookfiles /no/such/book.dat", "go depth 3", "isready",
		"setoption bookfiles <empty>", "go depth 3")
	var kinds []string
	for _, l := range lines {
		switch {
		case l == "info string book move":
			kinds = append(kinds, "book")
		case strings.HasPrefix(l, "info string error: setoption bookfiles") && strings.Contains(l, "without a book"):
			kinds = append(kinds, "error")
		case strings.HasPrefix(l, "bestmove "):
			kinds = append(kinds, "best")
		}
	}
	if got := strings.Join(kinds, " "); got != "book best error best book best" {
		t.Fatalf("book, then no book after a bad file, then the bundled book again: got %q in %q", got, lines)
	}
}

// UCCI times are seconds until the referee sets usemillisec.
func TestUCCITimeUnits(t *testing.T) {
	g, err := parseGo(strings.Fields("time 3 increment 1"), rules.Red, true, false)
	if err != nil || g.limits.Time != 3*time.Second || g.limits.Increment != time.Second {
		t.Fatalf("seconds: %+v %v", g.limits, err)
	}
}

// setoption MultiPV 3 makes go depth print three lines per depth with
// distinct first moves, and end (at end of input, without quit) with bestmove.
func TestMultiPVLines(t *testing.T) {
	lines := talk(t, "uci", "setoption name MultiPV value 3", "position startpos", "go depth 5")
	first := map[string]bool{}
	for k := 1; k <= 3; k++ {
		var found string
		for _, x := range lines {
			if strings.HasPrefix(x, "info depth 5 ") && strings.Contains(x, fmt.Sprintf(" multipv %d ", k)) {
				found = x
			}
		}
		_, pvText, _ := strings.Cut(found, " pv ")
		pv := strings.Fields(pvText)
		if len(pv) == 0 || first[pv[0]] {
			t.Fatalf("line %d at depth 5: %q in %q", k, found, lines)
		}
		first[pv[0]] = true
	}
	if lineWith(lines, "bestmove ") == "" {
		t.Fatalf("no bestmove: %q", lines)
	}
	if l := talk(t, "uci", "setoption name MultiPV value 0", "setoption multipv x"); len(linesWith(l, "info string error: setoption")) != 2 {
		t.Fatalf("bad MultiPV values accepted: %q", l)
	}
}

func linesWith(lines []string, prefix string) []string {
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return out
}

func TestHashOptionAdvertisesTheEngineDefault(t *testing.T) {
	want := fmt.Sprintf("default %d", engine.DefaultHashMB)
	uci := lineWith(talk(t, "uci"), "option name Hash ")
	ucci := lineWith(talk(t, "ucci"), "option hashsize ")
	if !strings.Contains(uci, want) || !strings.Contains(ucci, want) {
		t.Fatalf("Hash options %q and %q, want %q", uci, ucci, want)
	}
}
