package rules

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// sharedTestdata returns the path of a file in ../shared/testdata, skipping
// the test when the shared folder is not beside the checkout.
func sharedTestdata(t testing.TB, name string) string {
	t.Helper()
	path := filepath.Join("..", "..", "shared", "testdata", name)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared test data %s not available: %v", name, err)
	}
	return path
}

func TestPerftStartPosition(t *testing.T) {
	want := []uint64{44, 1920, 79666, 3290240, 133312995}
	maxDepth := len(want)
	if testing.Short() {
		maxDepth = 4
	}
	p := NewPosition()
	for d := 1; d <= maxDepth; d++ {
		if got := p.Perft(d); got != want[d-1] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d-1])
		}
	}
	if p.FEN() != StartFEN {
		t.Errorf("perft changed the position: %s", p.FEN())
	}
}

// perftFull walks the tree with MakeMove/UnmakeMove, checking on the way that
// the incremental keys and piece lists equal a fresh computation.
func perftFull(t *testing.T, p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var nodes uint64
	for _, m := range p.GenerateMoves(nil, false) {
		key, l1, fen := p.Key(), p.Lock1(), p.FEN()
		if !p.MakeMove(m) {
			if p.Key() != key || p.FEN() != fen {
				t.Fatalf("rejected move %s changed the position", m)
			}
			continue
		}
		fresh, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatalf("after %s: FEN %s does not parse: %v", m, p.FEN(), err)
		}
		if fresh.Key() != p.Key() || fresh.Lock0() != p.Lock0() || fresh.Lock1() != p.Lock1() {
			t.Fatalf("after %s: incremental Zobrist differs from a fresh one", m)
		}
		if !samePieceLists(p, fresh) {
			t.Fatalf("after %s: incremental piece lists differ from fresh ones", m)
		}
		if p.InCheck() != fresh.InCheck() {
			t.Fatalf("after %s: check flag %v, fresh %v", m, p.InCheck(), fresh.InCheck())
		}
		nodes += perftFull(t, p, depth-1)
		p.UnmakeMove()
		if p.Key() != key || p.Lock1() != l1 || p.FEN() != fen {
			t.Fatalf("unmake of %s did not restore the position", m)
		}
	}
	return nodes
}

// samePieceLists tells whether two positions list the same squares for
// every side and piece type, in any order.
func samePieceLists(a, b *Position) bool {
	for c := Red; c <= Black; c++ {
		for t := King; t < NumPieceTypes; t++ {
			x := slices.Sorted(slices.Values(a.PieceSquares(c, t)))
			y := slices.Sorted(slices.Values(b.PieceSquares(c, t)))
			if !slices.Equal(x, y) {
				return false
			}
		}
	}
	return true
}

type perftCase struct {
	fen    string
	counts []uint64
}

func readPerftFile(t *testing.T) []perftCase {
	f, err := os.Open(sharedTestdata(t, "perft.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 2 {
			t.Fatalf("bad perft line %q", line)
		}
		c := perftCase{fen: cols[0]}
		for _, s := range cols[1:] {
			n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
			if err != nil {
				t.Fatalf("bad count in %q: %v", line, err)
			}
			c.counts = append(c.counts, n)
		}
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		t.Fatal("perft.tsv has no positions")
	}
	return cases
}

func TestPerftSharedPositions(t *testing.T) {
	for _, c := range readPerftFile(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Errorf("%s: %v", c.fen, err)
			continue
		}
		for d, want := range c.counts {
			if testing.Short() && d >= 3 {
				break
			}
			if got := p.Perft(d + 1); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", c.fen, d+1, got, want)
			}
		}
	}
}

func TestPerftFullMakeMoveAgrees(t *testing.T) {
	cases := readPerftFile(t)
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		depth := 2
		if got := perftFull(t, p, depth); got != c.counts[depth-1] {
			t.Errorf("%s: full perft(%d) = %d, want %d", c.fen, depth, got, c.counts[depth-1])
		}
	}
	if got := perftFull(t, NewPosition(), 3); got != 79666 {
		t.Errorf("start: full perft(3) = %d, want 79666", got)
	}
}

func TestDivideSumsToPerft(t *testing.T) {
	p := NewPosition()
	var sum uint64
	res := p.Divide(3)
	if len(res) != 44 {
		t.Fatalf("divide has %d root moves, want 44", len(res))
	}
	for _, r := range res {
		sum += r.Nodes
	}
	if sum != 79666 {
		t.Errorf("divide(3) sums to %d, want 79666", sum)
	}
}

// A cancelled DivideContext gives up: perft 9 from the start would take
// hours, and the position is left as it was.
func TestDivideContextGivesUp(t *testing.T) {
	p := NewPosition()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := p.DivideContext(ctx, 9)
	if !errors.Is(err, context.Canceled) || len(res) != 0 || p.FEN() != StartFEN {
		t.Fatalf("cancelled divide: %d moves, %v, %s", len(res), err, p.FEN())
	}
	res, err = p.DivideContext(context.Background(), 1)
	if err != nil || len(res) != 44 || res[0].Nodes != 1 {
		t.Fatalf("divide 1: %v, %v", res, err)
	}
}

func BenchmarkPerft(b *testing.B) {
	p := NewPosition()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes += p.Perft(4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
