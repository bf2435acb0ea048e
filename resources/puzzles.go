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

// pinyin is the pinyin of the characters of the puzzles' titles and books
// (scripts/make-pinyin.sh), for the English UI.
//
//go:embed puzzles/pinyin.txt
var pinyin []byte

// Pinyin returns the table of readings: lines "character<TAB>pinyin", comments after "#".
func Pinyin() []byte { return pinyin }
