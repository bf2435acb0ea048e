package play

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/rules"
)

// TimeControl is a game's thinking time, the one description of a clock that the app, its
// saves, the engine's limits and the server share. It is one of:
//
//   - untimed: the zero value;
//   - sudden death or Fischer: Base for each side for the whole game, plus Increment added
//     to a side's clock after each of its moves ("5+3");
//   - 读秒 (byo-yomi), as Chinese tournaments play it: Base main time, then every move
//     within Byoyomi ("10+30b": 10 minutes, then 30 seconds a move; "0+20b" is 快棋, every
//     move within 20 seconds from the start). With Periods k > 1 it is Japanese byo-yomi
//     ("10+30bx3"): a period is used up only by a move that takes longer than Byoyomi, the
//     next one starts at once, and the last period's end is a loss on time.
//
// Increment and Byoyomi are never both set. Periods counts only with Byoyomi; 0 and 1 both
// mean one period (ByoyomiPeriods).
type TimeControl struct {
	Base      time.Duration
	Increment time.Duration
	Byoyomi   time.Duration // time for each move once Base is spent; 0: no byo-yomi
	Periods   int           // byo-yomi periods; 0 and 1 both mean one
}

// Bounds of a time control, as minutes, seconds per move and periods.
const (
	maxBaseMinutes      = 180
	maxIncrementSeconds = 60
	maxByoyomiSeconds   = 300
	maxPeriods          = 10
	keyTimeControl      = "timeControl"
	maxClock            = 24 * time.Hour // a saved clock above this is damaged
)

// timeControls are the presets offered in New game, untimed first, then Fischer, then 读秒.
var timeControls = [...]TimeControl{
	{},
	{Base: 5 * time.Minute, Increment: 3 * time.Second},
	{Base: 10 * time.Minute, Increment: 5 * time.Second},
	{Base: 15 * time.Minute, Increment: 10 * time.Second},
	{Base: 30 * time.Minute},
	{Byoyomi: 20 * time.Second, Periods: 1}, // 快棋
	{Base: 10 * time.Minute, Byoyomi: 30 * time.Second, Periods: 1},
	{Base: 20 * time.Minute, Byoyomi: 60 * time.Second, Periods: 1},
	{Base: 10 * time.Minute, Byoyomi: 30 * time.Second, Periods: 3},
}

// TimeControls returns the time controls offered for a new game, untimed first.
func TimeControls() []TimeControl { return append([]TimeControl(nil), timeControls[:]...) }

// Timed reports whether the game is played on a clock.
func (tc TimeControl) Timed() bool { return tc.Base > 0 || tc.Byoyomi > 0 }

// IsByoyomi reports whether the control ends in byo-yomi (读秒) periods.
func (tc TimeControl) IsByoyomi() bool { return tc.Byoyomi > 0 }

// ByoyomiPeriods is the number of byo-yomi periods (0 without byo-yomi).
func (tc TimeControl) ByoyomiPeriods() int {
	if !tc.IsByoyomi() {
		return 0
	}
	return max(tc.Periods, 1)
}

// Minutes and IncrementSeconds are the two numbers of "5+3"; ByoyomiSeconds is the 30 of
// "10+30b".
func (tc TimeControl) Minutes() int          { return int(tc.Base / time.Minute) }
func (tc TimeControl) IncrementSeconds() int { return int(tc.Increment / time.Second) }
func (tc TimeControl) ByoyomiSeconds() int   { return int(tc.Byoyomi / time.Second) }

// String writes the time control as minutes+seconds ("5+3"), with byo-yomi as
// minutes+secondsb ("10+30b") and periods as "x3" after it; "" when untimed.
func (tc TimeControl) String() string {
	switch {
	case !tc.Timed():
		return ""
	case tc.IsByoyomi() && tc.ByoyomiPeriods() > 1:
		return fmt.Sprintf("%d+%dbx%d", tc.Minutes(), tc.ByoyomiSeconds(), tc.ByoyomiPeriods())
	case tc.IsByoyomi():
		return fmt.Sprintf("%d+%db", tc.Minutes(), tc.ByoyomiSeconds())
	}
	return fmt.Sprintf("%d+%d", tc.Minutes(), tc.IncrementSeconds())
}

