package match

import "time"

// SideClock is one side's clock, as a save or a server keeps it: the main time left (Base
// with the increments earned, less the time used) and, in a byo-yomi control, the periods
// left (the current one included) and the time already used of the current period on the
// move being thought about. Outside byo-yomi Periods and Used are zero.
type SideClock struct {
	Main    time.Duration
	Periods int
	Used    time.Duration
}

// InByoyomi reports whether the side has spent its main time and moves within periods.
func (c SideClock) InByoyomi(tc TimeControl) bool { return tc.IsByoyomi() && c.Main <= 0 }

// PeriodLeft is what is left of the current byo-yomi period (the whole period while main
// time lasts).
func (c SideClock) PeriodLeft(tc TimeControl) time.Duration {
	if !tc.IsByoyomi() {
		return 0
	}
	return max(tc.Byoyomi-c.Used, 0)
}

// Left is the time until the side's flag falls if it does not move: the main time, plus
// in byo-yomi what is left of the current period and the periods after it.
func (c SideClock) Left(tc TimeControl) time.Duration {
	left := max(c.Main, 0)
	if tc.IsByoyomi() && c.Periods > 0 {
		left += c.PeriodLeft(tc) + time.Duration(c.Periods-1)*tc.Byoyomi
	}
	return left
}

// StageLeft is the time left of the stage the side is in: its main time, or in byo-yomi
// what is left of the current period. This is the number a clock shows.
func (c SideClock) StageLeft(tc TimeControl) time.Duration {
	if c.InByoyomi(tc) {
		return c.PeriodLeft(tc)
	}
	return max(c.Main, 0)
}

// FullClock is a side's clock at the start of a game on tc.
func FullClock(tc TimeControl) SideClock {
	return SideClock{Main: tc.Base, Periods: tc.ByoyomiPeriods()}
}

// Charge takes d of thinking time off the clock: main time first, then the current
// period; each period used up in full gives way to the next, the last one excepted (its
// end is the flag: Left is then zero).
func (c *SideClock) Charge(tc TimeControl, d time.Duration) {
	if !tc.IsByoyomi() || c.Main >= d {
		c.Main -= d
		return
	}
	d -= max(c.Main, 0)
	c.Main = 0
	c.Used += d
	for c.Used >= tc.Byoyomi && c.Periods > 1 {
		c.Used -= tc.Byoyomi
		c.Periods--
	}
	c.Used = min(c.Used, tc.Byoyomi)
}

// Moved closes a move on the clock: the increment is added, and a byo-yomi period starts
// afresh for the next move (the one used is kept when the move came within it).
func (c *SideClock) Moved(tc TimeControl) {
	c.Main += tc.Increment
	c.Used = 0
}

// Sane brings a kept clock within tc's bounds: periods 1..tc's, used within a period.
func (c SideClock) Sane(tc TimeControl) SideClock {
	if !tc.IsByoyomi() {
		return SideClock{Main: c.Main}
	}
	if c.Periods < 1 || c.Periods > tc.ByoyomiPeriods() {
		c.Periods = tc.ByoyomiPeriods() // an older save, or one of another control
	}
	c.Used = min(max(c.Used, 0), tc.Byoyomi)
	return c
}

// countdownFrom is where the spoken count of a byo-yomi period starts: a beep at each whole
// second from 10 s left down to 1 s.
const countdownFrom = 10 * time.Second

// nextCountdown is the time until the next countdown beep on this clock if it runs on, and
// the whole seconds the period has left then; ok is false when none comes before the flag.
// A beep is due when the period's time left crosses a whole second below countdownFrom
// (never at the very start of a period).
func (c SideClock) nextCountdown(tc TimeControl) (in time.Duration, seconds int, ok bool) {
	if !tc.IsByoyomi() {
		return 0, 0, false
	}
	until := max(c.Main, 0) // until the current period starts running
	periodLeft, periods := c.PeriodLeft(tc), c.Periods
	for periods >= 1 {
		beep := min(countdownFrom, (periodLeft-1)/time.Second*time.Second)
		if beep >= time.Second {
			return until + periodLeft - beep, int(beep / time.Second), true
		}
		until += periodLeft
		periodLeft, periods = tc.Byoyomi, periods-1
	}
	return 0, 0, false
}
