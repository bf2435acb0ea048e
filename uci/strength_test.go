package uci

import (
	"fmt"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/engine"
)

// Both handshakes offer the strength limit with its range, in their own
// syntax.
func TestStrengthOptionsAnnounced(t *testing.T) {
	uci := talk(t, "uci", "quit")
	for _, want := range []string{
		"option name UCI_LimitStrength type check default false",
		fmt.Sprintf("option name UCI_Elo type spin default %d min %d max %d", defaultElo, engine.MinElo, engine.MaxElo),
	} {
		if lineWith(uci, want) != want {
			t.Errorf("UCI handshake lacks %q: %q", want, uci)
		}
	}
	ucci := talk(t, "ucci", "quit")
	for _, want := range []string{
		"option uci_limitstrength type check default false",
		fmt.Sprintf("option uci_elo type spin min %d max %d default %d", engine.MinElo, engine.MaxElo, defaultElo),
	} {
		if lineWith(ucci, want) != want {
			t.Errorf("UCCI handshake lacks %q: %q", want, ucci)
		}
	}
}

// deepest returns the depth of the last info line.
func deepest(t *testing.T, lines []string) string {
	t.Helper()
	depth := ""
	for _, l := range lines {
		if f := strings.Fields(l); len(f) > 2 && f[0] == "info" && f[1] == "depth" {
			depth = f[2]
		}
	}
	if lineWith(lines, "bestmove ") == "" {
		t.Fatalf("no bestmove: %q", lines)
	}
	return depth
}

// limitedDepth tells whether a search stopped where the bottom of the scale
// stops: two plies, or one on a careless move.
func limitedDepth(depth string) bool { return depth == "2" || depth == "1" }

// The rating counts only while the limit is on; at the bottom of the scale
// the engine looks two plies ahead (one on a careless move).
func TestStrengthOptionsLimitTheSearch(t *testing.T) {
	const pos, goDepth = "position startpos moves h2e2 h9g7", "go depth 5"
	for _, tc := range []struct {
		name string
		cmds []string
		want string
	}{
		{"no limit", []string{"uci"}, "5"},
		{"rating alone", []string{"uci", "setoption name UCI_Elo value 600"}, "5"},
		{"UCI limit", []string{"uci", "setoption name UCI_Elo value 600", "setoption name UCI_LimitStrength value true"}, "limited"},
		{"limit then off", []string{"uci", "setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 600",
			"setoption name UCI_LimitStrength value false"}, "5"},
		{"UCCI limit", []string{"ucci", "setoption uci_limitstrength true", "setoption uci_elo 600"}, "limited"},
	} {
		cmds := append(append([]string{"setoption name OwnBook value false"}, tc.cmds...), pos, goDepth)
		lines := talk(t, cmds...)
		if got := deepest(t, lines); got != tc.want && !(tc.want == "limited" && limitedDepth(got)) {
			t.Errorf("%s: searched to depth %s, want %s", tc.name, got, tc.want)
		}
		if l := lineWith(lines, "info string error"); l != "" {
			t.Errorf("%s: %s", tc.name, l)
		}
	}
}

// Bad values are refused with a reason and change nothing.
func TestStrengthOptionErrors(t *testing.T) {
	for _, bad := range []string{
		"setoption name UCI_Elo value 10",
		"setoption name UCI_Elo value 99999",
		"setoption name UCI_Elo value strong",
		"setoption name UCI_LimitStrength value maybe",
		"setoption uci_elo",
	} {
		lines := talk(t, "uci", "setoption name OwnBook value false", "setoption name UCI_LimitStrength value true",
			"setoption name UCI_Elo value 600", bad, "position startpos", "go depth 4")
		if lineWith(lines, "info string error: setoption") == "" {
			t.Errorf("%q accepted: %q", bad, lines)
		}
		if got := deepest(t, lines); !limitedDepth(got) {
			t.Errorf("after %q the search reached depth %s: the limit was lost", bad, got)
		}
	}
}
