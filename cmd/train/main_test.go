package main

import (
	"context"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/nnue"
	nnuetrain "github.com/xqfyne/xiangqi/nnue/train"
	"github.com/xqfyne/xiangqi/rules"
)

// writeShard writes positions of random games scored by the classical
// evaluation, with a result that follows the score: data a net can learn.
func writeShard(t *testing.T, path string, seed uint64, n int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	data := nnuetrain.ShardHeader()
	rec := make([]byte, nnuetrain.RecordSize)
	for kept := 0; kept < n; {
		p := rules.NewPosition()
		for ply := 0; ply < 80 && kept < n; ply++ {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			p.MakeMove(ms[rng.IntN(len(ms))])
			if p.InCheck() {
				continue
			}
			score := engine.Evaluate(p)
			result := nnuetrain.Draw
			switch {
			case score > 60:
				result = nnuetrain.Win
			case score < -60:
				result = nnuetrain.Loss
			}
			nnuetrain.EncodeRecord(rec, p, score, result, p.Ply())
			data = append(data, rec...)
			kept++
		}
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// The trainer lowers the held-out loss, and its net loads and searches:
// the CI-sized version of the whole recipe.
func TestTrainTinyNetLoadsAndSearches(t *testing.T) {
	dir := t.TempDir()
	writeShard(t, filepath.Join(dir, "a.xqpos"), 1, 5000)
	writeShard(t, filepath.Join(dir, "b.xqpos"), 2, 5000)
	out := filepath.Join(dir, "tiny.nnue")
	var logs strings.Builder
	err := run([]string{"-data", dir, "-out", out, "-hidden", "32", "-l2", "8", "-epochs", "6", "-batch", "128", "-lr", "0.003", "-val", "0.1"}, &logs)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`epoch 0: val ([0-9.]+)`).FindStringSubmatch(logs.String())
	b := regexp.MustCompile(`best val ([0-9.]+) at epoch (\d+)`).FindStringSubmatch(logs.String())
	if m == nil || b == nil {
		t.Fatalf("log without the losses:\n%s", logs.String())
	}
	first, _ := strconv.ParseFloat(m[1], 64)
	best, _ := strconv.ParseFloat(b[1], 64)
	if b[2] == "0" || best > 0.9*first {
		t.Errorf("validation loss %.4f at the start, best %.4f at epoch %s: not learning\n%s", first, best, b[2], logs.String())
	}
	net, err := nnue.LoadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if net.H != 32 || net.L2 != 8 || !strings.Contains(net.Description, "cmd/train") {
		t.Errorf("net H=%d L2=%d %q", net.H, net.L2, net.Description)
	}
	// The net has learnt some material: a side a rook up scores ahead of
	// the start position.
	up, _ := rules.ParseFEN("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
	if v, v0 := net.Evaluate(up), net.Evaluate(rules.NewPosition()); v < v0+10 {
		t.Errorf("a rook up scores %d, the start position %d", v, v0)
	}
	s := engine.NewSearcher(engine.Options{HashMB: 1, Threads: 1, Seed: 1, Net: net})
	res := s.Search(context.Background(), rules.NewPosition(), engine.Limits{Depth: 4}, nil)
	if !rules.NewPosition().IsLegal(res.Move) {
		t.Errorf("search with the net returned %v", res.Move)
	}
}

func TestTrainFlagsAndData(t *testing.T) {
	empty := t.TempDir()
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "x.xqpos"), []byte("XQPOSDAT\x02\x00\x00\x00\x32\x00\x00\x00"), 0o644)
	for _, args := range [][]string{
		{},
		{"-data", empty},
		{"-data", empty, "-out", filepath.Join(empty, "n.nnue")},
		{"-data", bad, "-out", filepath.Join(bad, "n.nnue")},
		{"-data", empty, "-out", "n", "-hidden", "12"},
		{"-data", empty, "-out", "n", "-lambda", "2"},
	} {
		if err := run(args, io.Discard); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// The gradients trainBatch takes agree with finite differences of the loss.
func TestGradientsMatchFiniteDifferences(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.xqpos")
	writeShard(t, path, 4, 64)
	data, err := readShard(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	c := config{hidden: 16, l2: 4, lambda: 0.5, seed: 3}
	tr := newTrainer(c, 100)
	tr.trainBatch(data, 0) // a step of rate 0: gradients without a change
	rng := rand.New(rand.NewPCG(8, 8))
	checked := 0
	for p := 0; p < numParams; p++ {
		for k := 0; k < 6; k++ {
			i := rng.IntN(len(tr.params[p]))
			if p == pFT {
				i = int(data[k].us[0])*16 + k // a row the batch uses
			}
			g := float64(tr.grads[p][i])
			w := tr.params[p][i]
			const eps = 1e-3
			tr.params[p][i] = w + eps
			up := tr.loss(data)
			tr.params[p][i] = w - eps
			down := tr.loss(data)
			tr.params[p][i] = w
			tr.syncOutBias()
			num := (up - down) / (2 * eps)
			if diff := num - g; diff > 1e-4+0.05*abs(num) || -diff > 1e-4+0.05*abs(num) {
				t.Errorf("parameter %d[%d]: gradient %.6g, finite difference %.6g", p, i, g, num)
			}
			checked++
		}
	}
	if checked != 6*numParams {
		t.Fatal("not every tensor checked")
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
