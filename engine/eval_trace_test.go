package engine

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// TestEvalTraceMatchesEvaluate: the trace with the current table values
// gives Evaluate from Red's side, within the rounding of the phase blend.
func TestEvalTraceMatchesEvaluate(t *testing.T) {
	values := TunedTableValues()
	for _, p := range randomPositions(7, 10, 150) {
		fixed, terms := EvalTrace(p, nil)
		sum := fixed
		for _, e := range terms {
			sum += e.Coef * values[e.Param]
		}
		want := Evaluate(p)
		if p.Side() == rules.Black {
			want = -want
		}
		if math.Abs(sum-float64(want)) > 1.01 {
			t.Fatalf("%s: trace %.2f, Evaluate %d", p.FEN(), sum, want)
		}
	}
}

// TestWriteTunedTablesRoundTrip: writing the current values gives tables
// equal to the compiled ones, and a wrong count is refused.
func TestWriteTunedTablesRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteTunedTables(&buf, TunedTableValues(), "// test"); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	row := func(r [9]int) string {
		return strings.ReplaceAll(strings.Trim(fmt.Sprint(r), "[]"), " ", ", ")
	}
	for _, want := range []string{"var pstMg", "var pstEg",
		"\t\t{" + row(pstMg[rules.Knight][9]) + "},\n\t},\n\trules.Rook", "\t\t{" + row(pstEg[rules.King][9]) + "},\n\t},\n\trules.Advisor"} {
		if !strings.Contains(out, want) {
			t.Fatalf("output lacks %q:\n%s", want, out[:min(len(out), 600)])
		}
	}
	if WriteTunedTables(&buf, nil, "") == nil {
		t.Fatal("no values accepted")
	}
}

// TestQuietProbe: the start position is quiet; a position with a piece
// hanging to a pawn is not.
func TestQuietProbe(t *testing.T) {
	q := NewQuietProbe()
	if !q.Quiet(rules.NewPosition()) {
		t.Fatal("start position not quiet")
	}
	p := mustFEN(t, "4k4/9/9/9/4r4/4P4/9/9/9/4K4 w - - 0 1")
	if q.Quiet(p) {
		t.Fatal("a rook en prise to a pawn counts as quiet")
	}
}
