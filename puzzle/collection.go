package puzzle

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The collections that are not books: the engine-mined tactics and the
// endgame training positions.
const (
	CollectionMined    = "mined"
	CollectionEndgames = "endgames"
)

// Collection names the set a puzzle comes from, for the list's source
// filter: the book (适情雅趣, 橘中秘, …; the source without the record's
// number), CollectionMined or CollectionEndgames.
func Collection(p *Puzzle) string {
	switch {
	case p.Kind == KindEndgame:
		return CollectionEndgames
	case strings.HasPrefix(p.Source, "puzzlegen"):
		return CollectionMined
	}
	return strings.TrimSpace(strings.TrimRight(p.Source, "0123456789 #-"))
}

// LongMate is the theme group of the mates in more than maxNamedMate moves.
const (
	LongMate     = "mate8+"
	maxNamedMate = 7
)

// ThemeGroup is the filter entry a theme falls under: itself, except that
// the mates longer than seven moves share one entry.
func ThemeGroup(theme string) string {
	if n, ok := MateMoves(theme); ok && n > maxNamedMate {
		return LongMate
	}
	return theme
}

// MateMoves reads a "mateN" theme's N.
func MateMoves(theme string) (int, bool) {
	rest, ok := strings.CutPrefix(theme, "mate")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil && n > 0
}

// Band is a range of puzzle ratings, Min inclusive, Max exclusive.
type Band struct{ Min, Max int }

// RatingBands are the difficulty choices of the list, easiest first.
func RatingBands() []Band {
	return []Band{{MinRating, 1000}, {1000, 1400}, {1400, 1800}, {1800, 2200}, {2200, MaxRating + 1}}
}

// Filter chooses puzzles for the list; a zero field does not filter.
type Filter struct {
	Collection string
	Theme      string // a ThemeGroup
	Band       Band   // by the puzzle's rating as refined for this player
	Unsolved   bool   // only those not yet solved
}

// Match tells whether p passes the filter, with pr's refined ratings and
// results.
func (f Filter) Match(p *Puzzle, pr *Progress) bool {
	if f.Collection != "" && Collection(p) != f.Collection {
		return false
	}
	if f.Theme != "" && !slices.ContainsFunc(p.Themes, func(t string) bool { return ThemeGroup(t) == f.Theme }) {
		return false
	}
	if f.Band != (Band{}) {
		r := int(pr.PuzzleRating(p).Rating + 0.5)
		if r < f.Band.Min || r >= f.Band.Max {
			return false
		}
	}
	return !f.Unsolved || !pr.Results[p.ID].Solved
}

// Select returns the indices of the puzzles of ps that pass f, in order.
func Select(ps []Puzzle, f Filter, pr *Progress) []int {
	var out []int
	for i := range ps {
		if f.Match(&ps[i], pr) {
			out = append(out, i)
		}
	}
	return out
}

// Collections lists the collections of ps, the largest first (ties by
// name).
func Collections(ps []Puzzle) []string {
	return byCount(ps, func(p *Puzzle) []string { return []string{Collection(p)} })
}

// ThemeGroups lists the theme groups of ps in the filter's order
// (CompareThemes), the same in every language.
func ThemeGroups(ps []Puzzle) []string {
	seen := map[string]bool{}
	var out []string
	for i := range ps {
		for _, t := range ps[i].Themes {
			if g := ThemeGroup(t); !seen[g] {
				seen[g] = true
				out = append(out, g)
			}
		}
	}
	slices.SortFunc(out, CompareThemes)
	return out
}

// themeSections is the filter's order after the mates by length: the win
// by stalemate, the mating patterns, the tactics, the endgames' goals.
var themeSections = [][]string{
	{ThemeStalemate},
	{ThemeChecksOnly, ThemeDoubleCheck, ThemeSmothered, ThemeIronBolt, ThemeFacingKings},
	{ThemeDiscovered, ThemeFork, ThemePin, ThemeSacrifice},
	{"win", "draw"},
}

// CompareThemes orders themes or theme groups for the filter: the mates by
// their length (mate1 … mate7, mate8+), then themeSections in turn, then
// any tag a newer file names, by the tag.
func CompareThemes(a, b string) int {
	return cmp.Or(cmp.Compare(themeRank(a), themeRank(b)), strings.Compare(a, b))
}

func themeRank(theme string) int {
	if theme == LongMate {
		return maxNamedMate + 1
	}
	if n, ok := MateMoves(theme); ok {
		return min(n, maxNamedMate+1)
	}
	rank := 100
	for _, section := range themeSections {
		if i := slices.Index(section, theme); i >= 0 {
			return rank + i
		}
		rank += 100
	}
	return rank
}

func byCount(ps []Puzzle, keys func(*Puzzle) []string) []string {
	counts := map[string]int{}
	for i := range ps {
		for _, k := range keys(&ps[i]) {
			counts[k]++
		}
	}
	out := make([]string, 0, len(counts))
	for k := range counts {
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b string) int { return cmp.Or(counts[b]-counts[a], strings.Compare(a, b)) })
	return out
}

// NearFirst orders indices of ps by how far each puzzle's rating (as pr
// refines it) lies from the player's, the nearest first, ties in the
// files' order: the list without a chosen book opens on puzzles of the
// player's level, not on the first book's mate in 15.
func NearFirst(ps []Puzzle, idx []int, pr *Progress) {
	gap := func(i int) float64 { return math.Abs(pr.PuzzleRating(&ps[i]).Rating - pr.Player.Rating) }
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(gap(a), gap(b)) })
}
