package nnue

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// testNet is a quantised random net (weights large enough that the clips
// and every layer matter).
func testNet(t testing.TB, seed uint64) *Net {
	t.Helper()
	return randomNet(t, 64, 8, 160, "test net", rand.New(rand.NewPCG(seed, 1)))
}

// randomNet is a net of random weights from rng, on the scales a trained net's take once
// quantised (nnue/train's initialisation: uniform, by the fan-in; the first layer's bias
// in the middle of the clip).
func randomNet(t testing.TB, h, l2 int, outScale int32, desc string, rng *rand.Rand) *Net {
	t.Helper()
	uniform := func(bound float64) int { return int(math.Round((rng.Float64()*2 - 1) * bound)) }
	w := Weights{H: h, L2: l2, OutScale: outScale, Description: desc, FTBias: make([]int16, h),
		FTWeights: make([]int16, Inputs*h), HiddenBias: make([]int32, l2), HiddenW: make([]int8, l2*2*h), OutW: make([]int16, l2)}
	for i := range w.FTWeights {
		w.FTWeights[i] = int16(uniform(ActScale / math.Sqrt(30)))
	}
	for i := range w.HiddenW {
		w.HiddenW[i] = int8(uniform(HiddenScale / math.Sqrt(float64(2*h))))
	}
	for i := range w.OutW {
		w.OutW[i] = int16(uniform(OutputScale / math.Sqrt(float64(l2))))
	}
	for i := range w.FTBias {
		w.FTBias[i] = ActScale / 2
	}
	n, err := NewNet(w)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// NewNet takes only layers that fit the sizes.
func TestNewNetChecksTheLayers(t *testing.T) {
	w := Weights{H: 8, L2: 2, OutScale: 100, FTBias: make([]int16, 8), FTWeights: make([]int16, Inputs*8),
		HiddenBias: make([]int32, 2), HiddenW: make([]int8, 2*16), OutW: make([]int16, 2)}
	if _, err := NewNet(w); err != nil {
		t.Fatalf("a net whose layers fit: %v", err)
	}
	short := w
	short.HiddenW = short.HiddenW[:31]
	if _, err := NewNet(short); err == nil || !strings.Contains(err.Error(), "hidden weights of 31 values") {
		t.Errorf("31 hidden weights for H=8, L2=2: %v", err)
	}
	none := w
	none.L2 = 0
	if _, err := NewNet(none); err == nil {
		t.Error("a net of no hidden layer was made")
	}
}

// TestIncrementalMatchesRefresh walks random lines of play with make,
// unmake and null moves, evaluating at every ply, and checks every score
// against a net evaluation from scratch.
func TestIncrementalMatchesRefresh(t *testing.T) {
	net := testNet(t, 1)
	rng := rand.New(rand.NewPCG(7, 7))
	const maxPly = 24
	e := newEvaluator(net, maxPly) // no cache: every evaluation reads the accumulators
	checked := 0
	for game := 0; game < 40; game++ {
		p := rules.NewPosition()
		// Play into the game a little so that kings and captures vary.
		for i := 0; i < rng.IntN(60); i++ {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			p.MakeMove(ms[rng.IntN(len(ms))])
		}
		e.SetRoot(p)
		var walk func(ply int)
		walk = func(ply int) {
			if rng.IntN(3) > 0 { // evaluate at some plies only, as the search does
				if got, want := e.Evaluate(p, ply), net.Evaluate(p); got != want {
					t.Fatalf("ply %d of %s: incremental %d, from scratch %d", ply, p.FEN(), got, want)
				}
				checked++
			}
			if ply == maxPly {
				return
			}
			ms := p.LegalMoves()
			children := 1
			if rng.IntN(6) == 0 {
				children = 2
			}
			for k := 0; k < children && len(ms) > 0; k++ {
				if k == 1 && rng.IntN(4) == 0 && !p.InCheck() {
					e.Null(ply)
					p.MakeNullMove()
					walk(ply + 1)
					p.UnmakeNullMove()
					continue
				}
				m := ms[rng.IntN(len(ms))]
				b := p.Board()
				pc, captured := b[m.From()], b[m.To()]
				if !p.MakeMove(m) {
					continue
				}
				e.Move(ply, pc, m.From(), m.To(), captured)
				walk(ply + 1)
				p.UnmakeMove()
			}
		}
		walk(0)
	}
	if checked < 2000 {
		t.Fatalf("only %d evaluations checked", checked)
	}
}

// flipColours returns the FEN of p with the colours swapped and the board
// turned upside down (ranks reversed), the same game from the other side.
func flipColours(p *rules.Position) string {
	fields := strings.Fields(p.FEN())
	ranks := strings.Split(fields[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	board := []byte(strings.Join(ranks, "/"))
	for i, c := range board {
		switch {
		case c >= 'a' && c <= 'z':
			board[i] = c - 'a' + 'A'
		case c >= 'A' && c <= 'Z':
			board[i] = c - 'A' + 'a'
		}
	}
	side := "w"
	if fields[1] == "w" {
		side = "b"
	}
	return string(board) + " " + side
}

// mirrorFiles returns the FEN of p reflected left-right.
func mirrorFiles(p *rules.Position) string {
	fields := strings.Fields(p.FEN())
	ranks := strings.Split(fields[0], "/")
	for i, r := range ranks {
		var row []byte
		for _, c := range []byte(r) {
			if c >= '1' && c <= '9' {
				row = append(row, bytes.Repeat([]byte{'1'}, int(c-'0'))...)
			} else {
				row = append(row, c)
			}
		}
		for a, b := 0, len(row)-1; a < b; a, b = a+1, b-1 {
			row[a], row[b] = row[b], row[a]
		}
		ranks[i] = string(row)
	}
	return strings.Join(ranks, "/") + " " + fields[1]
}

// TestScoreSymmetry checks that a position and the same position with the
// colours swapped score the same for the side to move, and that a
// position and its mirror image score the same when neither king is on
// the centre file (there the features are mirrored for both sides).
func TestScoreSymmetry(t *testing.T) {
	net := testNet(t, 3)
	rng := rand.New(rand.NewPCG(11, 5))
	mirrored := 0
	for game := 0; game < 60; game++ {
		p := rules.NewPosition()
		for ply := 0; ply < 120; ply++ {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			p.MakeMove(ms[rng.IntN(len(ms))])
			flipped, err := rules.ParseFEN(flipColours(p))
			if err != nil {
				t.Fatal(err)
			}
			if a, b := net.Evaluate(p), net.Evaluate(flipped); a != b {
				t.Fatalf("%s scores %d, with colours swapped %d", p.FEN(), a, b)
			}
			if p.KingSquare(rules.Red).File() == 4 || p.KingSquare(rules.Black).File() == 4 {
				continue
			}
			mirror, err := rules.ParseFEN(mirrorFiles(p))
			if err != nil {
				t.Fatal(err)
			}
			if a, b := net.Evaluate(p), net.Evaluate(mirror); a != b {
				t.Fatalf("%s scores %d, mirrored %d", p.FEN(), a, b)
			}
			mirrored++
		}
	}
	if mirrored < 100 {
		t.Fatalf("only %d positions with both kings off the centre file", mirrored)
	}
}

func TestActiveFeaturesOnePerPiece(t *testing.T) {
	p := rules.NewPosition()
	for c := rules.Red; c <= rules.Black; c++ {
		fs := ActiveFeatures(p, c, nil)
		if len(fs) != 32 {
			t.Fatalf("%v: %d features at the start, want 32", c, len(fs))
		}
		seen := map[int]bool{}
		for _, f := range fs {
			if f < 0 || f >= Inputs || seen[f] {
				t.Fatalf("%v: feature %d out of range or repeated", c, f)
			}
			seen[f] = true
		}
	}
}

func TestRoundTrip(t *testing.T) {
	net := testNet(t, 2)
	data := net.Bytes()
	back, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back.Bytes(), data) || back.Description != "test net" {
		t.Fatal("a net read back differs from the one written")
	}
	p := rules.NewPosition()
	if back.Evaluate(p) != net.Evaluate(p) {
		t.Fatal("a net read back scores differently")
	}
}

func TestLoadRefusesBadFiles(t *testing.T) {
	good := testNet(t, 2).Bytes()
	patch := func(off int, v uint32) []byte {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint32(b[off:], v)
		return b
	}
	damaged := bytes.Clone(good)
	damaged[len(damaged)/2] ^= 1
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "too short"},
		{"magic", append([]byte("XQNNUF\x1a\n"), good[8:]...), "bad magic"},
		{"version", patch(8, 2), "format version 2"},
		{"feature set", patch(12, 9), "feature set 9"},
		{"inputs", patch(16, 100), "100 inputs"},
		{"hidden", patch(20, 12), "accumulator size 12"},
		{"l2", patch(24, 0), "hidden layer size 0"},
		{"scale", patch(28, 0), "output scale 0"},
		{"description", patch(32, 1<<20), "description of"},
		{"truncated", good[:len(good)-10], "needs"},
		{"checksum", damaged, "checksum"},
	}
	for _, c := range cases {
		_, err := Load(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	if _, err := LoadFile("/nonexistent/net.nnue"); err == nil {
		t.Error("a missing file loaded")
	}
}

func FuzzLoad(f *testing.F) {
	net := randomNet(f, 8, 1, 100, "", rand.New(rand.NewPCG(1, 1)))
	good := net.Bytes()
	f.Add(good)
	f.Add(good[:40])
	f.Add([]byte("XQNNUE\x1a\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Load(data)
		if err != nil {
			return
		}
		// Whatever loads must evaluate and encode back to the same bytes.
		n.Evaluate(rules.NewPosition())
		if !bytes.Equal(n.Bytes(), data) {
			t.Fatal("a loaded net encodes differently")
		}
	})
}

func BenchmarkEvaluateIncremental(b *testing.B) {
	net := randomNet(b, 128, 16, 160, "", rand.New(rand.NewPCG(1, 2)))
	e := NewEvaluator(net, 4)
	p := rules.NewPosition()
	e.SetRoot(p)
	ms := p.LegalMoves()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := ms[i%len(ms)]
		bd := p.Board()
		pc, captured := bd[m.From()], bd[m.To()]
		p.MakeMove(m)
		e.Move(0, pc, m.From(), m.To(), captured)
		e.Evaluate(p, 1)
		p.UnmakeMove()
	}
}

// The score cache returns what the net computes, and a cached evaluator
// agrees with an uncached one along a line of play.
func TestCachedEvaluatorAgrees(t *testing.T) {
	net := testNet(t, 4)
	cached, plain := NewEvaluator(net, 200), newEvaluator(net, 200)
	p := rules.NewPosition()
	cached.SetRoot(p)
	plain.SetRoot(p)
	rng := rand.New(rand.NewPCG(2, 2))
	for ply := 0; ply < 200; ply++ {
		for range 2 { // the second call hits the cache
			if a, b := cached.Evaluate(p, ply), plain.Evaluate(p, ply); a != b {
				t.Fatalf("ply %d: cached %d, uncached %d", ply, a, b)
			}
		}
		ms := p.LegalMoves()
		if len(ms) == 0 {
			break
		}
		m := ms[rng.IntN(len(ms))]
		b := p.Board()
		pc, captured := b[m.From()], b[m.To()]
		p.MakeMove(m)
		cached.Move(ply, pc, m.From(), m.To(), captured)
		plain.Move(ply, pc, m.From(), m.To(), captured)
	}
	filled := 0
	for _, c := range cached.cache {
		if c != 0 {
			filled++
		}
	}
	if filled < 100 { // else the hits above were never tried
		t.Errorf("%d scores cached along a line of 200 plies", filled)
	}
}
