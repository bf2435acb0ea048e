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
