package uci

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// watchdog is how long a session may take before the test calls it a hang.
// It is far above what any of these sessions needs; it measures nothing.
const watchdog = 60 * time.Second

// runWatched feeds input (written line by line from another goroutine, so
// that the engine reads commands while it searches) to a session and returns
// its output lines; a session that does not end in time fails the test.
func runWatched(t testing.TB, input []string, hashMB int) []string {
	t.Helper()
	r, w := io.Pipe()
	go func() {
		for _, l := range input {
			if _, err := io.WriteString(w, l+"\n"); err != nil {
				return // the session quit and stopped reading
			}
		}
		w.Close()
	}()
	defer r.CloseWithError(io.ErrClosedPipe) // unblock the writer after a quit
	return runReaderWatched(t, r, input, hashMB)
}

// runReaderWatched runs a session on in under the watchdog.
func runReaderWatched(t testing.TB, in io.Reader, input []string, hashMB int) []string {
	t.Helper()
	var out safeBuffer
	done := make(chan error, 1)
	go func() { done <- serveWithHash(in, &out, hashMB) }()
	timer := time.NewTimer(watchdog)
	defer timer.Stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("session failed: %v", err)
		}
	case <-timer.C:
		t.Fatalf("session hung; input %q\noutput so far:\n%s", input, out.String())
	}
	return strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
}

// stormCommands are every command the CLI knows, with parameters kept small,
// and garbage.
var stormCommands = []string{
	"uci", "ucci", "isready", "d", "probe", "stop", "ponderhit",
	"position startpos", "position startpos moves h2e2 h9g7", "position fen 4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1",
	"banmoves h2e2", "banmoves b2e2 c3c4",
	"setoption name Hash value 2", "setoption hashsize 1", "setoption name Threads value 2", "setoption threads 1",
	"setoption usemillisec true", "setoption randomness small", "setoption name LMR value false",
	"setoption name XQWLightOnly value true", "setoption usebook false", "setoption name Clear Hash",
	"go depth 2", "go nodes 3000", "go movetime 20", "go infinite", "go ponder", "go time 50 movestogo 1",
	"go wtime 100 btime 100 winc 10 binc 10", "go depth 1 searchmoves h2e2 b2e2",
	"ucinewgame", "newgame", "perft 2", "go perft 1", "bench 1",
	// Garbage and commands in the wrong form.
	"", "   ", "xyzzy", "go wobble", "go depth", "position", "position sideways", "position startpos moves zz99",
	"setoption", "setoption name Hash value lots", "banmoves q", "perft 99", "bench x", "\x00\xff\xfe", "go perft",
	strings.Repeat("a", 5000),
}

// countGo counts the go commands that search (go perft does not).
func countGo(input []string) int {
	n := 0
	for _, l := range input {
		f := strings.Fields(l)
		if len(f) > 0 && f[0] == "go" && (len(f) < 2 || f[1] != "perft") {
			n++
		}
	}
	return n
}

// checkOneBestPerGo: every go answers exactly one bestmove (or
// nobestmove), a refused one as well (after its error line).
func checkOneBestPerGo(t *testing.T, input, lines []string) {
	t.Helper()
	best := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "bestmove") || l == "nobestmove" {
			best++
		}
	}
	if want := countGo(input); best != want {
		t.Fatalf("%d go commands, %d bestmoves:\n%s", want, best, strings.Join(lines, "\n"))
	}
}

// TestCommandStormDuringSearch sends a storm of commands while the engine
// thinks, infinitely or on a move time: the loop never blocks, and every go
// gets exactly one bestmove by the end of input.
func TestCommandStormDuringSearch(t *testing.T) {
	for _, first := range []string{"go infinite", "go movetime 200"} {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s/%d", first, seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 7))
				input := []string{"uci", "setoption name OwnBook value false", "position startpos", first}
				for range 150 {
					input = append(input, stormCommands[rng.IntN(len(stormCommands))])
				}
				input = append(input, "stop")
				lines := runWatched(t, input, 1)
				checkOneBestPerGo(t, input, lines)
			})
		}
	}
}

// A quit in the middle of a storm ends the session at once: the running
// search prints its bestmove, deferred commands are dropped and said so.
func TestQuitDuringStorm(t *testing.T) {
	input := []string{"ucci", "position startpos", "go infinite", "position startpos moves h2e2", "go depth 3", "d", "probe", "quit", "go depth 2"}
	lines := runWatched(t, input, 1)
	best := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "bestmove") {
			best++
		}
	}
	if best != 1 || !slices.Contains(lines, "info string quit: 2 deferred commands dropped") || lines[len(lines)-1] != "bye" {
		t.Fatalf("quit during a search: %q", lines)
	}
}

