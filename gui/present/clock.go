package present

import (
	"fmt"
	"time"

	"github.com/xqfyne/xiangqi/play"
)

// LowTime is when a clock turns red and starts showing tenths of a second.
const LowTime = 20 * time.Second

// ClockText writes a time left as h:mm:ss, m:ss, or 0:ss.t when it is low.
func ClockText(d time.Duration) string {
	d = max(d, 0)
	if d < LowTime {
		tenths := int(d / (100 * time.Millisecond))
		return fmt.Sprintf("0:%02d.%d", tenths/10, tenths%10)
	}
	s := int(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// SideClockText is one side's clock: its name and its time ("Red  4:59").
func SideClockText(name string, left time.Duration) string { return name + "  " + ClockText(left) }

// TimeControlText names a time control in New game ("5 min + 3 s", or no clock).
func TimeControlText(t Translate, tc play.TimeControl) string {
	if !tc.Timed() {
		return t("clock.untimed", nil)
	}
	return t("clock.control", map[string]any{"Minutes": tc.Minutes(), "Seconds": tc.IncrementSeconds()})
}
