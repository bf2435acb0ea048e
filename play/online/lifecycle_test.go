package online

import (
	"slices"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// A phone app whose socket the system closed while it was in the background (and whose
// next dial is far off, after failed attempts) dials again at once when it comes to the
// foreground: the same account, the same game, the move made meanwhile, and play goes on.
func TestForegroundReconnectsAtOnce(t *testing.T) {
	s := startServer(t)
	ps := newPair(t, s.url, "10+5")
	playLine(t, ps, 0, mateLine[:1])
	red, black := ps[0], ps[1]
	var account, id int64
	red.do(func() {
		account, id = red.c.Account().ID, red.c.Current().ID
		red.c.cfg.Backoff, red.c.cfg.MaxBackoff = time.Minute, time.Minute // beyond the test's waits
		red.c.Disconnect()
	})
	red.wait("the drop seen", func(c *Controller) bool { return c.State() == Reconnecting })
	black.tapMove(mateLine[1])
	red.do(func() {
		if red.c.Current() == nil || red.c.Current().ID != id || !red.c.Playing() || !red.c.HasToken() {
			t.Error("in the background, the game or the sign-in was let go")
		}
		red.c.Foreground()
	})
	red.wait("the reconnect on coming to the foreground", func(c *Controller) bool { return c.State() == Connected })
	red.wait("the move made meanwhile", func(c *Controller) bool { return len(c.Current().Moves()) == 2 })
	red.do(func() {
		if red.c.Account().ID != account || red.c.Current().ID != id {
			t.Errorf("came back as account %d in game %d, was %d in %d", red.c.Account().ID, red.c.Current().ID, account, id)
		}
		red.c.Foreground() // connected: nothing to do
		if red.c.State() != Connected {
			t.Errorf("Foreground while connected: state %v", red.c.State())
		}
	})
	playLine(t, ps, 2, mateLine[2:])
	filed(t, ps, "1-0", "checkmate")
}

// Signing out forgets the token and the account, here and in the store, and leaves the
// lobby; the server's address, the library, the games known as filed and the offline
// game's save stay. Signing in again is a new guest, and files nothing twice.
func TestSignOutForgetsTheAccountOnly(t *testing.T) {
	s := startServer(t)
	a, b := newPlayer(t, s.url), newPlayer(t, s.url)
	offline, err := game.New("")
	if err != nil {
		t.Fatal(err)
	}
	if err := offline.Play(mustMove(t, "h2e2")); err != nil {
		t.Fatal(err)
	}
	if err := a.store.Save(offline, play.Settings{Human: game.HumanRed}); err != nil {
		t.Fatal(err)
	}
	a.signIn()
	b.signIn()
	ps := pairByInvite(t, a, b, "10+5")
	playLine(t, ps, 0, []string{"h2e2"})
	ps[1].do(ps[1].c.Actions().Resign)
	filed(t, ps, "1-0", "resignation")
	var account int64
	var gameID int64
	a.do(func() {
		account, gameID = a.c.Account().ID, a.c.Current().ID
		a.c.Leave()
		a.c.Lobby().Seek("10+5", false)
	})
	a.wait("the seek waits", func(c *Controller) bool { _, _, ok := c.Lobby().Seeking(); return ok })
	a.do(func() {
		a.c.SignOut()
		if a.c.State() != SignedOut || a.c.HasToken() || a.c.Account() != (proto.Account{}) || a.c.Current() != nil ||
			len(a.c.Lobby().Resumable()) != 0 || a.c.Playing() || a.c.Server() != s.url {
			t.Errorf("signed out: state %v, token %v, account %+v, current %v, server %s", a.c.State(), a.c.HasToken(), a.c.Account(), a.c.Current(), a.c.Server())
		}
		if _, _, ok := a.c.Lobby().Seeking(); ok {
			t.Error("still seeking after signing out")
		}
		kept, err := a.store.LoadOnline()
		if err != nil || kept.Token != "" || kept.Server != s.url || !slices.Contains(kept.Filed, gameID) {
			t.Errorf("kept after signing out: %+v %v", kept, err)
		}
		if n := len(a.lib.List()); n != 1 {
			t.Errorf("the library holds %d games after signing out", n)
		}
	})
	saved, err := a.store.Load()
	if err != nil || game.ICCSLine(saved.Record().MainLineMoves()) != "h2e2" {
		t.Errorf("the offline game after signing out: %v", err)
	}
	a.signIn()
	settle(a)
	a.do(func() {
		if a.c.Account().ID == account {
			t.Errorf("signed in again as the account signed out of (%d)", account)
		}
		if n := len(a.lib.List()); n != 1 || len(a.c.games) != 0 {
			t.Errorf("signing in again: %d games in the library, following %v", n, a.c.games)
		}
	})
}

func mustMove(t *testing.T, s string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
