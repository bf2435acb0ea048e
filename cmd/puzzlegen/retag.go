package main

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/xqfyne/xiangqi/puzzle"
)

// runRetag tags every puzzle of every file in dir again with puzzle.Themes
// (the owner of the themes column), keeping the endgames' win/draw, makes
// a study whose line ends in mate a mate puzzle as the import would, and
// rewrites the files whose tags changed. It is how a change of the tagging
// (stalemates told apart from mates) reaches the files without redoing
// the proofs.
func runRetag(out io.Writer, dir string) error {
	files, err := readDir(dir)
	if err != nil {
		return err
	}
	for _, f := range files {
		changed := 0
		for i := range f.Puzzles {
			p := &f.Puzzles[i]
			if p.Kind == puzzle.KindEndgame {
				continue
			}
			pos, err := p.Position()
			if err != nil {
				return fmt.Errorf("%s: %w", f.Name, err)
			}
			if p.Kind == puzzle.KindStudy && endsInMate(pos, p.Moves) {
				// As the import makes it (classicPuzzle): a book line that ends in
				// mate is a mate puzzle.
				p.Kind = puzzle.KindMate
				p.Rating = puzzle.InitialRating(p.Kind, p.SolverMoves(), quietFirst(pos, p.Moves), 0)
				changed++
			}
			if themes := puzzle.Themes(pos, p.Moves); !slices.Equal(themes, p.Themes) {
				p.Themes = themes
				changed++
			}
		}
		if changed == 0 {
			continue
		}
		if err := writeFile(filepath.Join(dir, f.Name), f.Puzzles); err != nil {
			return err
		}
		fmt.Fprintf(out, "%s: %d of %d puzzles retagged\n", f.Name, changed, len(f.Puzzles))
	}
	return nil
}
