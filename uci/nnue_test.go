package uci

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/nnue/nets"
	"github.com/xqfyne/xiangqi/nnue/train"
)

// writeNet writes a small random net file, as a GUI user would pick one.
func writeNet(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.nnue")
	net, err := train.NewFloatNet(32, 4, 100, rand.New(rand.NewPCG(1, 1))).Quantize("uci test")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, net.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// UseNNUE, on by default, makes the search use the built-in net, or the one
// EvalFile loads (in either order; EvalFile <empty> goes back to the built-in
// net); switched off, or under UCI_LimitStrength, the evaluation is classical.
func TestEvalFileAndUseNNUE(t *testing.T) {
	path := writeNet(t)
	evalOf := func(cmds ...string) string {
		t.Helper()
		lines := talk(t, append(append([]string{"uci"}, cmds...), "bench 2", "go depth 3", "quit")...)
		eval, moved := "", false
		for _, l := range lines {
			if strings.HasPrefix(l, "info string error") {
				t.Errorf("%v: %s", cmds, l)
			}
			if i := strings.Index(l, "evaluation "); i >= 0 && strings.HasPrefix(l, "info string bench") {
				eval = l[i+len("evaluation "):]
			}
			moved = moved || strings.HasPrefix(l, "bestmove ")
		}
		if !moved {
			t.Errorf("%v: no bestmove", cmds)
		}
		return eval
	}
	const builtin = "NNUE " + nets.DefaultName + " built in (H=128, L2=16)"
	cases := []struct {
		cmds []string
		want string
	}{
		{nil, builtin},
		{[]string{"setoption name UseNNUE value false"}, "classical"},
		{[]string{"setoption name UseNNUE value true"}, builtin},
		{[]string{"setoption name UseNNUE value false", "setoption name EvalFile value " + path}, "classical"},
		{[]string{"setoption name EvalFile value " + path}, "NNUE test.nnue (H=32, L2=4)"},
		{[]string{"setoption name UCI_LimitStrength value true"}, "classical"},
		{[]string{"setoption name UCI_LimitStrength value true", "setoption name UCI_LimitStrength value false"}, builtin},
		{[]string{"setoption name EvalFile value " + path, "setoption name UseNNUE value true"}, "NNUE test.nnue (H=32, L2=4)"},
		{[]string{"setoption name UseNNUE value true", "setoption name EvalFile value " + path}, "NNUE test.nnue (H=32, L2=4)"},
		{[]string{"setoption name UseNNUE value true", "setoption name EvalFile value " + path, "setoption name UseNNUE value false"}, "classical"},
		{[]string{"setoption name UseNNUE value true", "setoption name EvalFile value " + path, "setoption name EvalFile value <empty>"}, builtin},
		{[]string{"setoption name EvalFile value " + path, "setoption name EvalFile value <empty>", "setoption name UseNNUE value true"}, builtin},
	}
	for _, c := range cases {
		if got := evalOf(c.cmds...); got != c.want {
			t.Errorf("%v: bench evaluated with %q, want %q", c.cmds, got, c.want)
		}
	}
}

// A file that is not a net is refused with an error naming the problem,
// and the engine goes on with the net it had.
func TestEvalFileRefusesBadFile(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.nnue")
	if err := os.WriteFile(bad, []byte("not a net at all, but long enough to have a header"), 0o644); err != nil {
		t.Fatal(err)
	}
	lines := talk(t, "uci", "setoption name EvalFile value "+writeNet(t), "setoption name EvalFile value "+bad,
		"setoption name UseNNUE value true", "bench 1", "quit")
	var sawError, kept bool
	for _, l := range lines {
		sawError = sawError || strings.HasPrefix(l, "info string error") && strings.Contains(l, "bad magic")
		kept = kept || strings.Contains(l, "evaluation NNUE test.nnue")
	}
	if !sawError || !kept {
		t.Errorf("bad net file: error shown %v, bench with the net loaded before %v:\n%s", sawError, kept, strings.Join(lines, "\n"))
	}
}

// The default, like UseNNUE, searches with the built-in net: on a fixed
// position at a fixed depth it reaches the score and node count of the kept
// net's file loaded by EvalFile, and not those of the classical evaluation.
func TestUseNNUEWithoutEvalFile(t *testing.T) {
	const fen = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKABR1 b - - 0 1"
	search := func(cmds ...string) string {
		t.Helper()
		all := append([]string{"uci", "setoption name OwnBook value false"}, cmds...)
		lines := talk(t, append(all, "position fen "+fen, "go depth 5")...)
		last := ""
		for _, l := range lines {
			if strings.HasPrefix(l, "info string error") {
				t.Errorf("%v: %s", cmds, l)
			}
			if strings.HasPrefix(l, "info depth 5 ") {
				last = l
			}
		}
		// The score and the node count, without the time-dependent fields.
		f := strings.Fields(last)
		var kept []string
		for i := 0; i+1 < len(f); i++ {
			if f[i] == "score" || f[i] == "nodes" {
				kept = append(kept, f[i], f[i+1], f[i+2])
			}
		}
		if len(kept) < 4 {
			t.Fatalf("%v: no depth 5 line with a score and nodes: %q", cmds, last)
		}
		return strings.Join(kept, " ")
	}
	classical := search("setoption name UseNNUE value false")
	builtin := search("setoption name UseNNUE value true")
	if def := search(); def != builtin {
		t.Errorf("by default the search gave %q, with UseNNUE %q", def, builtin)
	}
	file := search("setoption name EvalFile value ../nnue/nets/"+nets.DefaultName, "setoption name UseNNUE value true")
	if builtin != file {
		t.Errorf("the built-in net searched %q, its file %q", builtin, file)
	}
	if builtin == classical {
		t.Errorf("UseNNUE searched as the classical evaluation does: %q", classical)
	}
}
