package main

import (
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"time"

	"github.com/xqfyne/xiangqi/puzzle"
)

// sampleEvery: without -all, one proven puzzle in sampleEvery (chosen by
// a hash of its id, so the same ones every run) is proved again; the
// full proofs take longer than CI should wait (make puzzles-check runs
// them all).
const sampleEvery = 8

// readDir reads every .tsv file of dir, in name order.
func readDir(dir string) ([]puzzle.File, error) {
	files, err := puzzle.Load(os.DirFS(dir))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return files, nil
}

func sampled(id string) bool {
	h := fnv.New32a()
	h.Write([]byte(id))
	return h.Sum32()%sampleEvery == 0
}

// runCheck verifies every puzzle file in dir.
func runCheck(out io.Writer, dir string, all bool, budget uint64) error {
	start := time.Now()
	files, err := readDir(dir)
	if err != nil {
		return err
	}
	checker := puzzle.NewChecker(budget)
	var failures []error
	total, proved := 0, 0
	kinds := map[puzzle.Kind]int{}
	proofs := map[puzzle.Proof]int{}
	for _, file := range files {
		for i := range file.Puzzles {
			p := &file.Puzzles[i]
			total++
			kinds[p.Kind]++
			proofs[p.Proof]++
			if p.Proof == puzzle.Proven && (all || sampled(p.ID)) {
				proved++
				err = checker.Check(p)
			} else {
				_, err = p.Validate()
			}
			if err != nil {
				failures = append(failures, fmt.Errorf("%s: %w", file.Name, err))
			}
		}
	}
	for _, f := range failures {
		fmt.Fprintln(out, "FAIL", f)
	}
	fmt.Fprintf(out, "%d puzzles in %d files (mate %d, material %d, endgame %d, study %d; proven %d, reference %d); %d proofs repeated; %v\n",
		total, len(files), kinds[puzzle.KindMate], kinds[puzzle.KindMaterial], kinds[puzzle.KindEndgame], kinds[puzzle.KindStudy],
		proofs[puzzle.Proven], proofs[puzzle.Reference], proved, time.Since(start).Round(time.Millisecond))
	if len(failures) > 0 {
		return fmt.Errorf("%d puzzles failed", len(failures))
	}
	return nil
}