// ParseTimeControl reads "minutes+seconds" (Fischer), "minutes+secondsb" (byo-yomi, one
// period) or "minutes+secondsbxk" (k periods); "" is untimed.
func ParseTimeControl(text string) (TimeControl, error) {
	if text == "" {
		return TimeControl{}, nil
	}
	bad := func() (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("time control %s: want minutes+seconds (1..%d minutes, 0..%d seconds), "+
			"or minutes+secondsb for 读秒 (0..%d minutes, 1..%d seconds) with xN for N periods (1..%d)",
			rules.QuoteInput(text), maxBaseMinutes, maxIncrementSeconds, maxBaseMinutes, maxByoyomiSeconds, maxPeriods)
	}
	m, s, ok := strings.Cut(text, "+")
	if !ok {
		return bad()
	}
	minutes, err := atoiStrict(m)
	if err != nil || minutes < 0 || minutes > maxBaseMinutes {
		return bad()
	}
	base := time.Duration(minutes) * time.Minute
	s, periodsText, hasPeriods := strings.Cut(s, "bx")
	s, isByo := strings.CutSuffix(s, "b")
	seconds, err := atoiStrict(s)
	if err != nil {
		return bad()
	}
	if !isByo && !hasPeriods {
		if minutes < 1 || seconds < 0 || seconds > maxIncrementSeconds {
			return bad()
		}
		return TimeControl{Base: base, Increment: time.Duration(seconds) * time.Second}, nil
	}
	periods := 1
	if hasPeriods {
		if isByo { // "10+30bbx3"
			return bad()
		}
		if periods, err = atoiStrict(periodsText); err != nil || periods < 2 || periods > maxPeriods {
			return bad()
		}
	}
	if seconds < 1 || seconds > maxByoyomiSeconds {
		return bad()
	}
	return TimeControl{Base: base, Byoyomi: time.Duration(seconds) * time.Second, Periods: periods}, nil
}

// atoiStrict reads a decimal number of at most four digits and no sign.
func atoiStrict(s string) (int, error) {
	if s == "" || len(s) > 4 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, fmt.Errorf("not a number: %q", s)
	}
	return strconv.Atoi(s)
}

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

// sane brings a kept clock within tc's bounds: periods 1..tc's, used within a period.
func (c SideClock) sane(tc TimeControl) SideClock {
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

// TimeSource is where a session reads the time: the system clock in the app, a fake one in
// tests.
type TimeSource interface {
	Now() time.Time
	// AfterFunc calls f on another goroutine once d has passed; stop cancels the call.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

type systemTime struct{}

func (systemTime) Now() time.Time { return time.Now() }
func (systemTime) AfterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}

// gameClock is the two sides' clocks of a timed game. Only the side to move's runs, and only
// while the game is undecided; the time it used is charged when the clock is settled.
type gameClock struct {
	tc       TimeControl
	sides    [2]SideClock // by colour, as of since
	running  bool
	side     rules.Color // whose clock runs
	since    time.Time   // when it last started or was settled
	stop     func() bool // cancels the armed flag timer
	stopBeep func() bool // cancels the armed countdown timer
	armed    uint64      // identifies the armed timers; older ones are stale
}

func newGameClock(tc TimeControl) gameClock {
	return gameClock{tc: tc, sides: [2]SideClock{FullClock(tc), FullClock(tc)}}
}

// restoreClock is a clock for tc with the clocks that a save kept (nil: full clocks).
func restoreClock(kept *[2]SideClock, tc TimeControl) gameClock {
	c := newGameClock(tc)
	if kept != nil && tc.Timed() {
		for side := range c.sides {
			c.sides[side] = kept[side].sane(tc)
		}
	}
	return c
}

// settle charges the running side with the time since the clock last started.
func (c *gameClock) settle(now time.Time) {
	if c.running {
		c.sides[c.side].Charge(c.tc, now.Sub(c.since))
		c.since = now
	}
}

// at is side's clock at now, as settling would leave it.
func (c *gameClock) at(side rules.Color, now time.Time) SideClock {
	sc := c.sides[side]
	if c.running && c.side == side {
		sc.Charge(c.tc, now.Sub(c.since))
	}
	return sc
}

// leftAt is the time left of side's current stage at now (main time, or the byo-yomi
// period), never below zero.
func (c *gameClock) leftAt(side rules.Color, now time.Time) time.Duration {
	return c.at(side, now).StageLeft(c.tc)
}

// TimeControl returns the game's time control (zero when untimed).
func (s *Session) TimeControl() TimeControl { return s.m.TimeControl() }

// ClockLeft returns the time left now of side's current stage: its main time, or in
// byo-yomi its period.
func (s *Session) ClockLeft(side rules.Color) time.Duration { return s.m.ClockLeft(side) }

// Clock returns side's whole clock now: main time, periods left and the period used.
func (s *Session) Clock(side rules.Color) SideClock { return s.m.Clock(side) }

// ClockRunning returns whose clock runs, if any.
func (s *Session) ClockRunning() (rules.Color, bool) { return s.m.ClockRunning() }

// syncClock runs the clock of the side to move while a timed game is undecided and being
// played, and stops it otherwise: while an earlier position is shown (after taking moves
// back, or browsing), in analysis mode and while the app is away nobody is playing.
func (s *Session) syncClock() { s.m.RunClock(s.Analysing() || s.away) }

// SetAway tells the session whether the app is out of sight: a phone app sent to the
// background, where the player cannot see the board. The clock stops meanwhile and its
// exact time is saved at once, since the system may end a background app without a word;
// it runs again when the app is back.
func (s *Session) SetAway(away bool) {
	if away == s.away {
		return
	}
	s.away = away
	s.changed(ChangeControls)
	if away && s.m.TimeControl().Timed() {
		s.save()
	}
}

// flagFell follows the end of the game on time: the engine stops, and the end is saved,
// shown and announced.
func (s *Session) flagFell() {
	s.cancelSearch()
	s.ended()
}
