package uci

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// A go without a bound the search can reach (none at all, zeros, a depth
// or mate beyond the engine's iterations) searches until stop, as go
// infinite does; at the end of the input nobody is left to send stop, so it
// ends there and answers (issue 35, item 19).
func TestUnboundedGoEndsAtEndOfInput(t *testing.T) {
	for _, cmd := range []string{"go", "go depth 0", "go movetime 0", "go nodes 0", "go depth 1000", "go mate 500", "go searchmoves h2e2 b2e2"} {
		t.Run(cmd, func(t *testing.T) {
			input := []string{"uci", "setoption name OwnBook value false", "position startpos", cmd}
			lines := runWatched(t, input, 1)
			checkOneBestPerGo(t, input, lines)
		})
	}
}

// A bounded go still runs to its bound after the end of input: `go depth 3`
// reports depth 3 before its bestmove.
func TestBoundedGoFinishesAfterEndOfInput(t *testing.T) {
	lines := runWatched(t, []string{"uci", "setoption name OwnBook value false", "position startpos", "go depth 3"}, 1)
	if lineWith(lines, "info depth 3 ") == "" || lineWith(lines, "bestmove ") == "" {
		t.Fatalf("go depth 3 at the end of input: %q", lines)
	}
}

// waitFor polls the session's output for text under the watchdog.
func waitFor(t *testing.T, out func() string, text string) {
	t.Helper()
	deadline := time.Now().Add(watchdog)
	for !strings.Contains(out(), text) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in time: %q", text, out())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// perft runs like a search: isready is answered while it counts, stop ends
// it with the root moves counted so far and no total, and a deferred
// command runs after it (perft 9 from the start takes hours).
func TestPerftAnswersIsReadyAndStop(t *testing.T) {
	send, out, finish := runLive(t)
	send("position startpos")
	send("go perft 9")
	send("d")
	send("isready")
	waitFor(t, out, "readyok")
	send("stop")
	waitFor(t, out, "info string perft depth 9 stopped")
	send("perft 1")
	finish()
	// Only perft 1 prints a total; d ran at once, during the perft.
	if strings.Count(out(), "Nodes searched: ") != 1 || !strings.Contains(out(), "Nodes searched: 44\n") || !strings.Contains(out(), "Fen: ") {
		t.Fatalf("want d, a stopped perft 9 without a total, then perft 1: %q", out())
	}
}

// quit during a perft ends the session.
func TestQuitDuringPerft(t *testing.T) {
	lines := runWatched(t, []string{"ucci", "position startpos", "perft 9", "isready", "quit"}, 1)
	if !slices.Contains(lines, "readyok") || lines[len(lines)-1] != "bye" {
		t.Fatalf("quit during perft 9: %q", lines)
	}
}

// A perft the input leaves running finishes after the end of input, as a
// bounded search does.
func TestPerftFinishesAfterEndOfInput(t *testing.T) {
	lines := runWatched(t, []string{"position startpos", "go perft 3"}, 1)
	if !slices.Contains(lines, "Nodes searched: 79666") {
		t.Fatalf("perft 3 at the end of input: %q", lines)
	}
}

// A book file that is a device (it never ends) is refused before it is read.
func TestBookFileThatIsNoFileIsRefused(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	lines := runWatched(t, []string{"uci", "setoption name BookFile value /dev/zero", "isready"}, 1)
	errLine := lineWith(lines, "info string error: setoption BookFile")
	if !strings.Contains(errLine, "not a regular file") || !slices.Contains(lines, "readyok") {
		t.Fatalf("BookFile /dev/zero: %q", lines)
	}
}

// Setting Hash allocates the table then, not in the next search's time.
func TestHashIsAllocatedWhenSet(t *testing.T) {
	for _, first := range []bool{true, false} {
		c := newSession(testEngine, &bytes.Buffer{})
		if !first {
			c.searcher.engine() // a searcher already made with the default size
		}
		c.searcher.setOption([]string{"name", "Hash", "value", "3"})
		if c.searcher.searcher == nil || c.searcher.searcher.Options().HashMB != 3 {
			t.Fatalf("searcher made before: %v; after setoption Hash 3 the table is not allocated", !first)
		}
	}
}

// A command line too long to keep is refused with an info string and the
// session goes on.
func TestOverlongLineIsRefused(t *testing.T) {
	in := strings.Repeat("position startpos moves ", 100_000) + "\r\nisready\r\n" + "go perft 1"
	var out bytes.Buffer
	if err := serve(strings.NewReader(in), &out); err != nil {
		t.Fatalf("session ended with %v", err)
	}
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	refused := lineWith(lines, "info string error: ")
	if !strings.Contains(refused, "longer than") || len(refused) > 200 ||
		!slices.Contains(lines, "readyok") || !slices.Contains(lines, "Nodes searched: 44") {
		t.Fatalf("a line of %d bytes, then isready: %q", len(in), lines)
	}
}

// After more than 10,000 moves, the FEN that d prints is one position fen
// takes: the counters are bounded the same way on both sides.
func TestDisplayedFENIsAccepted(t *testing.T) {
	shuffle := []string{"b0c2", "b9c7", "c2b0", "c7b9"}
	var moves []string
	for len(moves) < 20010 {
		moves = append(moves, shuffle...)
	}
	lines := talk(t, "position startpos moves "+strings.Join(moves, " "), "d")
	fen := strings.TrimPrefix(lineWith(lines, "Fen: "), "Fen: ")
	if fen == "" || lineWith(lines, "info string error") != "" {
		t.Fatalf("position after %d moves: %q", len(moves), lines)
	}
	again := talk(t, "position fen "+fen, "d")
	if e := lineWith(again, "info string error"); e != "" || lineWith(again, "Fen: ") != "Fen: "+fen {
		t.Fatalf("d printed %q; position fen of it: %q", fen, again)
	}
}
