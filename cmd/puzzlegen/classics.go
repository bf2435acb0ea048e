package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

// sqyqBook is the folder of the XQF 《适情雅趣》, whose main lines give
// the FEN file's positions their book solutions.
const sqyqBook = "适情雅趣"

// A reference line where the book gives none is the engine's play for
// referencePlies plies at referenceDepth.
const (
	referenceDepth = 10
	referencePlies = 9
	// minBookPlies: a book line shorter than this that does not mate is
	// replaced by the engine's line.
	minBookPlies = 3
)

// maxProofMoves is the longest mate the import tries to prove by checks.
const maxProofMoves = 25

var (
	fenIndexRe = regexp.MustCompile(`^\[FEN_INDEX "shiqingyaqu-551-(\d+)\w*"\]`)
	eventRe    = regexp.MustCompile(`^\[EVENT ".*第(\d+)局\s*(.*)"\]`)
	// restoredRe reads the one position the new edition restored from a
	// lost diagram: "*原_227局_舍生取义_补图复原", number 227.
	restoredRe = regexp.MustCompile(`^\[EVENT ".*原_(\d+)局_([^_"]*)`)
	fenRe      = regexp.MustCompile(`^\[FEN "(.*)"\]`)
	numberRe   = regexp.MustCompile(`第(\d+)局\s*(.*)`)
)

// sqyqEntry is one position of the FEN file.
type sqyqEntry struct {
	number int
	title  string
	fen    string
}

// readSQYQ reads the 《适情雅趣》 FEN file: blocks of FEN_INDEX (the
// number), EVENT (the title; for the restored 227th position the number
// too) and FEN tags. Numbers must be unique.
func readSQYQ(r io.Reader) ([]sqyqEntry, error) {
	var out []sqyqEntry
	var cur sqyqEntry
	numbers := map[int]bool{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		switch {
		case fenIndexRe.MatchString(line):
			num, _ := strconv.Atoi(fenIndexRe.FindStringSubmatch(line)[1])
			cur = sqyqEntry{number: num}
		case eventRe.MatchString(line):
			cur.title = strings.TrimSpace(eventRe.FindStringSubmatch(line)[2])
		case restoredRe.MatchString(line):
			m := restoredRe.FindStringSubmatch(line)
			cur.number, _ = strconv.Atoi(m[1])
			cur.title = m[2]
		case fenRe.MatchString(line):
			cur.fen = fenRe.FindStringSubmatch(line)[1]
			if cur.number == 0 {
				return nil, fmt.Errorf("line %d: FEN without FEN_INDEX", n)
			}
			if numbers[cur.number] {
				return nil, fmt.Errorf("line %d: number %d twice", n, cur.number)
			}
			numbers[cur.number] = true
			out = append(out, cur)
			cur = sqyqEntry{}
		}
	}
	return out, sc.Err()
}

// bookGame is a record of a classical manual.
type bookGame struct {
	book, title string
	// seq counts the book's records in path order (the puzzle id);
	// number is the record's own number when its file name has one
	// ("第12局"), else seq.
	seq, number int
	rec         *game.Record
}

// modernBooks are collections in the classical folder that are not
// classical manuals: 20th-century compositions and compilations (周孟芳,
// 朱剑秋's 鬼手百局, 陈松顺's 江湖棋局搜秘) and 奕乘's modern masters' games.
var modernBooks = []string{"周孟芳", "鬼手百局", "江湖棋局搜秘", "奕乘"}

func isModern(book string) bool {
	for _, m := range modernBooks {
		if strings.Contains(book, m) {
			return true
		}
	}
	return false
}

// boardKey is the FEN's board and side, what makes two records one puzzle.
func boardKey(fen string) string {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return fen
	}
	return f[0] + " " + f[1]
}

// bookName turns a folder name like "03《橘中秘》朱晋桢" into "橘中秘".
func bookName(folder string) string {
	if i := strings.Index(folder, "《"); i >= 0 {
		if j := strings.Index(folder[i:], "》"); j > 0 {
			return folder[i+len("《") : i+j]
		}
	}
	return strings.TrimSpace(strings.TrimLeft(folder, "0123456789"))
}

