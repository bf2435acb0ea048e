package main

import (
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
