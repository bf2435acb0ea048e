package resources

import (
	"embed"
	"io/fs"
)

// puzzleFiles are the puzzle collections (puzzles/README.md): plain TSV, read by
// package puzzle.
//
//go:embed puzzles/*.tsv
var puzzleFiles embed.FS

// Puzzles returns the bundled puzzle files, at the top of the file system as
// puzzle.Load reads them.
func Puzzles() fs.FS {
	sub, err := fs.Sub(puzzleFiles, "puzzles")
	if err != nil {
		return puzzleFiles // fs.Sub fails only for an invalid name, and "puzzles" is valid
	}
	return sub
}
