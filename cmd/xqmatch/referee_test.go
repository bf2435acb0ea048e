package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The test binary doubles as a fake engine that logs every command it gets.
func TestMain(m *testing.M) {
	if logPath := os.Getenv("XQMATCH_FAKE_ENGINE_LOG"); logPath != "" {
		fakeEngine(logPath)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fakeEngine(logPath string) {
	log, err := os.Create(logPath)
	if err != nil {
		os.Exit(1)
	}
	defer log.Close()
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		line := in.Text()
		fmt.Fprintln(log, line)
		switch {
		case line == "uci":
			fmt.Println("uciok")
		case line == "ucci":
			fmt.Println("ucciok")
		case line == "isready":
			fmt.Println("readyok")
		case strings.HasPrefix(line, "go"):
			fmt.Println("bestmove f5f4")
		case line == "quit":
			return
		}
	}
}

// Before asking for a move in a position where checking again would lose by
// perpetual check, the match tool bans that move: with banmoves over UCCI,
// with searchmoves of the other legal moves over UCI.
func TestForbiddenMovesReachTheEngine(t *testing.T) {
	const fen = "5k3/9/9/9/4R4/9/9/9/9/3K5 w - - 0 1"
	o := opening{fen: fen, moves: strings.Fields("e5f5 f9e9 f5e5 e9f9 e5f5 f9e9")}
	for _, ucci := range []bool{true, false} {
		logPath := filepath.Join(t.TempDir(), "engine.log")
		t.Setenv("XQMATCH_FAKE_ENGINE_LOG", logPath)
		e, err := startEngine(os.Args[0]+" -test.run=^$", "", ucci)
		if err != nil {
			t.Fatal(err)
		}
		// The fake answers f5f4 (a rook retreat) to everything: one move, then the ply limit.
		_, plies, err := playGame(o, e, e, limit{movetime: 10 * time.Millisecond}, 7)
		e.close()
		if err != nil {
			t.Fatal(err)
		}
		if plies != 7 {
			t.Fatalf("ucci=%v: game ended after %d plies, want the fake's one move", ucci, plies)
		}
		data, err := os.ReadFile(logPath)
		if err != nil {
			t.Fatal(err)
		}
		got := string(data)
		if ucci {
			if !strings.Contains(got, "\nbanmoves f5e5\n") || !strings.Contains(got, "go time 10 movestogo 1\n") {
				t.Fatalf("UCCI engine was not told to avoid f5e5:\n%s", got)
			}
			continue
		}
		goLine := ""
		for _, l := range strings.Split(got, "\n") {
			if strings.HasPrefix(l, "go ") {
				goLine = l
			}
		}
		moves := strings.Fields(strings.TrimPrefix(goLine, "go movetime 10 searchmoves "))
		if !strings.HasPrefix(goLine, "go movetime 10 searchmoves ") || len(moves) < 10 || strings.Contains(goLine, "f5e5") {
			t.Fatalf("UCI engine was not limited to the other moves: %q", goLine)
		}
	}
}
