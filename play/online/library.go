package online

import (
	"fmt"
	"math"
	"net/url"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// ended files a finished game and takes its rating change into the account.
func (c *Controller) ended(g *Game) {
	if g.Player {
		change := g.end.Red
		if g.Me == rules.Black {
			change = g.end.Black
		}
		if change != nil {
			c.me.Rating = change.After
		}
	}
	if !g.Player || c.cfg.Library == nil || g.filed != "" {
		return
	}
	site := c.account.Server
	if u, err := url.Parse(site); err == nil {
		site = u.Host
	}
	e, err := c.cfg.Library.Add(g.record(site, c.cfg.Now()), play.Players{Human: game.HumanBoth})
	g.filed, g.fileErr = e.ID, err
	if err != nil {
		c.err = fmt.Errorf("the finished game could not be filed in the library: %w", err)
	}
}

// record is the finished game as the library files it: both players, their ratings when
// it began, the time control, the result and its reason as tags.
func (g *Game) record(site string, day time.Time) *game.Record {
	r := g.g.Record()
	r.Meta.Event = "Online"
	if g.Rated {
		r.Meta.Event = "Online, rated"
	}
	r.Meta.Site = site
	r.Meta.Date = day.Format("2006.01.02")
	r.Meta.Round = fmt.Sprintf("%d", g.ID)
	r.Meta.Red, r.Meta.Black = PlayerName(g.Red), PlayerName(g.Black)
	r.Meta.RedElo = fmt.Sprintf("%d", int(math.Round(g.Red.Rating)))
	r.Meta.BlackElo = fmt.Sprintf("%d", int(math.Round(g.Black.Rating)))
	r.Meta.TimeControl = "-"
	if g.TimeControl.Timed() {
		r.Meta.TimeControl = fmt.Sprintf("%d+%d", int(g.TimeControl.Base.Seconds()), int(g.TimeControl.Increment.Seconds()))
	}
	if g.end != nil {
		r.Meta.Termination = strings.TrimPrefix(g.end.Reason, "reason.")
	}
	return r
}
