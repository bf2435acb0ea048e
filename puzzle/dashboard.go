package puzzle

import (
	"cmp"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"time"
)

// ThemeStat is the player's record with one theme group (ThemeGroup): how
// many of its puzzles there are, were tried, solved at some try, and solved
// at the first try without a hint (the rated successes).
type ThemeStat struct {
	Theme       string
	Puzzles     int
	Tried       int
	Solved      int
	FirstSolved int
}

// SuccessRate is the share of the tried puzzles solved at the first try, 0
// when none was tried.
func (s ThemeStat) SuccessRate() float64 {
	if s.Tried == 0 {
		return 0
	}
	return float64(s.FirstSolved) / float64(s.Tried)
}

// ThemeStats is pr's record per theme group of ps, in the filter's order
// (ThemeGroups). A puzzle counts once for each group it falls under.
func ThemeStats(ps []Puzzle, pr *Progress) []ThemeStat {
	groups := ThemeGroups(ps)
	at := make(map[string]int, len(groups))
	stats := make([]ThemeStat, len(groups))
	for i, g := range groups {
		at[g], stats[i].Theme = i, g
	}
	for i := range ps {
		seen := map[string]bool{}
		r, tried := pr.Results[ps[i].ID]
		for _, t := range ps[i].Themes {
			g := ThemeGroup(t)
			if seen[g] {
				continue
			}
			seen[g] = true
			s := &stats[at[g]]
			s.Puzzles++
			if !tried || r.Attempts == 0 {
				continue
			}
			s.Tried++
			if r.Solved {
				s.Solved++
			}
			if r.FirstSolved {
				s.FirstSolved++
			}
		}
	}
	return stats
}

// MinTriesToJudge is how many puzzles of a theme must have been tried before
// the dashboard calls it weak or strong.
const MinTriesToJudge = 3

// Weakest returns at most n themes of stats tried at least MinTriesToJudge
// times and not always solved, the lowest success rate first (ties: the
// more tried first, then the filter's order); these are offered as practice.
func Weakest(stats []ThemeStat, n int) []ThemeStat {
	var weak []ThemeStat
	for _, s := range stats {
		if s.Tried >= MinTriesToJudge && s.FirstSolved < s.Tried {
			weak = append(weak, s)
		}
	}
	slices.SortStableFunc(weak, func(a, b ThemeStat) int {
		if c := cmp.Compare(a.SuccessRate(), b.SuccessRate()); c != 0 {
			return c
		}
		return cmp.Compare(b.Tried, a.Tried)
	})
	return weak[:min(n, len(weak))]
}

// maxDays bounds the days with a solve a save keeps: a year and a day is
// enough for any streak the dashboard shows.
const maxDays = 366

// dayKey is a date as the progress keeps it: the calendar day where the
// player is (the clock's location).
func dayKey(t time.Time) string { return t.Format(time.DateOnly) }

// NoteSolveDay keeps day as a day with a solve (the streak's days).
func (pr *Progress) NoteSolveDay(day time.Time) {
	key := dayKey(day)
	if n := len(pr.Days); n > 0 && pr.Days[n-1] >= key {
		return // today is noted (or the clock went back)
	}
	pr.Days = append(pr.Days, key)
	if len(pr.Days) > maxDays {
		pr.Days = pr.Days[len(pr.Days)-maxDays:]
	}
}

// DayStreak is how many days in a row, up to today, had a solve; a streak
// that ended yesterday still stands today, until today ends without one.
func (pr *Progress) DayStreak(today time.Time) int {
	day := today
	i := len(pr.Days) - 1
	if i < 0 {
		return 0
	}
	if pr.Days[i] != dayKey(day) {
		day = day.AddDate(0, 0, -1)
	}
	n := 0
	for ; i >= 0 && pr.Days[i] == dayKey(day); i-- {
		n++
		day = day.AddDate(0, 0, -1)
	}
	return n
}

var errBadDays = errors.New("puzzle progress: days with a solve not dates in order")

func validDays(days []string) error {
	if len(days) > maxDays {
		return fmt.Errorf("%w: %d of them", errBadDays, len(days))
	}
	for i, d := range days {
		if _, err := time.Parse(time.DateOnly, d); err != nil || i > 0 && days[i-1] >= d {
			return fmt.Errorf("%w: %q", errBadDays, d)
		}
	}
	return nil
}

// Daily returns the puzzle of the day for a player rated rating: chosen by a
// hash of the date (UTC) among the proven puzzles of the rating band
// (RatingBands) the rating falls in, so that everyone at one level gets the
// same puzzle on a day. A band without a proven puzzle widens to all proven
// puzzles, and those to all. ok is false for an empty list.
func Daily(ps []Puzzle, day time.Time, rating float64) (*Puzzle, bool) {
	var band Band
	for _, b := range RatingBands() {
		if rating >= float64(b.Min) && rating < float64(b.Max) {
			band = b
		}
	}
	pools := []func(*Puzzle) bool{
		func(p *Puzzle) bool { return p.Proof == Proven && p.Rating >= band.Min && p.Rating < band.Max },
		func(p *Puzzle) bool { return p.Proof == Proven },
		func(*Puzzle) bool { return true },
	}
	for _, take := range pools {
		var pool []int
		for i := range ps {
			if take(&ps[i]) {
				pool = append(pool, i)
			}
		}
		if len(pool) > 0 {
			h := fnv.New32a()
			h.Write([]byte(day.UTC().Format(time.DateOnly)))
			return &ps[pool[h.Sum32()%uint32(len(pool))]], true
		}
	}
	return nil, false
}
