package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/uci"
)

// The test binary doubles as the engine: with XQENGINE_TEST_SERVE set it
// runs main instead of the tests.
func TestMain(m *testing.M) {
	if os.Getenv("XQENGINE_TEST_SERVE") != "" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// The command, as a process on stdin/stdout, shakes hands in both
// protocols under its own name and answers a timed search with a legal
// move; the protocol package's client drives it as xqmatch does.
func TestCommandPlaysOverBothProtocols(t *testing.T) {
	t.Setenv("XQENGINE_TEST_SERVE", "1")
	for _, p := range []uci.Protocol{uci.UCI, uci.UCCI} {
		c, err := uci.Start(os.Args[0]+" -test.run=^$", p)
		if err != nil {
			t.Fatal(err)
		}
		if c.EngineName() != "xqengine" || !c.Offers("usebook") && !c.Offers("OwnBook") {
			t.Fatalf("%s: handshake offered %+v", p, c.Options())
		}
		if err := c.IsReady(); err != nil {
			t.Fatal(err)
		}
		b, err := c.Go(uci.Request{FEN: rules.StartFEN, Moves: []string{"h2e2"}, Side: rules.Black, MoveTime: 50 * time.Millisecond})
		c.Close()
		if err != nil {
			t.Fatal(err)
		}
		pos := rules.NewPosition()
		pos.MakeMove(rules.NewMove(rules.Sq(7, 2), rules.Sq(4, 2)))
		m, err := rules.ParseMove(b.Move)
		if err != nil || !pos.IsLegal(m) {
			t.Fatalf("%s: answered %+v", p, b)
		}
	}
}

// Through the command's own stdin: a refused go (a negative move time) is
// answered at once with the reason and bestmove (none), before the isready
// sent after it, and a refused position leaves no position to play from.
func TestCommandAnswersRefusedGo(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "XQENGINE_TEST_SERVE=1")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(in, "uci\nposition startpos\ngo movetime -5\nposition startpos moves z\ngo depth 1\nisready\n")
	sc := bufio.NewScanner(out)
	var got []string
	for sc.Scan() && sc.Text() != "readyok" {
		got = append(got, sc.Text())
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	n := len(got)
	if n < 5 || got[n-1] != "bestmove (none)" || !strings.HasPrefix(got[n-2], "info string error: go: no position") ||
		got[n-4] != "bestmove (none)" || !strings.HasPrefix(got[n-5], "info string error: go movetime") {
		t.Fatalf("answers %q", got)
	}
}
