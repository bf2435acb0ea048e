package online

import (
	"context"
	"net/url"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
)

// Lists is what the lobby last read of the server's lists (protocol version 4): who is
// online, the open seeks, a page of the games in play (best rated first) and the
// account's own games in play.
type Lists struct {
	Online, Seeks, Games, Mine proto.LobbyPage
	// Read says the lists were read at least once since signing in.
	Read bool
}

// lobbyState is the controller's part of the lobby's lists and of watching.
type lobbyState struct {
	lists    Lists
	reading  bool
	watchers map[int64]int  // per game, the watcher count the server last pushed
	watched  map[int64]bool // the games opened to watch (not one's own)
	// left are the games watched and left: their events still on the way are not a
	// game of one's own starting.
	left map[int64]bool
}

// Lists are the lists as last read.
func (lb Lobby) Lists() Lists { return lb.c.lobby.lists }

// Reading reports whether the lists are being read.
func (lb Lobby) Reading() bool { return lb.c.lobby.reading }

// Refresh reads the lists again, the games from page gamesPage; what is shown stays
// until the answer. A refresh while one is under way is passed over.
func (lb Lobby) Refresh(gamesPage int) {
	st := &lb.c.lobby
	if st.reading || lb.c.conn == nil {
		return
	}
	st.reading = true
	var got Lists
	lb.c.request(func(ctx context.Context, conn *client.Conn) error {
		for _, l := range []struct {
			list string
			page int
			into *proto.LobbyPage
		}{{proto.ListOnline, 0, &got.Online}, {proto.ListSeeks, 0, &got.Seeks},
			{proto.ListGames, gamesPage, &got.Games}, {proto.ListMine, 0, &got.Mine}} {
			p, err := conn.Lobby(ctx, l.list, l.page, 0)
			if err != nil {
				return err
			}
			*l.into = *p
		}
		return nil
	}, func(err error) {
		st.reading = false
		if err != nil {
			lb.c.fail(err)
			return
		}
		got.Read = true
		st.lists = got
		lb.c.changed()
	})
	lb.c.changed()
}

// AcceptSeek accepts seek s from the list; the pairing opens the game.
func (lb Lobby) AcceptSeek(s proto.SeekEntry) {
	lb.c.err = nil
	lb.c.request(func(ctx context.Context, conn *client.Conn) error {
		_, err := conn.AcceptSeek(ctx, s)
		return err
	}, func(err error) {
		if err != nil {
			lb.c.fail(err)
			lb.Refresh(lb.c.lobby.lists.Games.Page) // the seek is gone: show what is there now
		}
	})
	lb.c.changed()
}

// Watch opens game id to watch, from its first event, live.
func (lb Lobby) Watch(id int64) {
	if g, ok := lb.c.games[id]; ok {
		lb.c.current = g
		lb.c.changed()
		return
	}
	g := newGame(id)
	lb.c.games[id], lb.c.current = g, g
	lb.c.lobby.watched[id] = true
	lb.c.request(func(ctx context.Context, conn *client.Conn) error { return conn.Watch(ctx, id, 0) }, func(err error) {
		if err != nil {
			lb.forget(id)
			if lb.c.current == g {
				lb.c.current = nil
			}
			lb.c.fail(err)
		}
	})
	lb.c.changed()
}

// Watching reports whether game id was opened to watch, not to play.
func (lb Lobby) Watching(id int64) bool { return lb.c.lobby.watched[id] }

// Watchers is how many watch game id as the server last said (0 before it has).
func (lb Lobby) Watchers(id int64) int { return lb.c.lobby.watchers[id] }

// unwatch stops watching game id, leaving it.
func (lb Lobby) unwatch(id int64) {
	lb.forget(id)
	lb.c.lobby.left[id] = true
	lb.c.request(func(ctx context.Context, conn *client.Conn) error { return conn.Unwatch(ctx, id) }, func(error) {})
}

func (lb Lobby) forget(id int64) {
	delete(lb.c.games, id)
	delete(lb.c.lobby.watched, id)
	delete(lb.c.lobby.watchers, id)
}

// WatchedRecord is the record of watched game g, to review once it is over: it is not
// filed in the library, which keeps the player's own games.
func (lb Lobby) WatchedRecord(g *Game) *game.Record {
	if g.m == nil {
		return nil
	}
	site := lb.c.account.Server
	if u, err := url.Parse(site); err == nil {
		site = u.Host
	}
	day := lb.c.cfg.Now()
	if g.end != nil && !g.end.At.IsZero() {
		day = g.end.At.In(day.Location())
	}
	return g.record(site, day)
}

func (st *lobbyState) reset() {
	*st = lobbyState{watchers: map[int64]int{}, watched: map[int64]bool{}, left: map[int64]bool{}}
}
