package match

import (
	"time"

	"github.com/xqfyne/xiangqi/rules"
)

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

// RestoreClocks is both sides' clocks for tc from the clocks that a save or a row kept (nil:
// full clocks), each brought within tc's bounds.
func RestoreClocks(kept *[2]SideClock, tc TimeControl) [2]SideClock {
	sides := [2]SideClock{FullClock(tc), FullClock(tc)}
	if kept != nil && tc.Timed() {
		for side := range sides {
			sides[side] = kept[side].Sane(tc)
		}
	}
	return sides
}

func restoreClock(kept *[2]SideClock, tc TimeControl) gameClock {
	return gameClock{tc: tc, sides: RestoreClocks(kept, tc)}
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
