package main

import (
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/xqfyne/xiangqi/puzzle"
)

// sampleEvery: without -all, one proven puzzle in sampleEvery (chosen by
// a hash of its id, so the same ones every run) is proved again; the
// full proofs take longer than CI should wait (make puzzles-check runs
// them all).
const sampleEvery = 8

// readDir reads every .tsv file of dir, in name order.
func readDir(dir string) (map[string][]puzzle.Puzzle, []string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.tsv"))
	if err != nil {
		return nil, nil, err
	}
	if len(names) == 0 {
		return nil, nil, fmt.Errorf("no .tsv files in %s", dir)
	}
	slices.Sort(names)
	files := map[string][]puzzle.Puzzle{}
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, nil, err
		}
		ps, err := puzzle.Read(f)
		f.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		files[name] = ps
	}
	return files, names, nil
}

func sampled(id string) bool {
	h := fnv.New32a()
	h.Write([]byte(id))
	return h.Sum32()%sampleEvery == 0
}

// runCheck verifies every puzzle file in dir.
func runCheck(out io.Writer, dir string, all bool, budget uint64) error {
	start := time.Now()
	files, names, err := readDir(dir)
	if err != nil {
		return err
	}
	checker := puzzle.NewChecker(budget)
	ids := map[string]string{}
	var failures []error
	total, proved := 0, 0
	kinds := map[puzzle.Kind]int{}
	proofs := map[puzzle.Proof]int{}
	for _, name := range names {
		for i := range files[name] {
			p := &files[name][i]
			total++
			kinds[p.Kind]++
			proofs[p.Proof]++
			if other, dup := ids[p.ID]; dup {
				failures = append(failures, fmt.Errorf("%s: id %s also in %s", name, p.ID, other))
			}
			ids[p.ID] = name
			if p.Proof == puzzle.Proven && (all || sampled(p.ID)) {
				proved++
				err = checker.Check(p)
			} else {
				_, err = p.Validate()
			}
			if err != nil {
				failures = append(failures, fmt.Errorf("%s: %w", filepath.Base(name), err))
			}
		}
	}
	for _, f := range failures {
		fmt.Fprintln(out, "FAIL", f)
	}
	fmt.Fprintf(out, "%d puzzles in %d files (mate %d, material %d, endgame %d, study %d; proven %d, reference %d); %d proofs repeated; %v\n",
		total, len(names), kinds[puzzle.KindMate], kinds[puzzle.KindMaterial], kinds[puzzle.KindEndgame], kinds[puzzle.KindStudy],
		proofs[puzzle.Proven], proofs[puzzle.Reference], proved, time.Since(start).Round(time.Millisecond))
	if len(failures) > 0 {
		return fmt.Errorf("%d puzzles failed", len(failures))
	}
	return nil
}
