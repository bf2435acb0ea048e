package uci

import (
	"strconv"
	"strings"
	"testing"
)

// The Rules option decides how the search scores a repetition: in this
// position (see engine.TestSearchScoresRepetitionByRules) f5a5 repeats with
// one check and one chase, a draw Red wants under the Asian rules and a
// loss under the Chinese ones. Both protocols set it, and the handshakes
// announce it.
func TestRulesOption(t *testing.T) {
	const pos = "position fen 5k1rr/c3a4/9/9/R8/9/9/9/9/3K5 w - - 0 1 moves a5f5 e8f7 f5a5 f7e8 a5f5 e8f7"
	checkRepeats(t, pos, 4, "f5a5", []repeatCase{
		{"uci", "", true},
		{"uci", "setoption name Rules value asian", true},
		{"uci", "setoption name Rules value chinese", false},
		{"ucci", "setoption rules chinese", false},
		{"ucci", "setoption rules asian", true},
	})
	checkOption(t, optionCheck{"uci", "setoption name Rules value fide", "info string error: setoption Rules",
		"option name Rules type combo", "option rules type combo"})
}

// The MoveLimit option tells the engine when the referee draws for want of
// captures: a rook up with 99 plies gone and nothing to take is a win under
// the default 120-ply limit and a draw under a 100-ply one.
func TestMoveLimitOption(t *testing.T) {
	const pos = "position fen 3aka3/9/9/9/9/R8/9/9/9/3K5 w - - 99 60"
	for _, tc := range []struct {
		proto, set string
		draw       bool
	}{
		{"uci", "", false},
		{"uci", "setoption name MoveLimit value 100", true},
		{"ucci", "setoption movelimit 100", true},
		{"ucci", "setoption movelimit 120", false},
	} {
		lines := talk(t, tc.proto, tc.set, pos, "go depth 5", "isready", "quit")
		var score int
		found := false
		for _, l := range lines {
			f := strings.Fields(l)
			for i := 0; i+2 < len(f); i++ {
				if f[0] == "info" && f[i] == "score" && f[i+1] == "cp" {
					score, _ = strconv.Atoi(f[i+2])
					found = true
				} else if f[0] == "info" && f[i] == "score" && f[i+1] != "mate" {
					if n, err := strconv.Atoi(f[i+1]); err == nil { // UCCI: score N
						score, found = n, true
					}
				}
			}
		}
		if !found || (score < 50) != tc.draw {
			t.Errorf("%s %q: last score %d (found %v), want a draw: %v; %q", tc.proto, tc.set, score, found, tc.draw, lines)
		}
	}
	checkOption(t, optionCheck{"uci", "setoption name MoveLimit value 5", "info string error: setoption MoveLimit",
		"option name MoveLimit type spin", "option movelimit type spin"})
}

// The OpponentMayChase option: a referee that judges only some chases
// (UCCILEAG) tells the engine so. In this league position (see
// engine.TestSearchOpponentMayChase) g4i2 repeats while Black's cannon
// chases the rook on g3: a win by the rules by default, only a draw when
// the opponent may chase, so the engine plays on instead.
func TestOpponentMayChaseOption(t *testing.T) {
	const pos = "position fen 3akab2/9/n3b1c2/4p4/r8/2P1P1B2/P5R1P/2N1B1N2/4A4/3AK4 w - - 1 25 moves g4i2 e7g5 i2g4 g5e7"
	checkRepeats(t, pos, 6, "g4i2", []repeatCase{
		{"uci", "", true},
		{"uci", "setoption name OpponentMayChase value true", false},
		{"uci", "setoption name OpponentMayChase value false", true},
		{"ucci", "setoption opponentmaychase true", false},
		{"ucci", "", true},
	})
	checkOption(t, optionCheck{"ucci", "setoption opponentmaychase maybe", "info string error: setoption opponentmaychase",
		"option name OpponentMayChase type check default false", "option opponentmaychase type check default false"})
}

// repeatCase is one session of checkRepeats: a setoption line (or none) in
// a protocol, and whether the engine should then play the repeating move.
type repeatCase struct {
	proto, set string
	repeat     bool
}

// checkRepeats searches pos to depth in each case's session and checks
// whether the engine answers with the move repeat, and that no option
// line was refused.
func checkRepeats(t *testing.T, pos string, depth int, repeat string, cases []repeatCase) {
	t.Helper()
	for _, tc := range cases {
		lines := talk(t, tc.proto, "setoption name OwnBook value false", "setoption usebook false", tc.set, pos,
			"go depth "+strconv.Itoa(depth), "isready", "quit")
		best := lineWith(lines, "bestmove ")
		if best == "" || strings.HasPrefix(best, "bestmove "+repeat) != tc.repeat {
			t.Errorf("%s %q: %q, want repeating with %s: %v", tc.proto, tc.set, best, repeat, tc.repeat)
		}
		if l := lineWith(lines, "info string error"); l != "" {
			t.Errorf("%s %q: %s", tc.proto, tc.set, l)
		}
	}
}

// optionCheck names an option's lines for checkOption: a setoption line
// with a bad value (sent in proto) and the start of the error it must
// bring, and the start of the option's line in each handshake.
type optionCheck struct {
	proto, badSet, wantError string
	uciLine, ucciLine        string
}

// checkOption checks that a bad value is refused with an error naming the
// option and that both handshakes offer it.
func checkOption(t *testing.T, c optionCheck) {
	t.Helper()
	if l := talk(t, c.proto, c.badSet, "quit"); lineWith(l, c.wantError) == "" {
		t.Errorf("%q accepted without %q: %q", c.badSet, c.wantError, l)
	}
	if l := talk(t, "uci", "quit"); lineWith(l, c.uciLine) == "" {
		t.Errorf("UCI handshake lacks %q: %q", c.uciLine, l)
	}
	if l := talk(t, "ucci", "quit"); lineWith(l, c.ucciLine) == "" {
		t.Errorf("UCCI handshake lacks %q: %q", c.ucciLine, l)
	}
}
