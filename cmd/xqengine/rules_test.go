package main

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
	for _, tc := range []struct {
		proto, set string
		repeat     bool
	}{
		{"uci", "", true},
		{"uci", "setoption name Rules value asian", true},
		{"uci", "setoption name Rules value chinese", false},
		{"ucci", "setoption rules chinese", false},
		{"ucci", "setoption rules asian", true},
	} {
		lines := session(t, tc.proto, "setoption name OwnBook value false", "setoption usebook false", tc.set, pos, "go depth 4", "isready", "quit")
		best := lineWith(lines, "bestmove ")
		if best == "" || strings.HasPrefix(best, "bestmove f5a5") != tc.repeat {
			t.Errorf("%s %q: %q, want repeating with f5a5: %v", tc.proto, tc.set, best, tc.repeat)
		}
		if l := lineWith(lines, "info string error"); l != "" {
			t.Errorf("%s %q: %s", tc.proto, tc.set, l)
		}
	}
	if l := session(t, "uci", "setoption name Rules value fide", "quit"); lineWith(l, "info string error: setoption Rules") == "" {
		t.Errorf("bad rule set accepted: %q", l)
	}
	if l := session(t, "uci", "quit"); lineWith(l, "option name Rules type combo") == "" {
		t.Errorf("UCI handshake does not offer Rules: %q", l)
	}
	if l := session(t, "ucci", "quit"); lineWith(l, "option rules type combo") == "" {
		t.Errorf("UCCI handshake does not offer rules: %q", l)
	}
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
		lines := session(t, tc.proto, tc.set, pos, "go depth 5", "isready", "quit")
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
	if l := session(t, "uci", "setoption name MoveLimit value 5", "quit"); lineWith(l, "info string error: setoption MoveLimit") == "" {
		t.Errorf("move limit 5 accepted: %q", l)
	}
	if l := session(t, "uci", "quit"); lineWith(l, "option name MoveLimit type spin") == "" {
		t.Errorf("UCI handshake does not offer MoveLimit: %q", l)
	}
	if l := session(t, "ucci", "quit"); lineWith(l, "option movelimit type spin") == "" {
		t.Errorf("UCCI handshake does not offer movelimit: %q", l)
	}
}

// The OpponentMayChase option: a referee that judges only some chases
// (UCCILEAG) tells the engine so. In this league position (see
// engine.TestSearchOpponentMayChase) g4i2 repeats while Black's cannon
// chases the rook on g3: a win by the rules by default, only a draw when
// the opponent may chase, so the engine plays on instead.
func TestOpponentMayChaseOption(t *testing.T) {
	const pos = "position fen 3akab2/9/n3b1c2/4p4/r8/2P1P1B2/P5R1P/2N1B1N2/4A4/3AK4 w - - 1 25 moves g4i2 e7g5 i2g4 g5e7"
	for _, tc := range []struct {
		proto, set string
		repeat     bool
	}{
		{"uci", "", true},
		{"uci", "setoption name OpponentMayChase value true", false},
		{"uci", "setoption name OpponentMayChase value false", true},
		{"ucci", "setoption opponentmaychase true", false},
		{"ucci", "", true},
	} {
		lines := session(t, tc.proto, "setoption name OwnBook value false", "setoption usebook false", tc.set, pos, "go depth 6", "isready", "quit")
		best := lineWith(lines, "bestmove ")
		if best == "" || strings.HasPrefix(best, "bestmove g4i2") != tc.repeat {
			t.Errorf("%s %q: %q, want repeating with g4i2: %v", tc.proto, tc.set, best, tc.repeat)
		}
		if l := lineWith(lines, "info string error"); l != "" {
			t.Errorf("%s %q: %s", tc.proto, tc.set, l)
		}
	}
	if l := session(t, "ucci", "setoption opponentmaychase maybe", "quit"); lineWith(l, "info string error: setoption opponentmaychase") == "" {
		t.Errorf("bad value accepted: %q", l)
	}
	if l := session(t, "uci", "quit"); lineWith(l, "option name OpponentMayChase type check default false") == "" {
		t.Errorf("UCI handshake does not offer OpponentMayChase: %q", l)
	}
	if l := session(t, "ucci", "quit"); lineWith(l, "option opponentmaychase type check default false") == "" {
		t.Errorf("UCCI handshake does not offer opponentmaychase: %q", l)
	}
}
