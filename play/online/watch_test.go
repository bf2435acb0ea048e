package online

import (
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/server/hub"
	"github.com/xqfyne/xiangqi/server/proto"
)

// Three apps on one server: A seeks; B reads the lobby, finds A's seek in the list
// (with A online) and accepts it, which opens the game on both; C finds the game in
// play, watches it from its first event and sees the moves as they are made, with the
// watcher count pushed to the players; C leaves, which unwatches (the count falls back)
// and leaves nothing to resume; a game finished while watched gives its record to review.
func TestLobbySeekListAcceptAndWatch(t *testing.T) {
	srv := startServerWith(t, hub.Config{Grace: time.Hour, SeenEvery: 50 * time.Millisecond, WatchersEvery: 20 * time.Millisecond,
		LobbyRate: 1000, LobbyBurst: 1000})
	a, b, c := newPlayer(t, srv.url), newPlayer(t, srv.url), newPlayer(t, srv.url)
	for _, p := range []*player{a, b, c} {
		p.signIn()
	}
	var aID int64
	a.do(func() { aID = a.c.Account().ID; a.c.Lobby().Seek("10+5", false) })
	a.wait("the seek sent", func(c *Controller) bool { _, _, ok := c.Lobby().Seeking(); return ok })
	var seek proto.SeekEntry
	b.wait("A's seek and A online in the lists", func(ctl *Controller) bool {
		l := ctl.Lobby().Lists()
		found, online := false, false
		for _, s := range l.Seeks.Seeks {
			if s.Player.ID == aID {
				seek, found = s, true
			}
		}
		for _, p := range l.Online.Players {
			online = online || p.ID == aID
		}
		if !found || !online {
			ctl.Lobby().Refresh(0)
		}
		return found && online
	})
	if seek.TimeControl != "10+5" || seek.Rated {
		t.Errorf("A's seek as listed: %+v", seek)
	}
	b.do(func() { b.c.Lobby().AcceptSeek(seek) })
	ps := started(t, a, b)
	var g int64
	ps[0].do(func() { g = ps[0].c.Current().ID })
	playLine(t, ps, 0, []string{"h2e2"})

	c.wait("the game in the games list", func(ctl *Controller) bool {
		for _, e := range ctl.Lobby().Lists().Games.Games {
			if e.ID == g {
				return true
			}
		}
		ctl.Lobby().Refresh(0)
		return false
	})
	c.do(func() { c.c.Lobby().Watch(g) })
	c.wait("the watched game from its start", func(ctl *Controller) bool {
		cur := ctl.Current()
		return cur != nil && cur.ID == g && len(cur.Moves()) == 1 && !cur.Player
	})
	for _, p := range append(ps[:], c) {
		p.wait("one watcher", func(ctl *Controller) bool { return ctl.Lobby().Watchers(g) == 1 })
	}
	playLine(t, ps, 1, []string{"h9g7", "b0c2"})
	c.wait("the moves as they are made", func(ctl *Controller) bool { return len(ctl.Current().Moves()) == 3 })
	c.do(func() {
		if c.c.Lobby().Watching(g) != true || c.c.Playing() {
			t.Errorf("watching %v, playing %v: want watching, not playing", c.c.Lobby().Watching(g), c.c.Playing())
		}
		c.c.Leave()
		if len(c.c.Lobby().Resumable()) != 0 || c.c.Current() != nil {
			t.Errorf("after leaving a watched game: resumable %v, current %v", c.c.Lobby().Resumable(), c.c.Current())
		}
	})
	ps[0].wait("no watcher", func(ctl *Controller) bool { return ctl.Lobby().Watchers(g) == 0 })

	c.do(func() { c.c.Lobby().Watch(g) })
	c.wait("watching again", func(ctl *Controller) bool { return ctl.Current() != nil && len(ctl.Current().Moves()) == 3 })
	ps[1].do(ps[1].c.Actions().Resign)
	c.wait("the end", func(ctl *Controller) bool { return ctl.Current().Over() })
	c.do(func() {
		rec := c.c.Lobby().WatchedRecord(c.c.Current())
		if rec == nil || len(rec.MoveList(0)) != 3 || rec.Result.PGN() != "1-0" {
			t.Errorf("the watched game's record: %+v", rec)
		}
	})
}