// The sequence of issue 10: probe during an infinite search used to wait for
// the search's lock, so stop was never read and bestmove never came.
func TestProbeDuringInfiniteSearch(t *testing.T) {
	send, out, finish := runLive(t)
	send("ucci")
	send("position startpos")
	send("go infinite")
	time.Sleep(100 * time.Millisecond)
	send("probe")
	send("d")
	send("isready")
	// The answers come while the search goes on: poll for them under the watchdog.
	deadline := time.Now().Add(watchdog)
	for !strings.Contains(out(), "readyok") {
		if time.Now().After(deadline) {
			t.Fatalf("probe, d and isready not answered during the search: %q", out())
		}
		time.Sleep(5 * time.Millisecond)
	}
	if strings.Contains(out(), "\nbestmove") || !strings.Contains(out(), "Fen: ") {
		t.Fatalf("search ended early or d not answered: %q", out())
	}
	send("stop")
	send("quit")
	finish()
	if !strings.Contains(out(), "bestmove ") {
		t.Fatalf("no bestmove after stop: %q", out())
	}
}

// Commands that change what a search uses wait for it, and say so; they
// take effect when it ends.
func TestPositionDuringSearchIsDeferred(t *testing.T) {
	lines := runWatched(t, []string{"uci", "setoption name OwnBook value false", "position startpos", "go infinite",
		"position startpos moves h2e2", "d", "stop", "d"}, 1)
	var fens []string
	for _, l := range lines {
		if strings.HasPrefix(l, "Fen: ") {
			fens = append(fens, l)
		}
	}
	if !slices.Contains(lines, "info string position deferred until the search ends") || len(fens) != 2 ||
		!strings.HasPrefix(fens[0], "Fen: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w") {
		t.Fatalf("deferred position: %q", lines)
	}
}

// FuzzCommandStream: any command stream ends (under the watchdog) with one
// bestmove per go. Searches are kept tiny so that each input runs fast: every
// number in a go line becomes 0 (a bounded search given a huge clock rightly
// runs to its end) and "depth 1" is appended; perft, hash and threads are
// capped, bench is left out.
func FuzzCommandStream(f *testing.F) {
	f.Add("uci\nposition startpos\ngo infinite\nprobe\nstop\nquit")
	f.Add("ucci\nsetoption usemillisec true\nposition startpos moves h2e2\ngo ponder time 100\nponderhit\nd")
	f.Add("position fen 4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1\nbanmoves a7a9\ngo nodes 10\nisready\nperft 2")
	f.Add("go movetime 10\ngo depth 3\nbench 1\nsetoption name Hash value 9\nxyzzy\ngo wobble")
	f.Fuzz(func(t *testing.T, text string) {
		var input []string
		for _, l := range strings.Split(text, "\n") {
			input = append(input, tame(l))
		}
		// All of the input is there at once (cheaper than a pipe, and the
		// loop still reads commands while a search runs).
		lines := runReaderWatched(t, strings.NewReader(strings.Join(input, "\n")+"\n"), input, 1)
		quit := false
		for _, l := range input {
			if f := strings.Fields(l); len(f) > 0 && f[0] == "quit" {
				quit = true
			}
		}
		if !quit {
			checkOneBestPerGo(t, input, lines)
		}
	})
}

// tame keeps a fuzzed command cheap: tiny searches, perft and bench, a
// small hash, few threads.
func tame(l string) string {
	f := strings.Fields(l)
	if len(f) == 0 {
		return l
	}
	lower := strings.ToLower(l)
	switch {
	case f[0] == "go" && (len(f) < 2 || f[1] != "perft"):
		for i, w := range f {
			if _, err := strconv.Atoi(w); err == nil {
				f[i] = "0"
			}
		}
		return strings.Join(f, " ") + " depth 1"
	case f[0] == "bench":
		return "d" // bench searches fixed positions, slow at any depth; the storm test has it
	case f[0] == "go" || f[0] == "perft":
		for i, w := range f {
			if n, err := strconv.Atoi(w); err == nil && n > 2 {
				f[i] = "2"
			}
		}
		return strings.Join(f, " ")
	case f[0] == "setoption" && (strings.Contains(lower, "hash") || strings.Contains(lower, "thread")):
		return strings.Join(f[:len(f)-1], " ") + " 1"
	}
	return l
}
