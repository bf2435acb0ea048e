package uci

import (
	"bufio"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/rules"
)

// liveEngine serves e on a real pipe (an *os.File, as the command's stdin
// is) and hands back its writing end and the engine's output lines as they
// come; done yields Serve's error once it returns.
func liveEngine(t *testing.T, e Engine) (in *os.File, lines <-chan string, done <-chan error) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW := io.Pipe()
	ch := make(chan string, 1024)
	errc := make(chan error, 1)
	go func() {
		err := e.Serve(r, outW)
		r.Close()
		outW.Close()
		errc <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			ch <- sc.Text()
		}
		close(ch)
	}()
	t.Cleanup(func() { w.Close() })
	return w, ch, errc
}

// until collects output lines up to and including the first that starts
// with prefix; it fails when the output ends first.
func until(t *testing.T, lines <-chan string, prefix string) []string {
	t.Helper()
	var got []string
	for l := range lines {
		got = append(got, l)
		if strings.HasPrefix(l, prefix) {
			return got
		}
	}
	t.Fatalf("output ended before %q: %q", prefix, got)
	return nil
}

// A refused go answers at once, before the isready sent after it: the
// reason on an info string line, then the answer for no move.
func TestRefusedGoAnswersAtOnce(t *testing.T) {
	for _, tc := range []struct {
		proto, goLine, answer string
	}{
		{"uci", "go wtime -5 btime 1000", "bestmove (none)"},
		{"uci", "go movetime -5", "bestmove (none)"},
		{"uci", "go depth -1", "bestmove (none)"},
		{"uci", "go movetime", "bestmove (none)"},
		{"uci", "go sideways", "bestmove (none)"},
		{"ucci", "go time -5", "nobestmove"},
		{"ucci", "go depth x", "nobestmove"},
	} {
		in, lines, done := liveEngine(t, testEngine)
		io.WriteString(in, tc.proto+"\nposition startpos\n"+tc.goLine+"\nisready\n")
		got := until(t, lines, "readyok")
		n := len(got)
		if n < 3 || got[n-2] != tc.answer || !strings.HasPrefix(got[n-3], "info string error: go") {
			t.Errorf("%s %q: answered %q, want an error line and %q before readyok", tc.proto, tc.goLine, got, tc.answer)
		}
		in.Close()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

// A refused position leaves no position: go answers no move and says why,
// d and perft refuse, until a position command is accepted again.
func TestRefusedPositionLeavesNoPosition(t *testing.T) {
	lines := talk(t, "uci",
		"position startpos moves h2e2",
		"position startpos moves h2e2 zz99",
		"go depth 1", "d", "perft 1",
		"position startpos moves h2e2",
		"go depth 1")
	refusal := lineWith(lines, "info string error: position:")
	if !strings.Contains(refusal, "no position is set") {
		t.Fatalf("refusal %q, want it to say no position is set: %q", refusal, lines)
	}
	i := slices.Index(lines, "bestmove (none)")
	if i < 1 || !strings.HasPrefix(lines[i-1], "info string error: go: no position") {
		t.Fatalf("go after the refusal: %q", lines)
	}
	if lineWith(lines, "Fen:") != "" || lineWith(lines, "info string no position") == "" ||
		lineWith(lines, "info string error: perft: no position") == "" {
		t.Fatalf("d and perft after the refusal: %q", lines)
	}
	last := lines[len(lines)-1]
	pos := rules.NewPosition()
	pos.MakeMove(rules.NewMove(rules.Sq(7, 2), rules.Sq(4, 2)))
	m, err := rules.ParseMove(strings.TrimPrefix(last, "bestmove "))
	if !strings.HasPrefix(last, "bestmove ") || err != nil || !pos.IsLegal(m) {
		t.Fatalf("go after a new position: %q", lines)
	}
}

// fakeClock hands the test the timers the engine sets, to fire at will.
type fakeClock struct{ armed chan fakeTimer }

type fakeTimer struct {
	d    time.Duration
	fire func()
}

func (c *fakeClock) after(d time.Duration, f func()) func() bool {
	c.armed <- fakeTimer{d, f}
	return func() bool { return true }
}

// nextTimer waits for the engine to set a timer; a real-time bound only
// turns a hang into a failure.
func (c *fakeClock) nextTimer(t *testing.T) fakeTimer {
	t.Helper()
	select {
	case tm := <-c.armed:
		return tm
	case <-time.After(time.Minute):
		t.Fatal("no timer set")
		return fakeTimer{}
	}
}

// An engine whose input ends stops a search that would run for days once
// OrphanGrace has passed, and prints its bestmove; so does each search
// that waited for it, OrphanGrace after its own start.
func TestOrphanedSearchStops(t *testing.T) {
	clock := &fakeClock{armed: make(chan fakeTimer, 4)}
	e := testEngine
	e.After = clock.after
	in, lines, done := liveEngine(t, e)
	// No book: a book move would answer before the input ends.
	io.WriteString(in, "uci\nsetoption name OwnBook value false\nposition startpos\ngo movetime 100000000\ngo movetime 100000000\nisready\n")
	until(t, lines, "readyok")
	in.Close()
	for i := 0; i < 2; i++ {
		tm := clock.nextTimer(t)
		if tm.d != OrphanGrace {
			t.Fatalf("timer of %v, want OrphanGrace (%v)", tm.d, OrphanGrace)
		}
		tm.fire()
		got := until(t, lines, "bestmove")
		best := got[len(got)-1]
		m, err := rules.ParseMove(strings.Fields(best)[1])
		if err != nil || !rules.NewPosition().IsLegal(m) {
			t.Fatalf("search %d answered %q", i+1, got)
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// A perft left running at the end of the input is bounded the same way.
func TestOrphanedPerftStops(t *testing.T) {
	clock := &fakeClock{armed: make(chan fakeTimer, 4)}
	e := testEngine
	e.After = clock.after
	in, lines, done := liveEngine(t, e)
	io.WriteString(in, "position startpos\ngo perft 9\n")
	in.Close()
	clock.nextTimer(t).fire()
	if got := until(t, lines, "info string perft depth 9 stopped"); len(got) == 0 {
		t.Fatal("no answer")
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
