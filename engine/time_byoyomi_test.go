package engine

import (
	"testing"
	"time"
)

// In byo-yomi (no main time left) a move aims for 85 % of the period and is cut at the
// period less its margin: 90 % of 5 s, at least 100 ms and at most 1 s short of it.
func TestByoyomiBudgetInThePeriod(t *testing.T) {
	for _, c := range []struct {
		period, optimum, hard time.Duration
	}{
		{5 * time.Second, 4250 * time.Millisecond, 4500 * time.Millisecond},
		{time.Second, 850 * time.Millisecond, 900 * time.Millisecond},            // margin at least 100 ms
		{30 * time.Second, 25500 * time.Millisecond, 29 * time.Second},           // margin capped at 1 s
		{60 * time.Second, 51 * time.Second, 59 * time.Second},                   // 20+60 读秒
		{200 * time.Millisecond, 100 * time.Millisecond, 100 * time.Millisecond}, // never more than half the period
		{40 * time.Millisecond, 20 * time.Millisecond, 20 * time.Millisecond},
	} {
		for _, phase := range []int{0, unknownPhase, fullPhase} {
			b := planTime(Limits{Byoyomi: c.period}, phase)
			if b.optimum != c.optimum || b.hard != c.hard || b.fixed {
				t.Errorf("period %v, phase %d: plan %+v, want optimum %v hard %v", c.period, phase, b, c.optimum, c.hard)
			}
		}
	}
}

// With main time left the move gets its share of the main time, as in sudden death,
// plus most of the period that follows it; the hard stop keeps half the main time and
// stays out of the period's margin.
func TestByoyomiBudgetWithMainTime(t *testing.T) {
	const period = 30 * time.Second
	for _, main := range []time.Duration{10 * time.Minute, time.Minute, 5 * time.Second, 10 * time.Millisecond} {
		for _, phase := range []int{0, unknownPhase, fullPhase} {
			b := planTime(Limits{Time: main, Byoyomi: period}, phase)
			share := main / time.Duration(movesLeft(phase))
			if want := share + 25500*time.Millisecond; b.optimum != min(want, b.hard) {
				t.Errorf("main %v phase %d: optimum %v, want %v", main, phase, b.optimum, want)
			}
			if b.hard > main/2+29*time.Second || b.hard < b.optimum || b.fixed {
				t.Errorf("main %v phase %d: hard %v past half the main time and the period's 29 s", main, phase, b.hard)
			}
		}
	}
	// Ten minutes + 30 s in the opening: about 68 s aimed for, at most 3 × that.
	b := planTime(Limits{Time: 10 * time.Minute, Byoyomi: period}, fullPhase)
	if b.optimum < 60*time.Second || b.optimum > 75*time.Second || b.hard != min(3*b.optimum, 200*time.Second+29*time.Second) {
		t.Errorf("10 min + 30 s in the opening: %+v", b)
	}
}

// movestogo 1 with a period spends everything there is, less the margin; other limits
// still cut it shorter.
func TestByoyomiBudgetMovesToGoOneAndOtherLimits(t *testing.T) {
	b := planTime(Limits{Time: 2 * time.Second, Byoyomi: 5 * time.Second, MovesToGo: 1}, unknownPhase)
	if !b.fixed || b.hard != 6500*time.Millisecond || b.optimum != b.hard {
		t.Errorf("movestogo 1 with 2 s + 5 s: %+v", b)
	}
	b = planTime(Limits{Byoyomi: 5 * time.Second, MoveTime: time.Second}, unknownPhase)
	if b.hard != time.Second || !b.fixed {
		t.Errorf("a move time shorter than the period: %+v", b)
	}
	if !(Limits{Byoyomi: time.Second}).Bounded() {
		t.Error("a search with only a period is not bounded")
	}
}

// Over a game of moves in byo-yomi the stop rules (timeControl) spend 40–90 % of each
// period, the unsettled moves at least 70 %, and never the whole period.
func TestByoyomiPlanUsesThePeriod(t *testing.T) {
	const period = 5 * time.Second
	settled, changed, dropped := settledClock()
	b := planTime(Limits{Byoyomi: period}, unknownPhase)
	for name, tc := range map[string]timeControl{"settled": settled, "changed": changed, "dropped": dropped} {
		start := tc.stopAfter(b.optimum)
		end := min(max(2*start, tc.stopWithin(b.optimum)), b.hard)
		share := float64(end) / float64(period)
		if end > b.hard || share > 0.9 {
			t.Errorf("%s: a move may take %v of a %v period", name, end, period)
		}
		low := 0.4
		if name != "settled" {
			low = 0.7
		}
		if share < low {
			t.Errorf("%s: a move ends by %.0f %% of the period, want at least %.0f %%", name, 100*share, 100*low)
		}
		t.Logf("%s: last iteration starts by %.0f %% (the hard stop cuts it at 90 %%), ends by %.0f %% of the period", name, 100*float64(start)/float64(period), 100*share)
	}
}
