package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/rules"
)

// The go command's arguments, UCI's and UCCI's, read into the limits of a search.

// goParams is a parsed go command.
type goParams struct {
	limits engine.Limits
	ponder bool
}

// parseGo reads UCI (`go depth 8`, `go wtime 60000 btime 60000 winc 0`,
// `go movetime 1000`, `go nodes N`, `go infinite`, `go ponder`,
// `go searchmoves m...`, and 读秒 as USI GUIs send it: `go wtime W btime B
// byoyomi P`, the main times left and the period; a GUI that knows no
// byoyomi sends the period as the clock with `movestogo 1`) and UCCI (`go [ponder|draw] time T [movestogo M |
// increment I] [opptime T ...]`, `go depth N|infinite`) forms.
func parseGo(args []string, side rules.Color, ucci, millisec bool) (goParams, error) {
	var g goParams
	l := &g.limits
	unit := time.Millisecond
	if ucci && !millisec {
		unit = time.Second
	}
	var wtime, btime, winc, binc time.Duration
	haveClock, haveWBClock := false, false // UCCI time, UCI wtime/btime
	number := func(i int) (int64, error) {
		if i+1 >= len(args) {
			return 0, fmt.Errorf("go %s: missing value", args[i])
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("go %s: %s is not a non-negative number", args[i], rules.QuoteInput(args[i+1]))
		}
		return n, nil
	}
	for i := 0; i < len(args); i++ {
		key := strings.ToLower(args[i])
		switch key {
		case "infinite":
			l.Infinite = true
		case "ponder":
			g.ponder = true
		case "draw":
			// UCCI: the opponent offers a draw. We never accept one.
		case "searchmoves":
			for i+1 < len(args) {
				m, err := rules.ParseMove(args[i+1])
				if err != nil {
					break
				}
				l.SearchMoves = append(l.SearchMoves, m)
				i++
			}
		case "depth":
			if i+1 < len(args) && strings.EqualFold(args[i+1], "infinite") {
				l.Infinite = true
				i++
				continue
			}
			n, err := number(i)
			if err != nil {
				return g, err
			}
			l.Depth = int(min(n, 1000))
			i++
		case "nodes", "movetime", "mate", "movestogo", "wtime", "btime", "winc", "binc",
			"time", "increment", "opptime", "oppincrement", "oppmovestogo", "byoyomi":
			n, err := number(i)
			if err != nil {
				return g, err
			}
			i++
			d := time.Duration(min(n, 1<<30)) * unit // capped: no overflow even in seconds
			switch key {
			case "nodes":
				l.Nodes = uint64(n)
			case "movetime":
				l.MoveTime = time.Duration(min(n, 1<<30)) * time.Millisecond
			case "mate":
				l.Depth = int(min(2*n+1, 1000))
			case "movestogo":
				l.MovesToGo = int(min(n, 1000))
			case "wtime":
				wtime, haveWBClock = d, true
			case "btime":
				btime, haveWBClock = d, true
			case "winc":
				winc = d
			case "binc":
				binc = d
			case "time":
				l.Time, haveClock = d, true
			case "increment":
				l.Increment = d
			case "byoyomi":
				l.Byoyomi = d
			}
		default:
			return g, fmt.Errorf("go: unknown parameter %s", rules.QuoteInput(args[i]))
		}
	}
	if haveWBClock {
		l.Time, l.Increment = wtime, winc
		if side == rules.Black {
			l.Time, l.Increment = btime, binc
		}
	}
	if (haveClock || haveWBClock) && l.Time == 0 && l.Byoyomi == 0 {
		// Nothing left: move at once. (With a 读秒 period a main time of 0 is
		// the normal case: the period is the move's time.)
		l.Time = time.Millisecond
	}
	if g.ponder {
		g.limits.Infinite = false
	}
	return g, nil
}
