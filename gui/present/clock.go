package present

import (
	"fmt"
	"time"

	"github.com/xqfyne/xiangqi/match"
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

// SideClockText is one side's clock: its name and its time as the clock shows it ("Red
// 4:59", "黑方  读秒 25").
func SideClockText(name, face string) string { return name + "  " + face }

// LowByoyomi is when a clock in byo-yomi turns red: the 读秒 count's last ten seconds.
const LowByoyomi = 10 * time.Second

// ByoyomiText is a clock in byo-yomi: the whole seconds left of the period, counted down
// as an arbiter counts them ("读秒 25"), and the periods left when there are several
// ("读秒 25 ×2"; one period left shows none).
func ByoyomiText(t Translate, left time.Duration, periods int) string {
	secs := int((max(left, 0) + time.Second - 1) / time.Second)
	if periods > 1 {
		return t("clock.byoyomiLeftPeriods", map[string]any{"Seconds": secs, "Periods": periods})
	}
	return t("clock.byoyomiLeft", map[string]any{"Seconds": secs})
}

// TimeControlText names a time control in New game ("5 min + 3 s", "10分钟 + 30秒读秒",
// "快棋：每步20秒", or no clock).
func TimeControlText(t Translate, tc match.TimeControl) string {
	args := map[string]any{"Minutes": tc.Minutes(), "Seconds": tc.IncrementSeconds()}
	switch {
	case !tc.Timed():
		return t("clock.untimed", nil)
	case tc.IsByoyomi():
		args["Seconds"], args["Periods"] = tc.ByoyomiSeconds(), tc.ByoyomiPeriods()
		switch {
		case tc.ByoyomiPeriods() > 1:
			return t("clock.byoyomiPeriods", args)
		case tc.Base == 0:
			return t("clock.kuaiqi", args)
		}
		return t("clock.byoyomi", args)
	}
	return t("clock.control", args)
}
