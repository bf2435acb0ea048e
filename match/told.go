package match

import "github.com/xqfyne/xiangqi/rules"

// A match followed rather than judged: an app that plays on a server keeps the server's
// game as a Match, and the server's events set its moves and clocks (the server has
// already judged and timed them; the app's clock only counts on between two events).

// SetClocks sets both sides' clocks, by colour, as an authority (a server's event) tells
// them at the time source's now, taken as given (not brought within the control's
// bounds: a side whose last period is over shows none left). A running clock counts on
// from now.
func (m *Match) SetClocks(sides [2]SideClock) {
	c := &m.clock
	c.sides, c.since = sides, m.time.Now()
	if c.running {
		m.disarmFlag()
		m.armFlag()
		m.armCountdown()
	}
}

// Told records move mv as an authority judged and timed it: the rules check the move,
// the clocks are set to sides at now (see SetClocks) and the side to move's clock runs
// unless paused. An illegal move changes nothing.
func (m *Match) Told(mv rules.Move, sides [2]SideClock, paused bool) error {
	if err := m.g.Play(mv); err != nil {
		return err
	}
	m.SetClocks(sides)
	m.RunClock(paused)
	return nil
}
