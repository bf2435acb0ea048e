package puzzle

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xqfyne/xiangqi/rules"
)

// Header is the comment line that opens every puzzle file and names the
// columns.
const Header = "# id\tfen\tmoves\tkind\tproof\trating\tthemes\ttitle\tsource"

// maxLineBytes bounds a line so that a damaged file cannot make the reader
// hold huge values; the longest classical line is a few kilobytes.
const maxLineBytes = 1 << 16

// ParseLine reads one puzzle from its TSV line (without the newline). The
// moves are ICCS words separated by single spaces; themes are separated by
// commas. Only the syntax is checked here; Validate checks the moves.
func ParseLine(line string) (Puzzle, error) {
	if !utf8.ValidString(line) {
		return Puzzle{}, fmt.Errorf("not UTF-8")
	}
	f := strings.Split(line, "\t")
	if len(f) != 9 {
		return Puzzle{}, fmt.Errorf("%d fields: %w", len(f), errNoFields)
	}
	p := Puzzle{ID: f[0], FEN: f[1], Kind: Kind(f[3]), Proof: Proof(f[4]), Title: f[7], Source: f[8]}
	if p.ID == "" {
		return Puzzle{}, fmt.Errorf("empty id")
	}
	if f[2] != "" {
		for _, w := range strings.Split(f[2], " ") {
			m, err := rules.ParseMove(w)
			if err != nil {
				return Puzzle{}, fmt.Errorf("moves: %w", err)
			}
			p.Moves = append(p.Moves, m)
		}
	}
	r, err := strconv.Atoi(f[5])
	if err != nil {
		return Puzzle{}, fmt.Errorf("rating %q: not a number", f[5])
	}
	p.Rating = r
	if f[6] != "" {
		p.Themes = strings.Split(f[6], ",")
		for _, t := range p.Themes {
			if t == "" {
				return Puzzle{}, fmt.Errorf("themes %q: empty theme", f[6])
			}
		}
	}
	return p, nil
}

// Line writes the puzzle as its TSV line, without the newline. Tabs and
// newlines in the title or source become spaces so that the line reads back.
func (p *Puzzle) Line() string {
	words := make([]string, len(p.Moves))
	for i, m := range p.Moves {
		words[i] = m.String()
	}
	clean := strings.NewReplacer("\t", " ", "\n", " ", "\r", " ")
	return strings.Join([]string{p.ID, p.FEN, strings.Join(words, " "), string(p.Kind), string(p.Proof),
		strconv.Itoa(p.Rating), strings.Join(p.Themes, ","), clean.Replace(p.Title), clean.Replace(p.Source)}, "\t")
}

// Read reads a puzzle file: one puzzle a line, blank lines and lines that
// start with '#' skipped. Errors name the line. Duplicate ids are refused.
func Read(r io.Reader) ([]Puzzle, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLineBytes)
	var out []Puzzle
	seen := map[string]int{}
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := ParseLine(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if first, dup := seen[p.ID]; dup {
			return nil, fmt.Errorf("line %d: id %s already on line %d", n, p.ID, first)
		}
		seen[p.ID] = n
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	return out, nil
}

// Write writes the header and one line per puzzle.
func Write(w io.Writer, ps []Puzzle) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, Header)
	for i := range ps {
		fmt.Fprintln(bw, ps[i].Line())
	}
	return bw.Flush()
}

// File is one puzzle file read by Load.
type File struct {
	Name    string
	Puzzles []Puzzle
}

// Load reads every .tsv file at the top of fsys (resources/puzzles, on
// disk or embedded), in name order, and refuses an id used twice in
// different files as Read does within one.
func Load(fsys fs.FS) ([]File, error) {
	names, err := fs.Glob(fsys, "*.tsv")
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, errors.New("puzzles: no .tsv files")
	}
	slices.Sort(names)
	var files []File
	ids := map[string]string{}
	for _, name := range names {
		f, err := fsys.Open(name)
		if err != nil {
			return nil, err
		}
		ps, err := Read(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for _, p := range ps {
			if other, dup := ids[p.ID]; dup {
				return nil, fmt.Errorf("%s: id %s already in %s", name, p.ID, other)
			}
			ids[p.ID] = name
		}
		files = append(files, File{Name: name, Puzzles: ps})
	}
	return files, nil
}
