package play

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/rules"
)

// TimeControl is a game's thinking time: Base for each side for the whole game, plus
// Increment added to a side's clock after each of its moves (Fischer). The zero value is
// an untimed game.
type TimeControl struct {
	Base      time.Duration
	Increment time.Duration
}

// Bounds of a time control, as minutes and seconds per move.
const (
	maxBaseMinutes      = 180
	maxIncrementSeconds = 60
	keyTimeControl      = "timeControl"
	maxClock            = 24 * time.Hour // a saved clock above this is damaged
)

// timeControls are the presets offered in New game, untimed first.
var timeControls = [...]TimeControl{
	{},
	{5 * time.Minute, 3 * time.Second},
	{10 * time.Minute, 5 * time.Second},
	{15 * time.Minute, 10 * time.Second},
	{30 * time.Minute, 0},
}

// TimeControls returns the time controls offered for a new game, untimed first.
func TimeControls() []TimeControl { return append([]TimeControl(nil), timeControls[:]...) }

// Timed reports whether the game is played on a clock.
func (tc TimeControl) Timed() bool { return tc.Base > 0 }

// Minutes and IncrementSeconds are the two numbers of "5+3".
func (tc TimeControl) Minutes() int          { return int(tc.Base / time.Minute) }
func (tc TimeControl) IncrementSeconds() int { return int(tc.Increment / time.Second) }

// String writes the time control as minutes+seconds ("5+3"), "" when untimed.
func (tc TimeControl) String() string {
	if !tc.Timed() {
		return ""
	}
	return fmt.Sprintf("%d+%d", tc.Minutes(), tc.IncrementSeconds())
}

// ParseTimeControl reads "minutes+seconds" ("" is untimed).
func ParseTimeControl(text string) (TimeControl, error) {
	if text == "" {
		return TimeControl{}, nil
	}
	m, s, ok := strings.Cut(text, "+")
	minutes, err1 := strconv.Atoi(m)
	seconds, err2 := strconv.Atoi(s)
	if !ok || err1 != nil || err2 != nil || minutes < 1 || minutes > maxBaseMinutes ||
		seconds < 0 || seconds > maxIncrementSeconds {
		return TimeControl{}, fmt.Errorf("time control %q: want minutes+seconds, 1..%d minutes and 0..%d seconds",
			text, maxBaseMinutes, maxIncrementSeconds)
	}
	return TimeControl{time.Duration(minutes) * time.Minute, time.Duration(seconds) * time.Second}, nil
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
	tc      TimeControl
	left    [2]time.Duration // by colour, as of since
	running bool
	side    rules.Color // whose clock runs
	since   time.Time   // when it last started or was settled
	stop    func() bool // cancels the armed flag timer
	armed   uint64      // identifies the armed flag timer; an older one is stale
}

func newGameClock(tc TimeControl) gameClock {
	return gameClock{tc: tc, left: [2]time.Duration{tc.Base, tc.Base}}
}

// restoreClock is a clock for tc with the time left that a save kept (nil: full clocks).
func restoreClock(left *[2]time.Duration, tc TimeControl) gameClock {
	c := newGameClock(tc)
	if left != nil && tc.Timed() {
		c.left = *left
	}
	return c
}

// settle charges the running side with the time since the clock last started.
func (c *gameClock) settle(now time.Time) {
	if c.running {
		c.left[c.side] -= now.Sub(c.since)
		c.since = now
	}
}

// leftAt is side's time at now, never below zero.
func (c *gameClock) leftAt(side rules.Color, now time.Time) time.Duration {
	left := c.left[side]
	if c.running && c.side == side {
		left -= now.Sub(c.since)
	}
	return max(left, 0)
}

// TimeControl returns the game's time control (zero when untimed).
func (s *Session) TimeControl() TimeControl { return s.m.TimeControl() }

// ClockLeft returns side's time left now.
func (s *Session) ClockLeft(side rules.Color) time.Duration { return s.m.ClockLeft(side) }

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
