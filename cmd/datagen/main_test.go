package main

import (
	"bytes"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/nnue/train"
)

// readAll returns the positions (board and side to move) of every record
// of the shards in dir, sorted, after checking each one decodes and passes
// the filters. Which game's copy of a position shared by two games is kept
// depends on the workers' timing, so only positions are compared.
func readAll(t *testing.T, dir string, maxScore int) []string {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(dir, "*.xqpos"))
	if len(paths) == 0 {
		t.Fatal("no shards written")
	}
	var out []string
	keys := map[uint64]bool{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		r, err := train.NewShardReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		body := data[16:]
		for i := 0; ; i++ {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if rec.Pos.InCheck() || rec.Score > maxScore || rec.Score < -maxScore || rec.Result > train.Win {
				t.Fatalf("%s: kept against the filters (score %d, result %d)", rec.Pos.FEN(), rec.Score, rec.Result)
			}
			if keys[rec.Pos.Hash64()] {
				t.Fatalf("%s kept twice", rec.Pos.FEN())
			}
			keys[rec.Pos.Hash64()] = true
			raw := body[i*train.RecordSize : (i+1)*train.RecordSize]
			out = append(out, string(raw[:45])+string(raw[45]&1))
		}
	}
	sort.Strings(out)
	return out
}

// A small run writes valid, filtered, unique records, and the same seed
// makes the same files whatever the number of workers (the trainer's
// held-out positions are the end of each shard).
func TestDatagenReproducible(t *testing.T) {
	games := "6"
	if testing.Short() { // the race detector's run: fewer games
		games = "2"
	}
	var logs strings.Builder
	dirs := []string{t.TempDir(), t.TempDir()}
	for i, workers := range []string{"1", "3"} {
		err := run([]string{"-out", dirs[i], "-games", games, "-workers", workers, "-nodes", "1024", "-seed", "5", "-maxscore", "1500", "-shard", "40"}, &logs)
		if err != nil {
			t.Fatal(err)
		}
	}
	a, b := readAll(t, dirs[0], 1500), readAll(t, dirs[1], 1500)
	if len(a) < 50 {
		t.Fatalf("only %d positions from %s games", len(a), games)
	}
	if !slices.Equal(a, b) {
		t.Errorf("1 worker kept %d positions, 3 workers %d, or different ones", len(a), len(b))
	}
	if one, three := shardBytes(t, dirs[0]), shardBytes(t, dirs[1]); !maps.Equal(one, three) {
		t.Errorf("1 worker and 3 workers wrote different shards: %d and %d files", len(one), len(three))
	}
	if !strings.Contains(logs.String(), "positions/s") {
		t.Errorf("no rate reported:\n%s", logs.String())
	}
	if shards, _ := filepath.Glob(filepath.Join(dirs[0], "*.xqpos")); len(shards) < 2 {
		t.Errorf("%d shards for %d positions at 40 a shard", len(shards), len(a))
	}
}

func TestDatagenFlags(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-out", t.TempDir()},
		{"-out", t.TempDir(), "-games", "1", "-nodes", "0"},
		{"-out", t.TempDir(), "-games", "1", "-random-min", "5", "-random-max", "2"},
		{"-out", t.TempDir(), "-games", "1", "-evalfile", "/nonexistent.nnue"},
		{"-out", t.TempDir(), "-games", "1", "stray"},
	} {
		if err := run(args, io.Discard); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// shardBytes is every shard under dir by name.
func shardBytes(t *testing.T, dir string) map[string]string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.xqpos"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(p)] = string(b)
	}
	return out
}
