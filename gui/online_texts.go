package gui

import (
	"fmt"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// statusText is the status line of the online game: whose move it is or how the game
// ended, an earlier position browsed, the offers, the abandonment countdown, the
// connection and the last error. Its parts run on in one text, so that they fit the
// status line's two lines on a phone where they can.
func (o *onlineGame) statusText(g *online.Game, now time.Time) string {
	c := o.deps.c
	var lines []string
	away := awayText(g, now)
	switch {
	case !g.Started():
		lines = append(lines, tr("online.connecting"))
	case g.Over():
		lines = append(lines, o.endText(g))
	case g.Pending() != rules.NoMove:
		lines = append(lines, tr("online.sending"))
	case away != "":
		// The countdown, or the position browsed, instead of whose move it is (the
		// running clock says that), so that the line fits the phone's two lines.
		lines = append(lines, away)
	case o.browse >= 0:
		lines = append(lines, o.browsingText(g))
	case g.MyTurn():
		lines = append(lines, tr("online.yourMove"))
	default:
		lines = append(lines, tr("online.theirMove"))
	}
	if why := g.Illegal(); why != game.NotIllegal {
		lines = append(lines, o.deps.say(why.Message()))
	}
	if by, ok := g.DrawOfferedBy(); ok {
		if by == g.Me {
			lines = append(lines, tr("online.youOfferDraw"))
		} else {
			lines = append(lines, tr("online.drawOffered"))
		}
	}
	if by, ok := g.TakebackAskedBy(); ok && by != g.Me {
		lines = append(lines, tr("online.takebackAsked"))
	}
	if c.State() == online.Reconnecting {
		lines = append(lines, tr("online.reconnecting", map[string]any{"N": c.Attempts() + 1}))
	}
	if err := c.Err(); err != nil {
		lines = append(lines, errorText(err, o.deps.typedName()))
	}
	return strings.Join(lines, statusSeparator)
}

// statusSeparator runs the parts of the online status line on.
const statusSeparator = " · "

// awayText is the abandonment countdown: who is away, when the opponent may claim, when
// the away player loses.
func awayText(g *online.Game, now time.Time) string {
	side, claimAt, forfeitAt, ok := g.Away()
	if !ok || g.Over() {
		return ""
	}
	forfeit := present.ClockText(max(forfeitAt.Sub(now), 0).Truncate(time.Second))
	if side == g.Me {
		return tr("online.youAway", map[string]any{"Forfeit": forfeit})
	}
	if g.CanClaim(now) {
		return tr("online.opponentAwayClaim", map[string]any{"Forfeit": forfeit})
	}
	return tr("online.opponentAway", map[string]any{"Claim": present.ClockText(claimAt.Sub(now).Truncate(time.Second)), "Forfeit": forfeit})
}

// endText says how the game ended, the rating change of a rated one and where it was filed.
func (o *onlineGame) endText(g *online.Game) string {
	end := g.End()
	var text string
	if end.Reason == "reason.abandoned" {
		gone, _, _, known := g.Away()
		if !known { // the away event came before this device followed the game
			gone = rules.Red
			if end.Result == "1-0" {
				gone = rules.Black
			}
		}
		key := "online.abandoned"
		if end.Result == "1/2-1/2" {
			key = "online.abandonedDraw"
		}
		text = tr(key, map[string]any{"Side": sideName(gone)})
	} else {
		text = gameOverText(o.deps.say, g.Record())
	}
	change := end.Red
	if g.Me == rules.Black {
		change = end.Black
	}
	if g.Player && change != nil {
		text += statusSeparator + tr("online.ratingChange", map[string]any{
			"Before": fmt.Sprintf("%.0f", change.Before), "After": fmt.Sprintf("%.0f", change.After)})
	}
	if id, err := g.Filed(); id != "" && err == nil {
		text += statusSeparator + tr("online.filed")
	}
	return text
}

// browsingText says which earlier position is shown ("after 1... H8+7") and how to go
// back to the game.
func (o *onlineGame) browsingText(g *online.Game) string {
	gm := g.Record()
	if gm == nil || o.browse == 0 {
		return tr("online.browsingStart")
	}
	list := gm.Record().MoveList(o.deps.settings().Notation)
	if o.browse > len(list) {
		return tr("online.browsingStart")
	}
	e := list[o.browse-1]
	return tr("online.browsing", map[string]any{"Move": e.Number + " " + e.Text})
}

// playerName is an account's name as shown: a guest, who has none, by its number.
func playerName(a proto.Account) string {
	if a.Name != "" {
		return a.Name
	}
	return tr("online.guest", map[string]any{"ID": a.ID})
}
