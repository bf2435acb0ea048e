package play

import (
	"time"

	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
)

// Clocks is the game's clock as a part of a Session: what it shows, when it runs (not while
// browsing, analysing or away) and its saves between moves. The clock itself is the
// match's (match.Match).
type Clocks struct{ s *Session }

// Clocks returns the session's clocks.
func (s *Session) Clocks() Clocks { return Clocks{s} }

// keyTimeControl is the settings key of the game's time control.
const keyTimeControl = "timeControl"

// TimeControl returns the game's time control (zero when untimed).
func (ck Clocks) TimeControl() match.TimeControl { return ck.s.m.TimeControl() }

// Left returns the time left now of side's current stage: its main time, or in
// byo-yomi its period.
func (ck Clocks) Left(side rules.Color) time.Duration { return ck.s.m.ClockLeft(side) }

// Side returns side's whole clock now: main time, periods left and the period used.
func (ck Clocks) Side(side rules.Color) match.SideClock { return ck.s.m.Clock(side) }

// Running returns whose clock runs, if any.
func (ck Clocks) Running() (rules.Color, bool) { return ck.s.m.ClockRunning() }

// sync runs the clock of the side to move while a timed game is undecided and being
// played, and stops it otherwise: while an earlier position is shown (after taking moves
// back, or browsing), in analysis mode and while the app is away nobody is playing.
func (ck Clocks) sync() {
	ck.s.m.RunClock(ck.s.Analysis().On() || ck.s.away || ck.s.m.Game().Len() < freeOpeningPlies)
	ck.armCheckpoint()
}

// freeOpeningPlies is how many plies of a game are played before its clock starts: none is
// charged until each side has made its first move, as lichess and most online servers
// start their clocks, so that a player who taps Start and looks away does not lose with
// "0 moves" on time (issue 51; a tournament starts Red's clock at the round's start). The
// increment of a Fischer clock is added after those moves too. Games on the online server
// follow the server's clock.
const freeOpeningPlies = 2

// checkpointEvery is how often a running clock is saved between moves: a kill -9 (or a
// phone's system ending the app) then loses at most that much of the time used on the move
// being thought about, instead of all of it, which would hand the side to move a fresh
// byo-yomi period (issue 51).
const checkpointEvery = 5 * time.Second

// clockCheckpoint is the timer of the next save of a running clock.
type clockCheckpoint struct {
	stop  func() bool // nil: none armed
	armed uint64      // identifies the armed timer; a call of an older one is stale
}

// armCheckpoint keeps a checkpoint timer armed exactly while the clock runs.
func (ck Clocks) armCheckpoint() {
	c := &ck.s.checkpoint
	_, running := ck.s.m.ClockRunning()
	if running == (c.stop != nil) {
		return
	}
	c.armed++
	if !running {
		c.stop()
		c.stop = nil
		return
	}
	armed := c.armed
	c.stop = ck.s.time.AfterFunc(checkpointEvery, func() {
		ck.s.post(func() { ck.checkpointDue(armed) })
	})
}

// checkpointDue saves the running clock and arms the next checkpoint.
func (ck Clocks) checkpointDue(armed uint64) {
	c := &ck.s.checkpoint
	if armed != c.armed || c.stop == nil {
		return
	}
	c.stop = nil
	if _, running := ck.s.m.ClockRunning(); running {
		ck.s.save()
	}
	ck.armCheckpoint()
}

// SetAway tells the session whether the app is out of sight: a phone app sent to the
// background, where the player cannot see the board. The clock stops meanwhile and its
// exact time is saved at once, since the system may end a background app without a word;
// it runs again when the app is back.
func (ck Clocks) SetAway(away bool) {
	if away == ck.s.away {
		return
	}
	ck.s.away = away
	ck.s.changed(ChangeControls)
	if away && ck.s.m.TimeControl().Timed() {
		ck.s.save()
	}
}

// flagFell follows the end of the game on time: the engine stops, and the end is saved,
// shown and announced.
func (ck Clocks) flagFell() {
	ck.s.Engine().cancel()
	ck.s.Endings().ended()
}
