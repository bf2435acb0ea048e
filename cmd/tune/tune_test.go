package main

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/engine"
)

// twoGames is two short games as xqmatch writes them, one file.
const twoGames = `[Game "Chinese Chess"]
[Event "xqmatch"]
[Result "1-0"]
[Format "ICCS"]
  1. H2-E2 H9-G7
  2. H0-G2 I9-H9
  3. I0-H0 B9-C7
  4. H0-H6 C6-C5
  5. H6-G6 A9-B9
  6. G6-G7 H7-H3 1-0

[Game "Chinese Chess"]
[Event "xqmatch"]
[Result "1/2-1/2"]
[Format "ICCS"]
  1. B0-C2 B9-C7
  2. H0-G2 H9-G7
  3. A0-B0 A9-B9
  4. I0-H0 I9-H9 1/2-1/2
`

func TestSplitGames(t *testing.T) {
	games := splitGames([]byte(twoGames))
	if len(games) != 2 {
		t.Fatalf("%d games", len(games))
	}
	if !strings.Contains(string(games[0]), "H6-G6") || !strings.Contains(string(games[1]), "I0-H0") {
		t.Fatalf("games split wrongly: %q", games)
	}
	if len(splitGames(nil)) != 0 {
		t.Fatal("empty input gives a game")
	}
}

func FuzzSplitGames(f *testing.F) {
	f.Add([]byte(twoGames))
	f.Add([]byte("[a]\n1. x\n[b]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		total := 0
		for _, g := range splitGames(data) {
			total += len(bytes.TrimSpace(g))
		}
		if total > len(data)+len(splitGames(data)) {
			t.Fatalf("games longer than the input")
		}
	})
}

func TestReadSamples(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "g.pgn")
	if err := os.WriteFile(name, []byte(twoGames+"\n[Result \"*\"]\n 1. H2-E2 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	samples, st, err := readSamples([]string{name}, 2, &log)
	if err != nil {
		t.Fatal(err)
	}
	if st.games != 2 || st.unfinished != 1 || st.positions != 10+6 || st.quiet == 0 || st.quiet != len(samples) {
		t.Fatalf("stats %+v, %d samples; log %s", st, len(samples), log.String())
	}
	wins, draws := 0, 0
	for _, s := range samples {
		switch s.result {
		case 1:
			wins++
		case 0.5:
			draws++
		default:
			t.Fatalf("result %v", s.result)
		}
	}
	if wins == 0 || draws == 0 {
		t.Fatalf("wins %d draws %d", wins, draws)
	}
}

// TestFitLearnsFromResults: with synthetic samples whose results follow a
// known parameter value, the fit moves the parameter towards it and the
// loss falls.
func TestFitLearnsFromResults(t *testing.T) {
	const truth = 120.0
	var samples []sample
	for i := 0; i < 400; i++ {
		coef := float64(i%9) - 4 // the piece's count difference
		p := sigmoid(0.01 * coef * truth)
		// Results as frequencies: a win with weight p, as four samples.
		for j := 0; j < 4; j++ {
			r := 0.0
			if float64(j)/4+0.125 < p {
				r = 1
			}
			samples = append(samples, sample{terms: []engine.EvalTerm{{Param: 0, Coef: coef}}, result: r})
		}
	}
	start := []float64{40}
	params, history := fit(samples, start, 0.01, fitConfig{epochs: 300, rate: 2, pull: 0})
	if math.Abs(params[0]-truth) > math.Abs(start[0]-truth)/2 {
		t.Fatalf("fitted %v, truth %v, start %v", params[0], truth, start[0])
	}
	if history[len(history)-1] >= loss(samples, start, 0.01) {
		t.Fatalf("loss did not fall: %v", history)
	}
	// The scale fit finds a k that beats a far-off one.
	if k := fitScale(samples, []float64{truth}); loss(samples, []float64{truth}, k) > loss(samples, []float64{truth}, 0.2) {
		t.Fatalf("scale %v is worse than 0.2", k)
	}
}

// TestRunWritesTables runs the command on the sample data and checks the
// written file is Go source with both tables.
func TestRunWritesTables(t *testing.T) {
	out := filepath.Join(t.TempDir(), "pst.go")
	var stdout, stderr bytes.Buffer
	// The same games under three names: the header's file list then runs
	// past one line and must be wrapped.
	if err := run([]string{"-out", out, "-epochs", "5", "testdata/sample.pgn", "./testdata/sample.pgn", "testdata/../testdata/sample.pgn"}, &stdout, &stderr); err != nil {
		t.Fatalf("%v; %s", err, stderr.String())
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"package engine", "var pstMg", "var pstEg", "sample.pgn"} {
		if !strings.Contains(string(src), want) {
			t.Fatalf("output lacks %q", want)
		}
	}
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "//") && len(line) > 80 {
			t.Fatalf("header line longer than 80: %q", line)
		}
	}
	if err := run(nil, &stdout, &stderr); err == nil {
		t.Fatal("no files accepted")
	}
}

// TestRunScoresWithoutFitting: -epochs 0 scores the current tables (for
// games held out of a fit) and a negative count is refused, not a panic.
func TestRunScoresWithoutFitting(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-epochs", "0", "testdata/sample.pgn"}, &stdout, &stderr); err != nil {
		t.Fatalf("%v; %s", err, stderr.String())
	}
	var k, before, after float64
	_, line, _ := strings.Cut(stdout.String(), "\nk ")
	if _, err := fmt.Sscanf(line, "%g, loss %g -> %g", &k, &before, &after); err != nil {
		t.Fatalf("report %q: %v", line, err)
	}
	if before != after || before <= 0 {
		t.Fatalf("without fitting the loss must stay put: %v -> %v", before, after)
	}
	if err := run([]string{"-epochs", "-1", "testdata/sample.pgn"}, &stdout, &stderr); err == nil {
		t.Fatal("-epochs -1 accepted")
	}
}
