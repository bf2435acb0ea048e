package main

import (
	"fmt"
	"io"
	"time"

	"github.com/xqfyne/xiangqi/puzzle"
)

// simCheckpoints are the rows of the table: tries after which the error is measured.
var simCheckpoints = []int{0, 5, 10, 20, 30, 50, 100, 200}

// runSimulate runs solvers of strengths 800–2400 through the puzzles of dir as the
// trainer offers and rates them (puzzle.Simulation), and writes the table of how close
// their ratings come: once with the puzzles exactly as hard as their seeded ratings,
// once with each puzzle's true difficulty off its seed by a normal error of sd 150.
func runSimulate(out io.Writer, dir string, solvers int, seed uint64) error {
	files, err := readDir(dir)
	if err != nil {
		return err
	}
	var ps []puzzle.Puzzle
	for _, f := range files {
		ps = append(ps, f.Puzzles...)
	}
	for _, noise := range []float64{0, 150} {
		start := time.Now()
		sim := puzzle.Simulation{Solvers: solvers, Checkpoints: simCheckpoints, MinStrength: 800, MaxStrength: 2400,
			DifficultyNoise: noise, Seed: seed}
		rows, err := sim.Run(ps)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%d solvers, strengths 800–2400, %d puzzles, difficulty off the seed by sd %.0f (%v):\n\n",
			solvers, len(ps), noise, time.Since(start).Round(time.Second))
		if err := puzzle.WriteTable(out, rows); err != nil {
			return err
		}
		fmt.Fprintln(out)
	}
	return nil
}
