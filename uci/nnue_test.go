package uci

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/nnue"
)

// writeNet writes a small random net file, as a GUI user would pick one.
func writeNet(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.nnue")
	net := nnue.NewFloatNet(32, 4, 100, rand.New(rand.NewPCG(1, 1))).Quantize("uci test")
	if err := os.WriteFile(path, net.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// EvalFile loads a net and UseNNUE makes the search use it, in either
// order; switched off, or without a net, the evaluation is classical.
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
	cases := []struct {
		cmds []string
		want string
	}{
		{nil, "classical"},
		{[]string{"setoption name UseNNUE value true"}, "classical"},
		{[]string{"setoption name EvalFile value " + path}, "classical"},
		{[]string{"setoption name EvalFile value " + path, "setoption name UseNNUE value true"}, "NNUE (H=32, L2=4)"},
		{[]string{"setoption name UseNNUE value true", "setoption name EvalFile value " + path}, "NNUE (H=32, L2=4)"},
		{[]string{"setoption name UseNNUE value true", "setoption name EvalFile value " + path, "setoption name UseNNUE value false"}, "classical"},
		{[]string{"setoption name UseNNUE value true", "setoption name EvalFile value " + path, "setoption name EvalFile value <empty>"}, "classical"},
	}
	for _, c := range cases {
		if got := evalOf(c.cmds...); got != c.want {
			t.Errorf("%v: bench evaluated with %q, want %q", c.cmds, got, c.want)
		}
	}
}

// A file that is not a net is refused with an error naming the problem,
// and the engine goes on with the evaluation it had.
func TestEvalFileRefusesBadFile(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.nnue")
	if err := os.WriteFile(bad, []byte("not a net at all, but long enough to have a header"), 0o644); err != nil {
		t.Fatal(err)
	}
	lines := talk(t, "uci", "setoption name EvalFile value "+bad, "setoption name UseNNUE value true", "bench 1", "quit")
	var sawError, classical bool
	for _, l := range lines {
		sawError = sawError || strings.HasPrefix(l, "info string error") && strings.Contains(l, "bad magic")
		classical = classical || strings.Contains(l, "evaluation classical")
	}
	if !sawError || !classical {
		t.Errorf("bad net file: error shown %v, classical bench %v:\n%s", sawError, classical, strings.Join(lines, "\n"))
	}
}
