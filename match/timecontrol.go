package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/rules"
)

// TimeControl is a game's thinking time, the one description of a clock that the app, its
// saves, the engine's limits and the server share. It is one of:
//
//   - untimed: the zero value;
//   - sudden death or Fischer: Base for each side for the whole game, plus Increment added
//     to a side's clock after each of its moves ("5+3");
//   - 读秒 (byo-yomi), as Chinese tournaments play it: Base main time, then every move
//     within Byoyomi ("10+30b": 10 minutes, then 30 seconds a move; "0+20b" is 快棋, every
//     move within 20 seconds from the start). With Periods k > 1 it is Japanese byo-yomi
//     ("10+30bx3"): a period is used up only by a move that takes longer than Byoyomi, the
//     next one starts at once, and the last period's end is a loss on time.
//
// Increment and Byoyomi are never both set. Periods counts only with Byoyomi; 0 and 1 both
// mean one period (ByoyomiPeriods).
type TimeControl struct {
	Base      time.Duration
	Increment time.Duration
	Byoyomi   time.Duration // time for each move once Base is spent; 0: no byo-yomi
	Periods   int           // byo-yomi periods; 0 and 1 both mean one
}

// Bounds of a time control, as minutes, seconds per move and periods (MaxPeriods also bounds
// a kept clock's periods).
const (
	maxBaseMinutes      = 180
	maxIncrementSeconds = 60
	maxByoyomiSeconds   = 300
	MaxPeriods          = 10
	// MaxClock bounds a kept clock: one above it is damaged.
	MaxClock = 24 * time.Hour
)

// timeControls are the presets offered in New game, untimed first, then Fischer, then 读秒.
var timeControls = [...]TimeControl{
	{},
	{Base: 5 * time.Minute, Increment: 3 * time.Second},
	{Base: 10 * time.Minute, Increment: 5 * time.Second},
	{Base: 15 * time.Minute, Increment: 10 * time.Second},
	{Base: 30 * time.Minute},
	{Byoyomi: 20 * time.Second, Periods: 1}, // 快棋
	{Base: 10 * time.Minute, Byoyomi: 30 * time.Second, Periods: 1},
	{Base: 20 * time.Minute, Byoyomi: 60 * time.Second, Periods: 1},
	{Base: 10 * time.Minute, Byoyomi: 30 * time.Second, Periods: 3},
}

// TimeControls returns the time controls offered for a new game, untimed first.
func TimeControls() []TimeControl { return append([]TimeControl(nil), timeControls[:]...) }

// Timed reports whether the game is played on a clock.
func (tc TimeControl) Timed() bool { return tc.Base > 0 || tc.Byoyomi > 0 }

// IsByoyomi reports whether the control ends in byo-yomi (读秒) periods.
func (tc TimeControl) IsByoyomi() bool { return tc.Byoyomi > 0 }

// ByoyomiPeriods is the number of byo-yomi periods (0 without byo-yomi).
func (tc TimeControl) ByoyomiPeriods() int {
	if !tc.IsByoyomi() {
		return 0
	}
	return max(tc.Periods, 1)
}

// Minutes and IncrementSeconds are the two numbers of "5+3"; ByoyomiSeconds is the 30 of
// "10+30b".
func (tc TimeControl) Minutes() int          { return int(tc.Base / time.Minute) }
func (tc TimeControl) IncrementSeconds() int { return int(tc.Increment / time.Second) }
func (tc TimeControl) ByoyomiSeconds() int   { return int(tc.Byoyomi / time.Second) }

// String writes the time control as minutes+seconds ("5+3"), with byo-yomi as
// minutes+secondsb ("10+30b") and periods as "x3" after it; "" when untimed.
func (tc TimeControl) String() string {
	switch {
	case !tc.Timed():
		return ""
	case tc.IsByoyomi() && tc.ByoyomiPeriods() > 1:
		return fmt.Sprintf("%d+%dbx%d", tc.Minutes(), tc.ByoyomiSeconds(), tc.ByoyomiPeriods())
	case tc.IsByoyomi():
		return fmt.Sprintf("%d+%db", tc.Minutes(), tc.ByoyomiSeconds())
	}
	return fmt.Sprintf("%d+%d", tc.Minutes(), tc.IncrementSeconds())
}

// ParseTimeControl reads "minutes+seconds" (Fischer), "minutes+secondsb" (byo-yomi, one
// period) or "minutes+secondsbxk" (k periods); "" is untimed.
func ParseTimeControl(text string) (TimeControl, error) {
	if text == "" {
		return TimeControl{}, nil
	}
	bad := func() (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("time control %s: want minutes+seconds (1..%d minutes, 0..%d seconds), "+
			"or minutes+secondsb for 读秒 (0..%d minutes, 1..%d seconds) with xN for N periods (1..%d)",
			rules.QuoteInput(text), maxBaseMinutes, maxIncrementSeconds, maxBaseMinutes, maxByoyomiSeconds, MaxPeriods)
	}
	m, s, ok := strings.Cut(text, "+")
	if !ok {
		return bad()
	}
	minutes, err := atoiStrict(m)
	if err != nil || minutes < 0 || minutes > maxBaseMinutes {
		return bad()
	}
	base := time.Duration(minutes) * time.Minute
	s, periodsText, hasPeriods := strings.Cut(s, "bx")
	s, isByo := strings.CutSuffix(s, "b")
	seconds, err := atoiStrict(s)
	if err != nil {
		return bad()
	}
	if !isByo && !hasPeriods {
		if minutes < 1 || seconds < 0 || seconds > maxIncrementSeconds {
			return bad()
		}
		return TimeControl{Base: base, Increment: time.Duration(seconds) * time.Second}, nil
	}
	periods := 1
	if hasPeriods {
		if isByo { // "10+30bbx3"
			return bad()
		}
		if periods, err = atoiStrict(periodsText); err != nil || periods < 2 || periods > MaxPeriods {
			return bad()
		}
	}
	if seconds < 1 || seconds > maxByoyomiSeconds {
		return bad()
	}
	return TimeControl{Base: base, Byoyomi: time.Duration(seconds) * time.Second, Periods: periods}, nil
}

// atoiStrict reads a decimal number of at most four digits and no sign.
func atoiStrict(s string) (int, error) {
	if s == "" || len(s) > 4 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, fmt.Errorf("not a number: %q", s)
	}
	return strconv.Atoi(s)
}
