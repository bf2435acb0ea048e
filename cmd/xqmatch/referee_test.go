package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/uci"
)

// The test binary doubles as a fake engine that logs every command it gets.
func TestMain(m *testing.M) {
	if logPath := os.Getenv("XQMATCH_FAKE_ENGINE_LOG"); logPath != "" {
		fakeEngine(logPath)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeEngine answers the protocol as XQMATCH_FAKE_MODE says: by default
// "bestmove f5f4" to every go; "legal" plays the first legal move; "sleep"
// does so after 300 ms; "nobestmove" claims a draw at every move;
// "resign" resigns; "draw" plays the first legal move and offers a draw;
// "movelimit" announces a MoveLimit option and plays the first legal move;
// "score:N" plays the first legal move after an info line with score N.
func fakeEngine(logPath string) {
	log, err := os.Create(logPath)
	if err != nil {
		os.Exit(1)
	}
	defer log.Close()
	mode := os.Getenv("XQMATCH_FAKE_MODE")
	pos := rules.NewPosition()
	in := bufio.NewScanner(os.Stdin)
	ucci := false
	for in.Scan() {
		line := in.Text()
		fmt.Fprintln(log, line)
		switch {
		case line == "uci":
			if mode == "movelimit" {
				fmt.Println("option name MoveLimit type spin default 120 min 20 max 1000")
			}
			fmt.Println("uciok")
		case line == "ucci":
			ucci = true
			if mode == "movelimit" {
				fmt.Println("option movelimit type spin min 20 max 1000 default 120")
			}
			fmt.Println("ucciok")
		case line == "isready":
			fmt.Println("readyok")
		case strings.HasPrefix(line, "position fen "):
			pos = fakePosition(strings.TrimPrefix(line, "position fen "))
		case strings.HasPrefix(line, "go"):
			first := "f5f4"
			if legal := pos.LegalMoves(); len(legal) > 0 && mode != "" {
				first = legal[0].String()
			}
			if score, ok := strings.CutPrefix(mode, "score:"); ok {
				if ucci {
					fmt.Println("info depth 5 score " + score + " pv " + first)
				} else {
					fmt.Println("info depth 5 score cp " + score + " pv " + first)
				}
			}
			switch mode {
			case "":
				fmt.Println("bestmove f5f4")
			case "sleep":
				time.Sleep(300 * time.Millisecond)
				fmt.Println("bestmove " + first)
			case "nobestmove":
				fmt.Println("nobestmove")
			case "resign":
				fmt.Println("bestmove " + first + " resign")
			case "draw":
				fmt.Println("bestmove " + first + " draw")
			default:
				fmt.Println("bestmove " + first)
			}
		case line == "quit":
			return
		}
	}
}

// fakePosition reads "<FEN> [moves m1 m2 ...]".
func fakePosition(text string) *rules.Position {
	fen, moves, _ := strings.Cut(text, " moves ")
	p, err := rules.ParseFEN(fen)
	if err != nil {
		return rules.NewPosition()
	}
	for _, m := range strings.Fields(moves) {
		if mv, err := rules.ParseMove(m); err == nil && p.IsLegal(mv) {
			p.MakeMove(mv)
		}
	}
	return p
}

// protocol is UCCI when ucci is set, else UCI.
func protocol(ucci bool) uci.Protocol {
	if ucci {
		return uci.UCCI
	}
	return uci.UCI
}

// startFake starts the test binary as a fake engine in the given mode and
// returns it with the path of its command log.
func startFake(t *testing.T, mode string, ucci bool) (*player, string) {
	t.Helper()
	logPath := filepath.Join(t.TempDir(), "engine-"+mode+".log")
	t.Setenv("XQMATCH_FAKE_ENGINE_LOG", logPath)
	t.Setenv("XQMATCH_FAKE_MODE", mode)
	e, err := startPlayer(os.Args[0]+" -test.run=^$", "", protocol(ucci))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e, logPath
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
		e, err := startPlayer(os.Args[0]+" -test.run=^$", "", protocol(ucci))
		if err != nil {
			t.Fatal(err)
		}
		// The fake answers f5f4 (a rook retreat) to everything: one move, then the ply limit.
		p, err := playGame(o, e, e, settings{lim: limit{movetime: 10 * time.Millisecond}, maxPlies: 7})
		e.Close()
		if err != nil {
			t.Fatal(err)
		}
		if p.plies != 7 {
			t.Fatalf("ucci=%v: game ended after %d plies, want the fake's one move", ucci, p.plies)
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

func readLog(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The referee judges by the rule set of the match: one check, one chase is
// allowed under the Asian rules and banned under the Chinese ones.
func TestRefereeFollowsRuleSet(t *testing.T) {
	const fen = "5k3/c3a4/9/9/R8/9/9/9/9/3K5 w - - 0 1"
	o := opening{fen: fen, moves: strings.Fields("a5f5 e8f7 f5a5 f7e8 a5f5 e8f7")}
	for _, rules := range game.RuleSets() {
		logPath := filepath.Join(t.TempDir(), "engine.log")
		t.Setenv("XQMATCH_FAKE_ENGINE_LOG", logPath)
		e, err := startPlayer(os.Args[0]+" -test.run=^$", "", uci.UCCI)
		if err != nil {
			t.Fatal(err)
		}
		_, err = playGame(o, e, e, settings{lim: limit{movetime: 10 * time.Millisecond}, maxPlies: 7, rules: rules})
		e.Close()
		if err != nil {
			t.Fatal(err)
		}
		banned := strings.Contains(readLog(t, logPath), "\nbanmoves f5a5\n")
		if want := rules == game.ChineseRules; banned != want {
			t.Errorf("%v rules: f5a5 banned %v, want %v:\n%s", rules, banned, want, readLog(t, logPath))
		}
	}
}

// An engine that announces a MoveLimit option is told the referee's
// no-capture limit in its protocol's form; one that does not is not.
func TestMoveLimitReachesEnginesThatAskForIt(t *testing.T) {
	for _, tc := range []struct {
		mode string
		ucci bool
		want string
	}{
		{"movelimit", false, "setoption name MoveLimit value 100"},
		{"movelimit", true, "setoption movelimit 100"},
		{"legal", false, ""},
		{"legal", true, ""},
	} {
		e, logPath := startFake(t, tc.mode, tc.ucci)
		e.Close()
		data, err := os.ReadFile(logPath)
		if err != nil {
			t.Fatal(err)
		}
		sent := strings.Contains(strings.ToLower(string(data)), "movelimit")
		if tc.want == "" && sent || tc.want != "" && !strings.Contains(string(data), tc.want+"\n") {
			t.Errorf("mode %s ucci=%v: engine got %q, want the line %q", tc.mode, tc.ucci, data, tc.want)
		}
	}
}
