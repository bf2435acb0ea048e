package online

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
)

// Lobby is how a game is found, as a part of the Controller: a seek, an invite and its code,
// joining by code, the games of the account to resume, and (watch.go) the server's lists
// of who is online, the open seeks to accept and the games in play to watch.
type Lobby struct{ c *Controller }

// Lobby returns the controller's lobby.
func (c *Controller) Lobby() Lobby { return Lobby{c} }

// SeekControls are the time controls a seek may ask for.
func SeekControls() []match.TimeControl { return match.TimeControls()[1:] }

// Seek asks for a game on time control tc ("10+5", one of SeekControls); the wait is
// Seeking's, and a pairing opens the game.
func (lb Lobby) Seek(tc string, rated bool) {
	lb.c.seeking, lb.c.seekRated, lb.c.seekSince, lb.c.err = tc, rated, lb.c.cfg.Now(), nil
	lb.c.request(func(ctx context.Context, conn *client.Conn) error {
		_, err := conn.Seek(ctx, tc, "", rated)
		return err
	}, func(err error) {
		if err != nil {
			lb.c.seeking = ""
			lb.c.fail(err)
		}
	})
	lb.c.changed()
}

// Seeking is the time control sought and since when, while a seek waits.
func (lb Lobby) Seeking() (string, time.Time, bool) {
	return lb.c.seeking, lb.c.seekSince, lb.c.seeking != ""
}

// CancelSeek withdraws the seek.
func (lb Lobby) CancelSeek() {
	if lb.c.seeking == "" {
		return
	}
	lb.c.seeking = ""
	lb.c.request(func(ctx context.Context, conn *client.Conn) error { return conn.CancelSeek(ctx) }, func(err error) {
		if err != nil {
			lb.c.fail(err)
		}
	})
	lb.c.changed()
}

// Invite makes a private game on time control tc ("" untimed); InviteCode is then the
// code to give the opponent.
func (lb Lobby) Invite(tc string, rated bool) {
	lb.c.err = nil
	var id int64
	var code string
	lb.c.request(func(ctx context.Context, conn *client.Conn) (err error) {
		id, code, err = conn.Invite(ctx, tc, "", rated)
		return err
	}, func(err error) {
		if err != nil {
			lb.c.fail(err)
			return
		}
		if _, paired := lb.c.games[id]; !paired {
			lb.c.inviteGame, lb.c.inviteCode = id, code
		}
		lb.c.changed()
	})
	lb.c.changed()
}

// InviteCode is the code of the invite waiting for its opponent ("" when none).
func (lb Lobby) InviteCode() string { return lb.c.inviteCode }

// Join joins the private game of code.
func (lb Lobby) Join(code string) {
	code = strings.TrimSpace(code)
	if code == "" {
		lb.c.fail(errors.New("enter the invite code"))
		return
	}
	lb.c.err = nil
	lb.c.request(func(ctx context.Context, conn *client.Conn) error {
		_, err := conn.Join(ctx, code)
		return err
	}, func(err error) {
		if err != nil {
			lb.c.fail(err)
		}
	})
	lb.c.changed()
}

// Resumable are the account's games in play that are not open here.
func (lb Lobby) Resumable() []int64 { return slices.Clone(lb.c.resume) }

// Resume opens a game in play and replays its events.
func (lb Lobby) Resume(id int64) {
	lb.c.resume = slices.DeleteFunc(lb.c.resume, func(g int64) bool { return g == id })
	if g, ok := lb.c.games[id]; ok {
		lb.c.current = g
		lb.c.changed()
		return
	}
	g := newGame(id)
	lb.c.games[id], lb.c.current = g, g
	lb.c.request(func(ctx context.Context, conn *client.Conn) error { return conn.Watch(ctx, id, 0) }, func(err error) {
		if err != nil {
			delete(lb.c.games, id)
			if lb.c.current == g {
				lb.c.current = nil
			}
			lb.c.fail(err)
		}
	})
	lb.c.changed()
}

// Current is the game shown (nil in the lobby).
func (c *Controller) Current() *Game { return c.current }

// Leave goes back to the lobby; a game in play goes on and can be resumed.
func (c *Controller) Leave() {
	if g := c.current; g != nil && c.lobby.watched[g.ID] {
		c.Lobby().unwatch(g.ID) // a watched game is not one to resume
	} else if g != nil && g.end == nil {
		c.resume = append(c.resume, g.ID)
		delete(c.games, g.ID)
	}
	c.current = nil
	c.changed()
}

// Playing reports whether an online game of this account is in play: hint, analysis and
// the engine stay off meanwhile.
func (c *Controller) Playing() bool {
	for _, g := range c.games {
		if g.Player && !g.late && g.end == nil && g.broken == nil {
			return true
		}
	}
	return len(c.resume) > 0
}

// paired opens a game that a seek or invite became.
func (lb Lobby) paired(id int64) {
	if id == lb.c.inviteGame {
		lb.c.inviteGame, lb.c.inviteCode = 0, ""
	}
	lb.c.seeking = ""
	lb.c.Social().pairedGame(id)
	if _, ok := lb.c.games[id]; !ok {
		lb.c.games[id] = newGame(id)
	}
	lb.c.current = lb.c.games[id]
}

// frame handles one frame from the server.
func (c *Controller) frame(gen uint64, f proto.Frame) {
	if gen != c.gen {
		return
	}
	switch f.Type {
	case proto.TypePaired:
		c.Lobby().paired(f.Game)
	case proto.TypeEvent:
		c.event(*f.Event)
	case proto.TypeError:
		c.err = &proto.Error{Code: f.Code, Message: f.Message}
	case proto.TypeWatchers:
		c.lobby.watchers[f.Game] = *f.Watchers
	default:
		if !c.Social().frame(f) {
			return
		}
	}
	c.changed()
}

func (c *Controller) event(e proto.Event) {
	g, ok := c.games[e.Game]
	if !ok && e.Seq == 1 && e.Kind == proto.KindStart && !c.lobby.left[e.Game] &&
		(c.inviteGame == e.Game || c.inviteCode == "" && c.current == nil) {
		// An inviter's socket watches its game from the invite on, so the start may come
		// before the paired frame (or before the invite's answer is handled).
		c.Lobby().paired(e.Game)
		g, ok = c.games[e.Game], true
	}
	if !ok && e.Kind == proto.KindEnd && slices.Contains(c.resume, e.Game) {
		// A game left for the lobby ended: it is in play no more, and is filed as one that
		// ended while the app was not following it.
		c.resume = slices.DeleteFunc(c.resume, func(id int64) bool { return id == e.Game })
		c.fileLate()
		return
	}
	if !ok || g.broken != nil {
		return
	}
	fresh, err := g.apply(e, c.me.ID, c.cfg.Now())
	if err != nil {
		g.broken, c.err = err, err
		return
	}
	if fresh && e.Kind == proto.KindEnd {
		c.ended(g)
	}
}
