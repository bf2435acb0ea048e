package puzzle

import (
	"encoding/json"
	"testing"
	"time"
)

func TestThemeStatsAndWeakest(t *testing.T) {
	ps := []Puzzle{
		{ID: "f1", Themes: []string{ThemeFork}}, {ID: "f2", Themes: []string{ThemeFork}},
		{ID: "f3", Themes: []string{ThemeFork, ThemePin}}, {ID: "f4", Themes: []string{ThemeFork}},
		{ID: "p1", Themes: []string{ThemePin}}, {ID: "p2", Themes: []string{ThemePin}},
		{ID: "m1", Themes: []string{"mate12"}}, {ID: "m2", Themes: []string{"mate9", "mate15"}},
	}
	pr := NewProgress()
	pr.Record(&ps[0], true)  // fork: first try
	pr.Record(&ps[1], false) // fork: failed, then solved
	pr.Record(&ps[1], true)
	pr.Record(&ps[2], false) // fork and pin: failed
	pr.Record(&ps[4], true)  // pin: first try
	pr.Record(&ps[5], true)
	pr.Record(&ps[6], true) // long mates: one puzzle of two tried
	stats := ThemeStats(ps, pr)
	byTheme := map[string]ThemeStat{}
	for _, s := range stats {
		byTheme[s.Theme] = s
	}
	if len(stats) != 3 {
		t.Fatalf("stats %+v", stats)
	}
	if got, want := byTheme[ThemeFork], (ThemeStat{ThemeFork, 4, 3, 2, 1}); got != want {
		t.Errorf("fork %+v, want %+v", got, want)
	}
	if got, want := byTheme[ThemePin], (ThemeStat{ThemePin, 3, 3, 2, 2}); got != want {
		t.Errorf("pin %+v, want %+v", got, want)
	}
	// m2 has two long-mate themes: one group, counted once.
	if got, want := byTheme[LongMate], (ThemeStat{LongMate, 2, 1, 1, 1}); got != want {
		t.Errorf("long mates %+v, want %+v", got, want)
	}
	if r := byTheme[ThemeFork].SuccessRate(); r < 0.33 || r > 0.34 || (ThemeStat{}).SuccessRate() != 0 {
		t.Errorf("fork's rate %v", r)
	}
	weak := Weakest(stats, 3)
	if len(weak) != 2 || weak[0].Theme != ThemeFork || weak[1].Theme != ThemePin {
		t.Fatalf("weakest %+v", weak)
	}
	if w := Weakest(stats, 1); len(w) != 1 || w[0].Theme != ThemeFork {
		t.Errorf("weakest one %+v", w)
	}
	pr.Record(&ps[3], true) // one more try at a fork does not change pin's place
	if w := Weakest(ThemeStats(ps, pr), 3); w[0].Theme != ThemeFork || w[0].Tried != 4 {
		t.Errorf("after a fourth fork %+v", w)
	}
}

func TestDayStreak(t *testing.T) {
	pr := NewProgress()
	day := func(d, h int) time.Time { return time.Date(2026, 11, d, h, 0, 0, 0, time.UTC) }
	if pr.DayStreak(day(1, 12)) != 0 {
		t.Fatal("a streak without solves")
	}
	pr.NoteSolveDay(day(1, 9))
	pr.NoteSolveDay(day(1, 22)) // the same day twice
	pr.NoteSolveDay(day(2, 0))
	pr.NoteSolveDay(day(3, 23))
	for _, c := range []struct {
		today time.Time
		want  int
	}{{day(3, 23), 3}, {day(4, 10), 3}, {day(5, 0), 0}} {
		if got := pr.DayStreak(c.today); got != c.want {
			t.Errorf("streak on %v: %d, want %d", c.today, got, c.want)
		}
	}
	pr.NoteSolveDay(day(6, 8)) // a day missed: a new streak
	if got := pr.DayStreak(day(6, 9)); got != 1 || len(pr.Days) != 4 {
		t.Errorf("after a gap: %d, days %v", got, pr.Days)
	}
	// Across a month's end, in the player's own time zone.
	cst := time.FixedZone("CST", 8*3600)
	pr = NewProgress()
	pr.NoteSolveDay(time.Date(2026, 11, 30, 23, 30, 0, 0, cst))
	pr.NoteSolveDay(time.Date(2026, 12, 1, 0, 30, 0, 0, cst))
	if got := pr.DayStreak(time.Date(2026, 12, 1, 20, 0, 0, 0, cst)); got != 2 {
		t.Errorf("across the month: %d, days %v", got, pr.Days)
	}
	// The save keeps the days and refuses days that are not dates in order.
	data, err := json.Marshal(pr)
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalProgress(data)
	if err != nil || len(back.Days) != 2 || back.Days[1] != "2026-12-01" {
		t.Fatalf("read back %v, %v", back.Days, err)
	}
	for _, bad := range []string{`{"days":["2026-12-01","2026-11-30"],"player":{"rating":1200,"rd":50,"vol":0.06}}`,
		`{"days":["yesterday"],"player":{"rating":1200,"rd":50,"vol":0.06}}`} {
		if _, err := UnmarshalProgress([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	// A save from before first_solved: a single solving try was the first.
	old, err := UnmarshalProgress([]byte(`{"player":{"rating":1200,"rd":50,"vol":0.06},"results":{"a":{"solved":true,"attempts":1},"b":{"solved":true,"attempts":2}}}`))
	if err != nil || !old.Results["a"].FirstSolved || old.Results["b"].FirstSolved {
		t.Errorf("old save: %+v, %v", old.Results, err)
	}
}

func TestDailyNearThePlayersLevel(t *testing.T) {
	var ps []Puzzle
	for r := 600; r < 2600; r += 50 {
		ps = append(ps, Puzzle{ID: string(rune('A' + r/50)), Proof: Proven, Rating: r})
	}
	ps = append(ps, Puzzle{ID: "ref", Proof: Reference, Rating: 1200})
	day := time.Date(2026, 11, 26, 23, 0, 0, 0, time.UTC)
	for _, b := range RatingBands() {
		rating := float64(b.Min + 50)
		p1, _ := Daily(ps, day, rating)
		p2, _ := Daily(ps, day.Add(-22*time.Hour), rating+100) // the same day and band
		if p1 != p2 || p1.Proof != Proven || p1.Rating < b.Min || p1.Rating >= b.Max {
			t.Errorf("band %v: %s (%d) and %s", b, p1.ID, p1.Rating, p2.ID)
		}
	}
	// Over ten days the puzzle of a band changes.
	seen := map[string]bool{}
	for d := 0; d < 10; d++ {
		p, _ := Daily(ps, day.AddDate(0, 0, d), 1500)
		seen[p.ID] = true
	}
	if len(seen) < 3 {
		t.Errorf("ten days gave %d puzzles", len(seen))
	}
	// No proven puzzle at the player's level: any proven one, then any.
	if p, ok := Daily(ps[len(ps)-1:], day, 1200); !ok || p.ID != "ref" {
		t.Errorf("reference only: %v %v", p, ok)
	}
	if p, ok := Daily(ps[:3], day, 2500); !ok || p.Rating >= 1000 {
		t.Errorf("no expert puzzle: %v %v", p, ok)
	}
	if _, ok := Daily(nil, day, 1200); ok {
		t.Error("a daily puzzle from none")
	}
}
