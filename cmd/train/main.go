// Command train fits the engine's neural evaluation (package nnue) to the
// positions cmd/datagen wrote, on the CPU, and writes the quantised net.
//
// The recipe is scripts/nnue/train.py's, which runs it on a GPU: the same
// features and architecture (7560 inputs → H per side → L2 → 1, clipped
// ReLU), the loss (sigmoid(out) − target)², target = λ·sigmoid(score/K) +
// (1−λ)·result, K fitted to the data unless -scale gives it, Adam with a
// cosine decay to a tenth, the last -val fraction of every shard held out
// (whole games but one per shard), and the weights of the best validation
// loss quantised in the file format of nnue/doc.go. It runs on one core,
// deterministically from -seed: meant for small data (a CI run of a few
// thousand positions takes seconds); the GPU script is for real nets.
//
//	train -data data -out xq.nnue -epochs 10
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/xqfyne/xiangqi/nnue"
	nnuetrain "github.com/xqfyne/xiangqi/nnue/train"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

// config is what the flags set.
type config struct {
	data, out     string
	hidden, l2    int
	lambda, scale float64
	epochs, batch int
	lr, valFrac   float64
	seed          uint64
	maxPerShard   int
	seconds       time.Duration
}

func parseFlags(args []string, logw io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(logw)
	fs.StringVar(&c.data, "data", "", "directory of *.xqpos shards (searched recursively)")
	fs.StringVar(&c.out, "out", "", "net file to write")
	fs.IntVar(&c.hidden, "hidden", 128, "accumulator size H (a multiple of 8)")
	fs.IntVar(&c.l2, "l2", 16, "hidden layer size")
	fs.Float64Var(&c.lambda, "lambda", 0.75, "weight of the score against the game's result")
	fs.Float64Var(&c.scale, "scale", 0, "K of sigmoid(score/K); 0 fits it to the data")
	fs.IntVar(&c.epochs, "epochs", 10, "passes over the training positions")
	fs.IntVar(&c.batch, "batch", 1024, "positions per step")
	fs.Float64Var(&c.lr, "lr", 1e-3, "Adam's learning rate")
	fs.Float64Var(&c.valFrac, "val", 0.03, "fraction of each shard held out")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the initial weights and the order")
	fs.IntVar(&c.maxPerShard, "max", 0, "read at most this many positions per shard (0: all)")
	fs.DurationVar(&c.seconds, "time", 0, "stop training after this long, keeping the best net so far (0: no limit)")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	switch {
	case fs.NArg() > 0:
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case c.data == "" || c.out == "":
		return c, errors.New("-data and -out are required")
	case c.hidden < 8 || c.hidden > 1024 || c.hidden%8 != 0:
		return c, errors.New("-hidden must be a multiple of 8 from 8 to 1024")
	case c.l2 < 1 || c.l2 > 256:
		return c, errors.New("-l2 must be from 1 to 256")
	case c.epochs < 1 || c.batch < 1 || c.lr <= 0:
		return c, errors.New("-epochs, -batch and -lr must be positive")
	case c.lambda < 0 || c.lambda > 1 || c.valFrac <= 0 || c.valFrac >= 1:
		return c, errors.New("want 0 <= -lambda <= 1 and 0 < -val < 1")
	}
	return c, nil
}

