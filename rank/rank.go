// Package rank turns a rating into the rank players of xiangqi recognise: the 级 (kyu)
// bands from 10级 up to 1级, then the 段 (dan) bands from 1段 up to 9段, each 100 rating
// points wide (docs/ranks.md has the table). It is the one owner of the bands: the server
// names ranks in its leaderboard and the app shows them, both from here. It also owns the
// leaderboard's categories of time control. It imports only match.
package rank

import (
	"fmt"
	"time"

	"github.com/xqfyne/xiangqi/match"
)

// Kind is a rank's family: kyu bands count down towards dan, dan bands count up.
type Kind int

const (
	Kyu Kind = iota // 级
	Dan             // 段
)

// Rank is one band, with whether the rating under it is still provisional.
type Rank struct {
	Kind Kind
	N    int // 10..1 for Kyu, 1..9 for Dan
	// Provisional: the rating's deviation is still high; the app shows a word instead
	// of the band.
	Provisional bool
}

// The bands: below FirstBand is 10级; each Width points above it is the next band up
// (9级 from 800, ..., 1级 from 1600, 1段 from 1700, ..., 9段 from 2500, with no top).
const (
	FirstBand = 800
	Width     = 100
	MaxKyu    = 10
	MaxDan    = 9
)

// Of is the rank of rating.
func Of(rating float64, provisional bool) Rank {
	step := 0 // bands above 10级
	if rating >= FirstBand {
		step = int((rating-FirstBand)/Width) + 1
	}
	r := Rank{Provisional: provisional}
	if step < MaxKyu {
		r.Kind, r.N = Kyu, MaxKyu-step
	} else {
		r.Kind, r.N = Dan, min(step-MaxKyu+1, MaxDan)
	}
	return r
}

// Bounds returns the ratings a band covers: from lo (inclusive) to hi (exclusive); hi is 0
// for 9段, which has no top, and lo is 0 for 10级, which has no bottom.
func (r Rank) Bounds() (lo, hi int) {
	step := MaxKyu - r.N
	if r.Kind == Dan {
		step = MaxKyu + r.N - 1
	}
	if step > 0 {
		lo = FirstBand + (step-1)*Width
	}
	if !(r.Kind == Dan && r.N == MaxDan) {
		hi = FirstBand + step*Width
	}
	return lo, hi
}

// Key names the band in the protocol and the catalogs: "kyu2", "dan1".
func (r Rank) Key() string {
	if r.Kind == Dan {
		return fmt.Sprintf("dan%d", r.N)
	}
	return fmt.Sprintf("kyu%d", r.N)
}

// ParseKey reads a Key back; ok is false for anything else.
func ParseKey(key string) (Rank, bool) {
	var n int
	var kind Kind
	var rest string
	switch {
	case len(key) > 3 && key[:3] == "kyu":
		kind, rest = Kyu, key[3:]
	case len(key) > 3 && key[:3] == "dan":
		kind, rest = Dan, key[3:]
	default:
		return Rank{}, false
	}
	if _, err := fmt.Sscanf(rest, "%d", &n); err != nil || fmt.Sprint(n) != rest {
		return Rank{}, false
	}
	if kind == Kyu && (n < 1 || n > MaxKyu) || kind == Dan && (n < 1 || n > MaxDan) {
		return Rank{}, false
	}
	return Rank{Kind: kind, N: n}, true
}

// All lists every band from the lowest (10级) to the highest (9段).
func All() []Rank {
	var all []Rank
	for n := MaxKyu; n >= 1; n-- {
		all = append(all, Rank{Kind: Kyu, N: n})
	}
	for n := 1; n <= MaxDan; n++ {
		all = append(all, Rank{Kind: Dan, N: n})
	}
	return all
}

// Category is a leaderboard's family of time controls, by the time a game takes.
type Category string

const (
	Blitz     Category = "blitz"     // under 10 minutes a side (with 40 moves' increment)
	Rapid     Category = "rapid"     // 10 to 30 minutes
	Classical Category = "classical" // 30 minutes and more, and untimed games
)

// Categories lists the leaderboards, fastest first.
func Categories() []Category { return []Category{Blitz, Rapid, Classical} }

// Bounds of the categories on a game's estimated time a side: its base time and 40
// moves' increment or byo-yomi (EstimateMoves).
const (
	EstimateMoves = 40
	blitzBelow    = 10 * time.Minute
	rapidBelow    = 30 * time.Minute
)

// CategoryOf is the category of a time control.
func CategoryOf(tc match.TimeControl) Category {
	if !tc.Timed() {
		return Classical
	}
	est := tc.Base + EstimateMoves*(tc.Increment+tc.Byoyomi)
	switch {
	case est < blitzBelow:
		return Blitz
	case est < rapidBelow:
		return Rapid
	}
	return Classical
}

// EstimateBounds returns the estimated times a side (see CategoryOf) a category takes,
// from lo inclusive to hi exclusive (0: no top), for the server's query.
func (c Category) EstimateBounds() (lo, hi time.Duration, ok bool) {
	switch c {
	case Blitz:
		return 0, blitzBelow, true
	case Rapid:
		return blitzBelow, rapidBelow, true
	case Classical:
		return rapidBelow, 0, true
	}
	return 0, 0, false
}
