package play

import (
	"time"

	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
)

// keyTimeControl is the settings key of the game's time control.
const keyTimeControl = "timeControl"

// TimeControl returns the game's time control (zero when untimed).
func (s *Session) TimeControl() match.TimeControl { return s.m.TimeControl() }

// ClockLeft returns the time left now of side's current stage: its main time, or in
// byo-yomi its period.
func (s *Session) ClockLeft(side rules.Color) time.Duration { return s.m.ClockLeft(side) }

// Clock returns side's whole clock now: main time, periods left and the period used.
func (s *Session) Clock(side rules.Color) match.SideClock { return s.m.Clock(side) }

// ClockRunning returns whose clock runs, if any.
func (s *Session) ClockRunning() (rules.Color, bool) { return s.m.ClockRunning() }

// syncClock runs the clock of the side to move while a timed game is undecided and being
// played, and stops it otherwise: while an earlier position is shown (after taking moves
// back, or browsing), in analysis mode and while the app is away nobody is playing.
func (s *Session) syncClock() {
	s.m.RunClock(s.Analysing() || s.away)
	s.armCheckpoint()
}


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
func (s *Session) armCheckpoint() {
	c := &s.checkpoint
	_, running := s.m.ClockRunning()
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
	c.stop = s.time.AfterFunc(checkpointEvery, func() {
		s.post(func() { s.checkpointDue(armed) })
	})
}

// checkpointDue saves the running clock and arms the next checkpoint.
func (s *Session) checkpointDue(armed uint64) {
	c := &s.checkpoint
	if armed != c.armed || c.stop == nil {
		return
	}
	c.stop = nil
	if _, running := s.m.ClockRunning(); running {
		s.save()
	}
	s.armCheckpoint()
}

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