// readBooks reads every XQF file under dir, one top folder a book, in
// path order. Files that do not read are reported and skipped.
func readBooks(out io.Writer, dir string) ([]bookGame, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".xqf") {
			paths = append(paths, path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(paths)
	var games []bookGame
	count := map[string]int{}
	for _, path := range paths {
		rel, _ := filepath.Rel(dir, path)
		book := bookName(strings.Split(filepath.ToSlash(rel), "/")[0])
		if isModern(book) {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		rec, _, err := game.ReadRecord(data)
		if err != nil {
			fmt.Fprintf(out, "skipped %s: %v\n", rel, err)
			continue
		}
		count[book]++
		g := bookGame{book: book, seq: count[book], number: count[book], rec: rec}
		stem := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		if m := numberRe.FindStringSubmatch(stem); m != nil {
			g.number, _ = strconv.Atoi(m[1])
			g.title = strings.TrimSpace(m[2])
		} else {
			g.title = strings.TrimSpace(rec.Meta.Title)
			if g.title == "" {
				g.title = stem
			}
		}
		games = append(games, g)
	}
	return games, nil
}

// runClassics writes shiqingyaqu.tsv and classics.tsv.
func runClassics(out io.Writer, dir, fenFile, xqfDir string, budget uint64) error {
	if xqfDir == "" {
		return errors.New("-classics needs -xqf, the folder of the classical manuals")
	}
	f, err := os.Open(fenFile)
	if err != nil {
		return err
	}
	entries, err := readSQYQ(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", fenFile, err)
	}
	games, err := readBooks(out, xqfDir)
	if err != nil {
		return err
	}
	byBoard := map[string]bookGame{}
	for _, g := range games {
		if g.book == sqyqBook {
			byBoard[boardKey(g.rec.StartFEN())] = g
		}
	}
	checker := puzzle.NewChecker(budget)

	var sqyq []puzzle.Puzzle
	proven := 0
	for _, e := range entries {
		pos, err := rules.ParseFEN(e.fen)
		if err != nil {
			return fmt.Errorf("《适情雅趣》 %d: %w", e.number, err)
		}
		var line []rules.Move
		if g, ok := byBoard[boardKey(pos.FEN())]; ok {
			line = g.rec.MainLineMoves()
		}
		p := classicPuzzle(checker, fmt.Sprintf("sqyq-%03d", e.number), pos, line, budget)
		p.Title = e.title
		p.Source = fmt.Sprintf("适情雅趣 %d", e.number)
		if p.Proof == puzzle.Proven {
			proven++
		}
		sqyq = append(sqyq, p)
		fmt.Fprintf(out, "%s %s %s %d moves\n", p.ID, p.Kind, p.Proof, len(p.Moves))
	}
	fmt.Fprintf(out, "适情雅趣: %d positions, %d proven, %d reference\n", len(sqyq), proven, len(sqyq)-proven)
	if err := writeFile(filepath.Join(dir, "shiqingyaqu.tsv"), sqyq); err != nil {
		return err
	}

	seen := map[string]bool{}
	for _, p := range sqyq {
		seen[boardKey(p.FEN)] = true
	}
	var classics []puzzle.Puzzle
	bookIndex := map[string]int{}
	proven = 0
	for _, g := range games {
		fen := g.rec.StartFEN()
		if g.book == sqyqBook || boardKey(fen) == boardKey(rules.StartFEN) || seen[boardKey(fen)] {
			continue // the 《适情雅趣》 above, opening games, and repeats
		}
		line := g.rec.MainLineMoves()
		if len(line) == 0 {
			continue
		}
		seen[boardKey(fen)] = true
		if _, ok := bookIndex[g.book]; !ok {
			bookIndex[g.book] = len(bookIndex) + 1
		}
		pos := g.rec.StartPosition()
		p := classicPuzzle(checker, fmt.Sprintf("gp%02d-%03d", bookIndex[g.book], g.seq), pos, line, budget)
		p.Title = g.title
		p.Source = fmt.Sprintf("%s %d", g.book, g.number)
		if p.Proof == puzzle.Proven {
			proven++
		}
		classics = append(classics, p)
		fmt.Fprintf(out, "%s %s %s %d moves (%s)\n", p.ID, p.Kind, p.Proof, len(p.Moves), p.Source)
	}
	fmt.Fprintf(out, "classical manuals: %d positions from %d books, %d proven, %d reference\n", len(classics), len(bookIndex), proven, len(classics)-proven)
	return writeFile(filepath.Join(dir, "classics.tsv"), classics)
}

// classicPuzzle makes a puzzle of a composed position: proven with the
// prover's line when the prover finds a mate, otherwise the book's line as a reference.
func classicPuzzle(c *puzzle.Checker, id string, pos *rules.Position, book []rules.Move, budget uint64) puzzle.Puzzle {
	p := puzzle.Puzzle{ID: id, FEN: pos.FEN(), Proof: puzzle.Reference}
	// The book's replies are not always the longest defence, so the
	// proven mate may be longer than the book's line.
	if line := proveMate(pos, maxProofMoves, budget); line != nil {
		p.Moves, p.Kind, p.Proof = line, puzzle.KindMate, puzzle.Proven
		p.Rating = puzzle.InitialRating(p.Kind, p.SolverMoves(), quietFirst(pos, p.Moves), 0)
		if c.Check(&p) != nil {
			p.Proof = puzzle.Reference
		}
	}
	if p.Proof != puzzle.Proven {
		p.Moves, p.Kind = legalPrefix(pos, book), puzzle.KindStudy
		if endsInMate(pos, p.Moves) {
			p.Kind = puzzle.KindMate
		} else if len(p.Moves) < minBookPlies {
			// No line, or one cut short by a damaged record.
			p.Moves = engineLine(c, pos)
		}
	}
	p.Themes = puzzle.Themes(pos, p.Moves)
	p.Rating = puzzle.InitialRating(p.Kind, p.SolverMoves(), quietFirst(pos, p.Moves), 0)
	return p
}

// proofPass is one try of the import's prover: how many quiet
// (non-checking) moves it allows and the longest mate it looks for.
type proofPass struct{ quiet, maxMoves int }

// proofPasses: the classical 连将杀 by checks, then short mates by any
// moves. A pass allowing one quiet move up to mate in 10 proved 2 more of
// the 177 unproved book mates in 90 s, so it is not made.
var proofPasses = []proofPass{{puzzle.ChecksOnly, maxProofMoves}, {puzzle.AnyMoves, 3}}

// proveMate returns the prover's line of the shortest mate it finds in
// the passes above, each within the budget; nil when none is found.
func proveMate(pos *rules.Position, limit int, budget uint64) []rules.Move {
	for _, pass := range proofPasses {
		pr := puzzle.NewProver(pass.quiet, budget)
		n, err := pr.Shortest(pos, min(limit, pass.maxMoves))
		if err != nil || n == 0 {
			continue
		}
		if line, err := pr.Line(pos, n); err == nil && line != nil {
			return line
		}
	}
	return nil
}

// engineLine plays the engine against itself from pos for up to
// referencePlies plies, a search of referenceDepth each (a principal
// variation alone is often cut short by the hash table).
func engineLine(c *puzzle.Checker, pos *rules.Position) []rules.Move {
	p := pos.Copy()
	var line []rules.Move
	for len(line) < referencePlies {
		pv := c.BestLine(p, referenceDepth)
		if len(pv) == 0 {
			break
		}
		p.MakeMove(pv[0])
		line = append(line, pv[0])
	}
	return line
}

// legalPrefix returns the moves of line up to the first illegal one (a
// damaged record), so that the puzzle always plays through.
func legalPrefix(pos *rules.Position, line []rules.Move) []rules.Move {
	p := pos.Copy()
	for i, m := range line {
		if !p.IsLegal(m) {
			return line[:i]
		}
		p.MakeMove(m)
	}
	return line
}

func endsInMate(pos *rules.Position, line []rules.Move) bool {
	if len(line)%2 == 0 {
		return false
	}
	p := pos.Copy()
	for _, m := range line {
		p.MakeMove(m)
	}
	return p.IsMate()
}

// quietFirst tells whether the line's first move neither checks nor captures.
func quietFirst(pos *rules.Position, line []rules.Move) bool {
	if len(line) == 0 {
		return false
	}
	p := pos.Copy()
	capture := p.At(line[0].To()) != rules.NoPiece
	p.MakeMove(line[0])
	return !capture && !p.InCheck()
}

// writeFile writes puzzles to path with the header line, through a
// temporary file renamed over it, so that a run stopped while writing
// leaves the previous file whole.
func writeFile(path string, ps []puzzle.Puzzle) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := puzzle.Write(f, ps); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}
