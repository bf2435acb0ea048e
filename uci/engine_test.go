package uci

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// testEngine is the engine under test, named as the xqengine command names it.
var testEngine = Engine{Name: "xqengine", Author: "the xqfyne authors"}

// serve runs a session of the engine under test.
func serve(in io.Reader, out io.Writer) error { return testEngine.Serve(in, out) }

// serveWithHash runs a session with a hash table of hashMB (small for fuzzing).
func serveWithHash(in io.Reader, out io.Writer, hashMB int) error {
	e := testEngine
	e.HashMB = hashMB
	return e.Serve(in, out)
}

// talk feeds the commands to the engine and returns its output lines.
func talk(t *testing.T, commands ...string) []string {
	t.Helper()
	var out bytes.Buffer
	if err := serve(strings.NewReader(strings.Join(commands, "\n")+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
}

func TestUCIHandshake(t *testing.T) {
	lines := talk(t, "uci", "isready", "quit")
	if !strings.HasPrefix(lines[0], "id name ") || !slices.Contains(lines, "uciok") || !slices.Contains(lines, "readyok") {
		t.Fatalf("handshake: %q", lines)
	}
	if slices.Contains(lines, "bye") {
		t.Fatal("UCI quit must not print bye")
	}
}

func TestUCCIHandshake(t *testing.T) {
	lines := talk(t, "ucci", "quit")
	if !slices.Contains(lines, "ucciok") || !slices.Contains(lines, "option usemillisec type check default false") {
		t.Fatalf("handshake: %q", lines)
	}
	if lines[len(lines)-1] != "bye" {
		t.Fatalf("UCCI quit must answer bye, got %q", lines[len(lines)-1])
	}
}

// perft runs to its end after the end of input (quit would stop it).
func TestGoPerftDivide(t *testing.T) {
	lines := talk(t, "position startpos", "go perft 3")
	if !slices.Contains(lines, "Nodes searched: 79666") {
		t.Fatalf("perft 3 total missing: %q", lines)
	}
	moves := 0
	for _, l := range lines {
		if len(l) > 6 && l[4] == ':' {
			moves++
		}
	}
	if moves != 44 {
		t.Fatalf("%d divide lines, want 44", moves)
	}
}

func TestPositionWithMovesAndDisplay(t *testing.T) {
	lines := talk(t, "position startpos moves h2e2 h9g7", "d", "quit")
	want := "Fen: rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
	if !slices.Contains(lines, want) {
		t.Fatalf("display after moves: %q", lines)
	}
	lines = talk(t, "position fen 4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1 moves a7e7", "d", "quit")
	if !slices.Contains(lines, "Fen: 4k4/9/4R4/9/9/9/9/9/9/3K5 b - - 1 1") || !slices.Contains(lines, "Checkers: side to move is in check") {
		t.Fatalf("fen with moves: %q", lines)
	}
}

// Bad input prints an error for each line; a refused position command
// leaves no position (TestRefusedPositionLeavesNoPosition) and the next
// accepted one is played from.
func TestBadInputIsRefused(t *testing.T) {
	lines := talk(t,
		"position startpos moves h2e2",
		"position fen rnbakabnr/9/1c5c1 w",
		"position startpos moves h2e2 h9h5",
		"position startpos moves zz99",
		"position sideways",
		"go perft x",
		"frobnicate",
		"position startpos moves h2e2",
		"d", "quit")
	errors := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "info string error: ") {
			errors++
		}
	}
	if errors != 6 {
		t.Fatalf("%d error lines, want 6: %q", errors, lines)
	}
	if !slices.Contains(lines, "Fen: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1") {
		t.Fatalf("the accepted position was not set: %q", lines)
	}
}

// TestGoAnswersLegalMoveRespectingBans plays the engine against itself for a
// while, banning a move each turn, and checks every answer.
func TestGoAnswersLegalMoveRespectingBans(t *testing.T) {
	p := rules.NewPosition()
	var played []string
	for ply := 0; ply < 30 && !p.IsMate(); ply++ {
		legal := p.LegalMoves()
		ban := legal[ply%len(legal)]
		cmd := "position startpos"
		if len(played) > 0 {
			cmd += " moves " + strings.Join(played, " ")
		}
		lines := talk(t, "ucci", cmd, "banmoves "+ban.String(), "go depth 1")
		var best string
		for _, l := range lines {
			if strings.HasPrefix(l, "bestmove ") {
				best = strings.Fields(l)[1]
			}
		}
		if len(legal) == 1 {
			// The only legal move is banned: the engine has nothing to play
			// and says so; the game goes on with that move.
			if best != "" || !slices.Contains(lines, "nobestmove") {
				t.Fatalf("ply %d: only move %s banned, engine answered %q", ply, ban, lines)
			}
			p.MakeMove(ban)
			played = append(played, ban.String())
			continue
		}
		m, err := rules.ParseMove(best)
		if err != nil || !p.IsLegal(m) {
			t.Fatalf("ply %d: engine answered %q (%v) in %s", ply, best, err, p.FEN())
		}
		if m == ban {
			t.Fatalf("ply %d: engine played banned move %s", ply, ban)
		}
		p.MakeMove(m)
		played = append(played, best)
	}
}

// isready during an infinite search answers at once and leaves the search
// running until stop.
func TestIsReadyDuringInfiniteSearch(t *testing.T) {
	lines := talk(t, "uci", "position startpos", "go infinite", "isready", "stop", "quit")
	ready, best := -1, -1
	for i, l := range lines {
		if l == "readyok" {
			ready = i
		}
		if strings.HasPrefix(l, "bestmove ") {
			best = i
		}
	}
	if ready < 0 || best < 0 || ready > best {
		t.Fatalf("want readyok before the bestmove that stop produces: %q", lines)
	}
}

// When every legal move is banned the engine has no move to give (the
// position CI once reached in the self-play test above).
func TestAllLegalMovesBanned(t *testing.T) {
	const fen = "4kabr1/4a4/4b1nc1/p1n1p1pRp/2p6/3N2B2/P3P3P/1C2C1N2/1R2A4/2r1KA3 w - - 0 15"
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	legal := p.LegalMoves()
	var all []string
	for _, m := range legal {
		all = append(all, m.String())
	}
	lines := talk(t, "ucci", "position fen "+fen, "banmoves "+strings.Join(all, " "), "go depth 3")
	if !slices.Contains(lines, "nobestmove") || lineWith(lines, "bestmove ") != "" {
		t.Fatalf("all %d legal moves banned, engine answered %q", len(legal), lines)
	}
	lines = talk(t, "ucci", "position fen "+fen, "banmoves "+strings.Join(all[1:], " "), "go depth 3")
	if lineWith(lines, "bestmove "+all[0]) == "" {
		t.Fatalf("one move %s left unbanned, engine answered %q", all[0], lines)
	}
}
