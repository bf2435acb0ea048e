// Command tune fits the evaluation's piece-square tables (middlegame and
// endgame) to game results by Texel's method: over the quiet positions of
// finished games, a logistic function of the evaluation should predict the
// result. It reads PGN files (several games per file, as xqmatch -pgn and
// UCCILEAG write them) and writes engine/pst_tables.go.
//
//	go run ./cmd/tune -out engine/pst_tables.go games1.pgn games2.pgn
//
// scripts/gen-tune-data.sh plays the games. The fit is deterministic: the
// same files give the same tables.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"io"
	"os"
	"strings"

	"github.com/xqfyne/xiangqi/engine"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "write the fitted tables to this Go file (default: only report)")
	epochs := fs.Int("epochs", 300, "gradient steps over all positions (0: only score the current tables, e.g. on held-out games)")
	rate := fs.Float64("rate", 0.5, "Adam step size in evaluation units")
	pull := fs.Float64("pull", 1e-6, "weight of the pull towards the current values")
	minPly := fs.Int("minply", 12, "skip the first plies of each game (book moves)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("no PGN files given")
	}
	if *epochs < 0 {
		return fmt.Errorf("-epochs %d: want 0 or more", *epochs)
	}
	samples, st, err := readSamples(fs.Args(), *minPly, stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "games %d (unreadable %d, unfinished %d), positions %d, quiet %d\n",
		st.games, st.unreadable, st.unfinished, st.positions, st.quiet)
	if len(samples) == 0 {
		return fmt.Errorf("no quiet positions in finished games")
	}
	start := engine.TunedTableValues()
	k := fitScale(samples, start)
	before := loss(samples, start, k)
	params, history := fit(samples, start, k, fitConfig{epochs: *epochs, rate: *rate, pull: *pull})
	after := before
	if len(history) > 0 {
		after = history[len(history)-1]
	}
	fmt.Fprintf(stdout, "k %.5f, loss %.6f -> %.6f\n", k, before, after)
	if *out == "" {
		return nil
	}
	header := commentLines(fmt.Sprintf("Piece-square tables for the middlegame (pstMg) and the endgame (pstEg), "+
		"laid out as boardTable says. Written by cmd/tune (Texel fit) from %d "+
		"quiet positions of %d games: %s; k %.5f, loss %.6f -> %.6f. "+
		"Do not edit by hand; run the tuner again.",
		len(samples), st.games, strings.Join(baseNames(fs.Args()), ", "), k, before, after), 76)
	var buf bytes.Buffer
	if err := engine.WriteTunedTables(&buf, params, header); err != nil {
		return err
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		return err
	}
	return os.WriteFile(*out, src, 0o644)
}

// commentLines wraps text into "// " comment lines of at most width
// characters after the slashes (a longer word gets a line of its own).
func commentLines(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		switch {
		case n == 0:
			b.WriteString("// " + w)
			n = len(w)
		case n+1+len(w) > width:
			b.WriteString("\n// " + w)
			n = len(w)
		default:
			b.WriteString(" " + w)
			n += 1 + len(w)
		}
	}
	return b.String()
}

// baseNames strips directories, so the header does not depend on where the
// data lay.
func baseNames(paths []string) []string {
	var out []string
	for _, p := range paths {
		if i := strings.LastIndexAny(p, `/\`); i >= 0 {
			p = p[i+1:]
		}
		out = append(out, p)
	}
	return out
}
