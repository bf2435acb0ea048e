package puzzle

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// Chapter is one stage of the path (闯关): a themed set of puzzles, easiest
// first (a book's in its own order). Its ID keys its name and description
// in the catalogs ("puzzle.chapter.<ID>", "puzzle.chapter.<ID>.about").
type Chapter struct {
	ID      string
	Puzzles []string // ids
}

// MaxStars is what one puzzle is worth.
const MaxStars = 3

// chapterSpec says which puzzles make a chapter: those take accepts, by
// rating (or in the files' order for a book), at most max of them.
type chapterSpec struct {
	id       string
	take     func(*Puzzle) bool
	bookWise bool
	max      int
}

func mateIn(n int) func(*Puzzle) bool {
	return func(p *Puzzle) bool {
		return p.Kind == KindMate && p.Proof == Proven && !p.Stalemate() && p.SolverMoves() == n
	}
}

func tagged(theme string) func(*Puzzle) bool {
	return func(p *Puzzle) bool { return p.Proof == Proven && slices.Contains(p.Themes, theme) }
}

func fromBook(book string) func(*Puzzle) bool {
	return func(p *Puzzle) bool { return Collection(p) == book && p.Kind == KindMate }
}

// pathSpecs is the curriculum: first mates, the stalemate win, the named
// patterns, longer mates, the classics in their order, the engine's
// tactics, then the practical endgames. A puzzle joins the first chapter
// that takes it. (梅花谱 is not a chapter: the collection has two of its
// records, neither a mate.)
var pathSpecs = []chapterSpec{
	{"first-mates", mateIn(1), false, 30},
	{"stalemate", tagged(ThemeStalemate), false, 20},
	{"mate-in-2", mateIn(2), false, 30},
	{"continuous-check", tagged(ThemeChecksOnly), false, 25},
	{"smothered-mate", tagged(ThemeSmothered), false, 20},
	{"iron-bolt", tagged(ThemeIronBolt), false, 20},
	{"facing-kings", tagged(ThemeFacingKings), false, 20},
	{"double-check", tagged(ThemeDoubleCheck), false, 20},
	{"mate-in-3", mateIn(3), false, 30},
	{"shiqingyaqu", fromBook("适情雅趣"), true, 40},
	{"juzhongmi", func(p *Puzzle) bool { return Collection(p) == "橘中秘" }, true, 40},
	{"lankeshenji", fromBook("烂柯神机"), true, 40},
	{"tactics", func(p *Puzzle) bool { return p.Kind == KindMaterial && p.Proof == Proven }, false, 40},
	{"endgames", func(p *Puzzle) bool { return p.Kind == KindEndgame }, false, 30},
}

// Path builds the chapters from the puzzles; a chapter none of ps fits is
// left out.
func Path(ps []Puzzle) []Chapter {
	used := map[string]bool{}
	var path []Chapter
	for _, spec := range pathSpecs {
		var idx []int
		for i := range ps {
			if !used[ps[i].ID] && spec.take(&ps[i]) {
				idx = append(idx, i)
			}
		}
		if !spec.bookWise {
			slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(ps[a].Rating, ps[b].Rating) })
		}
		idx = idx[:min(len(idx), spec.max)]
		if len(idx) == 0 {
			continue
		}
		ch := Chapter{ID: spec.id}
		for _, i := range idx {
			used[ps[i].ID] = true
			ch.Puzzles = append(ch.Puzzles, ps[i].ID)
		}
		path = append(path, ch)
	}
	return path
}

// TryStars is what one try earns: nothing unless solved; then a star for
// the solve, one for taking no hint, one for solving at the first try. (A
// solve is within the move count by definition: a mate in N in N, an
// endgame within its limit.)
func TryStars(solved bool, hints int, first bool) int {
	if !solved {
		return 0
	}
	n := 1
	if hints == 0 {
		n++
	}
	if first {
		n++
	}
	return n
}

// AwardStars keeps the best stars a puzzle has earned.
func (pr *Progress) AwardStars(id string, stars int) {
	stars = max(0, min(MaxStars, stars))
	if stars > pr.Stars[id] {
		if pr.Stars == nil {
			pr.Stars = map[string]int{}
		}
		pr.Stars[id] = stars
	}
}

// ChapterStars is the stars earned in ch.
func (pr *Progress) ChapterStars(ch Chapter) int {
	n := 0
	for _, id := range ch.Puzzles {
		n += pr.Stars[id]
	}
	return n
}

// StarsToOpen is how many stars of ch open the chapter after it: two in
// five of those it offers (a third of its puzzles with three stars, or
// most solved at all).
func StarsToOpen(ch Chapter) int { return (2*MaxStars*len(ch.Puzzles) + 4) / 5 }

// Open tells whether chapter i of path is open: the first always, any
// other once the one before has StarsToOpen.
func (pr *Progress) Open(path []Chapter, i int) bool {
	if i <= 0 || i >= len(path) {
		return i == 0 && len(path) > 0
	}
	return pr.ChapterStars(path[i-1]) >= StarsToOpen(path[i-1])
}

// errBadStars: a save's stars are 1..MaxStars for a puzzle.
var errBadStars = errors.New("puzzle progress: stars out of range")

func validStars(stars map[string]int) error {
	for id, n := range stars {
		if n < 1 || n > MaxStars {
			return fmt.Errorf("%w: %s has %d", errBadStars, id, n)
		}
	}
	return nil
}