func run(args []string, logw io.Writer) error {
	c, err := parseFlags(args, logw)
	if err != nil {
		return err
	}
	start := time.Now()
	train, val, err := loadData(c.data, c.valFrac, c.maxPerShard)
	if err != nil {
		return err
	}
	if len(train) == 0 || len(val) == 0 {
		return fmt.Errorf("too little data in %s: %d training and %d validation positions", c.data, len(train), len(val))
	}
	k := c.scale
	if k == 0 {
		k = fitScale(train)
	}
	fmt.Fprintf(logw, "data: %d training and %d validation positions, read in %.1f s; K = %g\n",
		len(train), len(val), time.Since(start).Seconds(), k)
	t := newTrainer(c, k)
	best, bestEpoch := t.loss(val), 0
	bestNet := cloneNet(t.net)
	fmt.Fprintf(logw, "epoch 0: val %.6f\n", best)
	steps := c.epochs * ((len(train) + c.batch - 1) / c.batch)
	order := rand.New(rand.NewPCG(c.seed, 2))
	trainStart := time.Now()
	timeUp := func() bool { return c.seconds > 0 && time.Since(trainStart) >= c.seconds }
	for e := 1; e <= c.epochs && !timeUp(); e++ {
		order.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		var sum float64
		n := 0
		for i := 0; i < len(train) && !timeUp(); i += c.batch {
			frac := float64(t.step) / float64(steps)
			if c.seconds > 0 { // the decay follows the clock when the clock ends the run
				frac = max(frac, time.Since(trainStart).Seconds()/c.seconds.Seconds())
			}
			lr := c.lr * (0.1 + 0.9*0.5*(1+math.Cos(math.Pi*min(frac, 1))))
			batch := train[i:min(i+c.batch, len(train))]
			sum += t.trainBatch(batch, lr)
			n += len(batch)
		}
		v := t.loss(val)
		fmt.Fprintf(logw, "epoch %d: train %.6f val %.6f (%d positions, %.1f s)\n", e, sum/float64(max(n, 1)), v, n, time.Since(start).Seconds())
		if v < best {
			best, bestEpoch, bestNet = v, e, cloneNet(t.net)
		}
	}
	desc := fmt.Sprintf("cmd/train: %d positions, H=%d L2=%d lambda=%g K=%g batch=%d lr=%g epochs=%d seed=%d, best val %.6f at epoch %d",
		len(train), c.hidden, c.l2, c.lambda, k, c.batch, c.lr, c.epochs, c.seed, best, bestEpoch)
	net, err := bestNet.Quantize(desc)
	if err != nil {
		return err
	}
	data := net.Bytes()
	if err := os.WriteFile(c.out, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(logw, "wrote %s (%d bytes): %s\n", c.out, len(data), desc)
	return nil
}

// sample is a training position as the net sees it.
type sample struct {
	us, them []int32 // active inputs of the side to move and of the other side
	score    float64
	result   float64 // 0, 0.5 or 1 for the side to move
}

// loadData reads every shard under dir, holding out the last valFrac of each.
func loadData(dir string, valFrac float64, maxPerShard int) (train, val []sample, err error) {
	var paths []string
	err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(path) == ".xqpos" {
			paths = append(paths, path)
		}
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	if len(paths) == 0 {
		return nil, nil, fmt.Errorf("no *.xqpos shards under %s", dir)
	}
	sort.Strings(paths)
	for _, p := range paths {
		s, err := readShard(p, maxPerShard)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", p, err)
		}
		cut := len(s) - int(float64(len(s))*valFrac)
		train, val = append(train, s[:cut]...), append(val, s[cut:]...)
	}
	return train, val, nil
}

func readShard(path string, limit int) ([]sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := nnuetrain.NewShardReader(f)
	if err != nil {
		return nil, err
	}
	var out []sample
	var buf []int
	for limit == 0 || len(out) < limit {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		s := rec.Pos.Side()
		buf = nnue.ActiveFeatures(rec.Pos, s, buf[:0])
		us := toInt32(buf)
		buf = nnue.ActiveFeatures(rec.Pos, s.Opponent(), buf[:0])
		out = append(out, sample{us: us, them: toInt32(buf), score: float64(rec.Score), result: float64(rec.Result) / 2})
	}
	return out, nil
}

func toInt32(xs []int) []int32 {
	out := make([]int32, len(xs))
	for i, x := range xs {
		out[i] = int32(x)
	}
	return out
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// fitScale returns the K, on train.py's grid, for which sigmoid(score/K)
// best predicts the results.
func fitScale(data []sample) float64 {
	bestK, bestErr := 0.0, math.Inf(1)
	for k := 40.0; k <= 800; k += 10 {
		var e float64
		for _, s := range data {
			d := sigmoid(s.score/k) - s.result
			e += d * d
		}
		if e < bestErr {
			bestK, bestErr = k, e
		}
	}
	return bestK
}
