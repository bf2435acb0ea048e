package online

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
)

// ended files a finished game and takes its rating change into the account. A game
// followed only to be filed late (one that ended while the app was not running) is let go
// once filed; its rating change is old news, the account's rating came with the welcome.
func (c *Controller) ended(g *Game) {
	if g.late {
		defer delete(c.games, g.ID)
	} else if g.Player {
		change := g.end.Red
		if g.Me == rules.Black {
			change = g.end.Black
		}
		if change != nil {
			c.me.Rating = change.After
		}
	}
	if !g.Player || c.cfg.Library == nil || g.filed != "" || c.wasFiled(g.ID) {
		return
	}
	site := c.account.Server
	if u, err := url.Parse(site); err == nil {
		site = u.Host
	}
	day := c.cfg.Now()
	if at := g.end.At; !at.IsZero() {
		day = at.In(day.Location()) // the server's time of the end, so a game filed late bears its own date
	}
	e, err := c.cfg.Library.Add(g.record(site, day), play.Players{Human: game.HumanBoth})
	g.filed, g.fileErr = e.ID, err
	if err != nil {
		c.err = fmt.Errorf("the finished game could not be filed in the library: %w", err)
		return
	}
	c.markFiled(g.ID)
}

// maxFiled bounds the filed games remembered: well above proto.MaxEnded, so that every
// game an ended answer names that was filed here is still known as filed.
const maxFiled = 5 * proto.MaxEnded

// wasFiled reports whether the server's game id was filed in the library from here.
func (c *Controller) wasFiled(id int64) bool { return slices.Contains(c.account.Filed, id) }

// markFiled remembers in the store that game id was filed, so no later sign-in files it
// again.
func (c *Controller) markFiled(id int64) {
	filed := append(slices.Clone(c.account.Filed), id)
	c.account.Filed = filed[max(len(filed)-maxFiled, 0):]
	c.keep()
}

// fileLate files the account's games that ended while this app was not following them
// (killed, or offline when the opponent resigned, the flag fell or the game was forfeited):
// it asks the server for the latest ended games and replays each one not filed here, which
// ends, and so is filed, the way a game followed to its end is.
func (c *Controller) fileLate() {
	if c.cfg.Library == nil {
		return
	}
	// Answers that come after the socket dropped are left alone: the next sign-in asks
	// again, and the dial that follows asks for the games being replayed.
	socket := c.conn
	var ended []int64
	c.request(func(ctx context.Context, conn *client.Conn) (err error) {
		ended, err = conn.Ended(ctx)
		return err
	}, func(err error) {
		if c.conn != socket {
			return
		}
		if err != nil {
			c.fail(err)
			return
		}
		for _, id := range ended {
			if _, open := c.games[id]; open || c.wasFiled(id) {
				continue
			}
			g := newGame(id)
			g.late = true
			c.games[id] = g
			c.request(func(ctx context.Context, conn *client.Conn) error { return conn.Watch(ctx, id, 0) }, func(err error) {
				if err == nil || c.conn != socket {
					return
				}
				if c.games[id] == g {
					delete(c.games, id)
				}
				c.fail(err)
			})
		}
	})
}

// record is the finished game as the library files it: both players, their ratings when
// it began, the time control, the result and its reason as tags.
func (g *Game) record(site string, day time.Time) *game.Record {
	r := g.Record().Record()
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
