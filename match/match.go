package match

import (
	"errors"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// ErrTimeUp is returned by Match.Play when the mover's time had already run out: the game
// ended on time instead.
var ErrTimeUp = errors.New("the time ran out before the move")

// Match is one game being played, with no engine and no board marks: the record with its
// cursor and rule set (game.Game), whose turn it is, the result, and the clock of a timed
// game with its flag. A Session plays one on this device against the engine or between
// two people; a server can hold one per game. Call its methods from one goroutine; the
// flag timer comes back to it through post.
type Match struct {
	g     *game.Game
	clock gameClock
	time  TimeSource
	post  func(func())
	// OnFlagFall is told when a side's time ran out and the game ended on time (a loss,
	// or a draw when the other side has no attacking piece).
	OnFlagFall func()
	// OnCountdown is told, in a byo-yomi control, at each whole second from 10 s left down
	// to 1 s of the running side's period: the 读秒 count, seconds being what is left.
	OnCountdown func(side rules.Color, seconds int)
}

// NewMatch makes a match of g on the clock tc, with each side's clock by colour (nil:
// full clocks; a side's Periods of 0 means all of tc's). The clock reads ts (nil: the
// system clock); the timers' calls run through post. The clock runs once RunClock says so.
func NewMatch(g *game.Game, tc TimeControl, clocks *[2]SideClock, ts TimeSource, post func(func())) *Match {
	if ts == nil {
		ts = SystemTime{}
	}
	return &Match{g: g, clock: restoreClock(clocks, tc), time: ts, post: post}
}

// Game returns the record with its cursor (read only for callers: play through the match).
func (m *Match) Game() *game.Game { return m.g }

// ToMove returns the side whose turn it is at the position shown.
func (m *Match) ToMove() rules.Color { return m.g.SideToMove() }

// Result returns the result at the position shown.
func (m *Match) Result() game.Result { return m.g.Result() }

// AtEnd reports whether the game is at the end of the line shown and undecided, where it
// goes on and a result can be declared.
func (m *Match) AtEnd() bool { return m.g.Ply() == m.g.Len() && !m.g.Result().Decided() }

// Play makes move mv for the side to move: the mover's clock is charged and, after the
// move, given its increment. A mover whose time had already run out loses on time instead
// (ErrTimeUp). An illegal move or a move after the end changes nothing.
func (m *Match) Play(mv rules.Move) error {
	lm, ok := m.g.Legal(mv)
	if !ok {
		return m.g.Play(mv) // refused: the game says why
	}
	return m.PlayLegal(lm)
}

// PlayLegal is Play for a move the game judged legal (game.Game.Legal), which is not
// judged again while the game has not changed since.
func (m *Match) PlayLegal(lm game.LegalMove) error {
	if !m.g.Holds(lm) {
		return m.Play(lm.Move())
	}
	mover := m.g.SideToMove()
	if !m.g.Result().Decided() && !m.clockBeforeMove() {
		return ErrTimeUp
	}
	if err := m.g.PlayLegal(lm); err != nil {
		return err
	}
	if m.clock.tc.Timed() {
		m.clock.sides[mover].Moved(m.clock.tc)
	}
	return nil
}

// Resign ends the game with loser resigning, at the end of the line.
func (m *Match) Resign(loser rules.Color) error {
	if !m.AtEnd() {
		return errors.New("match: a game is resigned at the end of its line, before it is decided")
	}
	return m.g.Resign(loser)
}

// AgreeDraw ends the game as a draw by agreement, at the end of the line.
func (m *Match) AgreeDraw() error {
	if !m.AtEnd() {
		return errors.New("match: a draw is agreed at the end of the line, before the game is decided")
	}
	return m.g.AgreeDraw()
}

// TimeControl returns the game's time control (zero when untimed).
func (m *Match) TimeControl() TimeControl { return m.clock.tc }

// ClockLeft returns the time left now of side's current stage: its main time, or in
// byo-yomi its period.
func (m *Match) ClockLeft(side rules.Color) time.Duration {
	return m.clock.leftAt(side, m.time.Now())
}

// Clock returns side's whole clock now.
func (m *Match) Clock(side rules.Color) SideClock { return m.clock.at(side, m.time.Now()) }

// ClockRunning returns whose clock runs, if any.
func (m *Match) ClockRunning() (rules.Color, bool) { return m.clock.side, m.clock.running }

// RunClock runs the clock of the side to move while a timed game is undecided, at the end
// of its line and not paused (the caller's reasons: nobody is playing), and stops it
// otherwise. It is cheap when nothing changed, so a caller may call it after every change.
func (m *Match) RunClock(paused bool) {
	c := &m.clock
	want := c.tc.Timed() && !m.g.Result().Decided() && m.g.Ply() == m.g.Len() && !paused
	side := m.g.SideToMove()
	if want == c.running && (!want || side == c.side) {
		return
	}
	now := m.time.Now()
	c.settle(now)
	m.disarmFlag()
	c.running, c.side, c.since = want, side, now
	if want {
		m.armFlag()
		m.armCountdown()
	}
}

// StopClock settles and stops the clock for good.
func (m *Match) StopClock() {
	m.clock.settle(m.time.Now())
	m.disarmFlag()
	m.clock.running = false
}

// ClocksToKeep charges the running side up to now and returns both clocks as a save or a
// row keeps them, by colour; nil when the game is untimed.
func (m *Match) ClocksToKeep() *[2]SideClock {
	if !m.clock.tc.Timed() {
		return nil
	}
	m.clock.settle(m.time.Now())
	sides := m.clock.sides
	return &sides
}

// armFlag sets a timer for the moment the running side's time runs out.
func (m *Match) armFlag() {
	c := &m.clock
	c.armed++
	armed := c.armed
	c.stop = m.time.AfterFunc(c.sides[c.side].Left(c.tc), func() {
		m.post(func() { m.flagTimer(armed) })
	})
}

// armCountdown sets a timer for the running side's next countdown beep, if one comes.
// It shares the flag timer's generation, so disarmFlag makes both stale.
func (m *Match) armCountdown() {
	c := &m.clock
	if c.stopBeep != nil {
		c.stopBeep()
		c.stopBeep = nil
	}
	in, seconds, ok := c.sides[c.side].nextCountdown(c.tc)
	if !ok {
		return
	}
	armed := c.armed
	c.stopBeep = m.time.AfterFunc(in, func() {
		m.post(func() { m.countdownTimer(armed, seconds) })
	})
}

// countdownTimer follows the countdown timer set for the period's second seconds: it
// tells that second and sets the timer for the next one.
func (m *Match) countdownTimer(armed uint64, seconds int) {
	c := &m.clock
	if armed != c.armed || !c.running {
		return
	}
	c.settle(m.time.Now())
	sc := c.sides[c.side]
	left := sc.PeriodLeft(c.tc)
	count := sc.InByoyomi(c.tc) && sc.Left(c.tc) > 0 &&
		left <= time.Duration(seconds)*time.Second // not a timer that fired early
	// A timer that came a whole second late (a stalled machine) skips its second rather
	// than count a wrong one.
	if count && left > time.Duration(seconds-1)*time.Second && m.OnCountdown != nil {
		m.OnCountdown(c.side, seconds)
	}
	m.armCountdown()
}

func (m *Match) disarmFlag() {
	if m.clock.stop != nil {
		m.clock.stop()
		m.clock.stop = nil
	}
	if m.clock.stopBeep != nil {
		m.clock.stopBeep()
		m.clock.stopBeep = nil
	}
	m.clock.armed++
}

// flagTimer follows the flag timer: the running side's time is up, unless the clock
// changed since the timer was set.
func (m *Match) flagTimer(armed uint64) {
	c := &m.clock
	if armed != c.armed || !c.running {
		return
	}
	c.settle(m.time.Now())
	if c.sides[c.side].Left(c.tc) > 0 { // a timer that fired early: wait for the rest
		m.armFlag()
		return
	}
	m.flagFall(c.side)
}

// flagFall ends the game because side's time ran out (a draw when the other side has no
// attacking piece). The clock runs only at the end of the line, where a result is declared.
func (m *Match) flagFall(side rules.Color) {
	sc := &m.clock.sides[side]
	sc.Charge(m.clock.tc, sc.Left(m.clock.tc)) // all of it: the last period ends too
	sc.Main = max(sc.Main, 0)
	if err := m.g.FlagFall(side); err != nil {
		return
	}
	if m.OnFlagFall != nil {
		m.OnFlagFall()
	}
}

// clockBeforeMove charges the mover's thinking time. It reports false when the mover's
// time had already run out, in which case the game has ended on time instead.
func (m *Match) clockBeforeMove() bool {
	c := &m.clock
	if !c.running {
		return true
	}
	c.settle(m.time.Now())
	if c.sides[c.side].Left(c.tc) <= 0 {
		m.flagFall(c.side)
		return false
	}
	return true
}
