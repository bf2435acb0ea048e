package play

import (
	"errors"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// errTimeUp is returned by Match.Play when the mover's time had already run out: the game
// ended on time instead.
var errTimeUp = errors.New("the time ran out before the move")

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
}

// NewMatch makes a match of g on the clock tc, with the time each side has left (nil:
// full clocks). The clock reads ts (nil: the system clock); the flag timer's call runs
// through post. The clock runs once RunClock says so.
func NewMatch(g *game.Game, tc TimeControl, left *[2]time.Duration, ts TimeSource, post func(func())) *Match {
	if ts == nil {
		ts = systemTime{}
	}
	return &Match{g: g, clock: restoreClock(left, tc), time: ts, post: post}
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
// (errTimeUp). An illegal move or a move after the end changes nothing.
func (m *Match) Play(mv rules.Move) error {
	mover := m.g.SideToMove()
	if !m.g.Result().Decided() && m.g.Position().IsLegal(mv) && !m.clockBeforeMove() {
		return errTimeUp
	}
	if err := m.g.Play(mv); err != nil {
		return err
	}
	if m.clock.tc.Timed() {
		m.clock.left[mover] += m.clock.tc.Increment
	}
	return nil
}

// Resign ends the game with loser resigning, at the end of the line.
func (m *Match) Resign(loser rules.Color) error {
	if !m.AtEnd() {
		return errors.New("play: a game is resigned at the end of its line, before it is decided")
	}
	return m.g.Resign(loser)
}

// AgreeDraw ends the game as a draw by agreement, at the end of the line.
func (m *Match) AgreeDraw() error {
	if !m.AtEnd() {
		return errors.New("play: a draw is agreed at the end of the line, before the game is decided")
	}
	return m.g.AgreeDraw()
}

// TimeControl returns the game's time control (zero when untimed).
func (m *Match) TimeControl() TimeControl { return m.clock.tc }

// ClockLeft returns side's time left now.
func (m *Match) ClockLeft(side rules.Color) time.Duration {
	return m.clock.leftAt(side, m.time.Now())
}

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
	}
}

// StopClock settles and stops the clock for good.
func (m *Match) StopClock() {
	m.clock.settle(m.time.Now())
	m.disarmFlag()
	m.clock.running = false
}

// clockForSave charges the running side up to now and returns the clock as a save keeps it.
func (m *Match) clockForSave() *gameClock {
	m.clock.settle(m.time.Now())
	return &m.clock
}

// armFlag sets a timer for the moment the running side's time runs out.
func (m *Match) armFlag() {
	c := &m.clock
	c.armed++
	armed := c.armed
	c.stop = m.time.AfterFunc(max(c.left[c.side], 0), func() {
		m.post(func() { m.flagTimer(armed) })
	})
}

func (m *Match) disarmFlag() {
	if m.clock.stop != nil {
		m.clock.stop()
		m.clock.stop = nil
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
	if c.left[c.side] > 0 { // a timer that fired early: wait for the rest
		m.armFlag()
		return
	}
	m.flagFall(c.side)
}

// flagFall ends the game because side's time ran out (a draw when the other side has no
// attacking piece). The clock runs only at the end of the line, where a result is declared.
func (m *Match) flagFall(side rules.Color) {
	m.clock.left[side] = 0
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
	if c.left[c.side] <= 0 {
		m.flagFall(c.side)
		return false
	}
	return true
}
