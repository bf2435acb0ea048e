package online

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/hub"
	"github.com/xqfyne/xiangqi/server/proto"
)

// settle waits until every request p's controller queued so far has been answered and
// its answer handled (the requests go out one at a time, in order).
func settle(p *player) {
	p.t.Helper()
	done := make(chan error, 1)
	p.do(func() {
		p.c.request(func(context.Context, *client.Conn) error { return nil }, func(err error) { done <- err })
	})
	select {
	case err := <-done:
		if err != nil {
			p.t.Fatal(err)
		}
	case <-time.After(15 * time.Second):
		p.t.Fatal("the controller's requests were not answered")
	}
}

// entries is what p's library lists.
func (p *player) entries() []play.LibraryItem {
	var items []play.LibraryItem
	p.do(func() { items = p.lib.List() })
	return items
}

// restartFiles starts the app again on dir and checks that it files the game it was not
// running for, once: its library then holds that game alone, as the opponent's app filed
// it while following it (same moves, result, reason, players, ratings and time control),
// and a third start files nothing more. It returns the second start.
func restartFiles(t *testing.T, dir string, id int64, opponent *player) *player {
	t.Helper()
	var want *game.Record
	opponent.wait("the opponent's app filed the game", func(c *Controller) bool {
		g := c.Current()
		if g == nil {
			return false
		}
		if filedID, _ := g.Filed(); filedID != "" {
			want, _, _ = opponent.lib.Open(filedID)
		}
		return want != nil
	})
	again := openPlayer(t, dir, "")
	// Started again days later: the game is filed with the day it ended.
	again.do(func() { again.c.cfg.Now = func() time.Time { return time.Now().Add(72 * time.Hour) } })
	again.signIn()
	again.wait("the game that ended meanwhile filed", func(*Controller) bool { return len(again.lib.List()) == 1 })
	again.wait("the game let go once filed", func(c *Controller) bool { return len(c.games) == 0 })
	again.do(func() {
		if again.c.Current() != nil || again.c.Playing() || len(again.c.Lobby().Resumable()) != 0 {
			t.Errorf("a game filed late is shown (%v), in play (%v) or to resume (%v)", again.c.Current(), again.c.Playing(), again.c.Lobby().Resumable())
		}
		kept, err := again.store.LoadOnline()
		if err != nil || !slices.Contains(kept.Filed, id) {
			t.Errorf("the store does not remember game %d as filed: %+v %v", id, kept.Filed, err)
		}
	})
	var got *game.Record
	var err error
	again.do(func() { got, _, err = again.lib.Open(again.lib.List()[0].ID) })
	if err != nil {
		t.Fatal(err)
	}
	if g, w := game.ICCSLine(got.MainLineMoves()), game.ICCSLine(want.MainLineMoves()); g != w {
		t.Errorf("filed late %q, the opponent filed %q", g, w)
	}
	gotRes, err1 := got.ResultAtEnd()
	wantRes, err2 := want.ResultAtEnd()
	if err1 != nil || err2 != nil || gotRes.PGN() != wantRes.PGN() {
		t.Errorf("filed late %v (%v), the opponent filed %v (%v)", gotRes, err1, wantRes, err2)
	}
	g, w := got.Meta, want.Meta
	if g.Red != w.Red || g.Black != w.Black || g.RedElo != w.RedElo || g.BlackElo != w.BlackElo || g.TimeControl != w.TimeControl ||
		g.Termination != w.Termination || g.Event != w.Event || g.Site != w.Site || g.Round != fmt.Sprint(id) || g.Date != w.Date {
		t.Errorf("filed late with the tags %+v, the opponent's %+v", g, w)
	}
	var pgn strings.Builder
	if err := got.ExportPGN(&pgn, game.PGNOptions{Notation: game.ICCS}); err != nil {
		t.Fatal(err)
	}
	for _, tag := range []string{"[Red \"Guest ", "[RedElo \"1500\"]", "[BlackElo \"1500\"]", "[TimeControl \"" + w.TimeControl,
		"[Termination \"" + w.Termination + "\"]", "[Result \"" + wantRes.PGN() + "\"]"} {
		if !strings.Contains(pgn.String(), tag) {
			t.Errorf("the PGN filed late lacks %s:\n%s", tag, pgn.String())
		}
	}

	// A third start, and the opponent's app started again: nothing is filed twice.
	again.do(again.c.Close)
	third := openPlayer(t, dir, "")
	third.signIn()
	settle(third)
	third.do(func() {
		if len(third.c.games) != 0 {
			t.Errorf("a third start follows games %v to file them again", third.c.games)
		}
	})
	if n := len(third.entries()); n != 1 {
		t.Errorf("after a third start the library holds %d games", n)
	}
	opponent.do(opponent.c.Close)
	back := openPlayer(t, opponent.dir, "")
	back.signIn()
	settle(back)
	back.do(func() {
		if len(back.c.games) != 0 {
			t.Errorf("the opponent's app follows games %v that it filed while connected", back.c.games)
		}
	})
	if n := len(back.entries()); n != 1 {
		t.Errorf("the opponent's library holds %d games after its restart", n)
	}
	return again
}

// kill drops p's controller without a word, as a killed app does, and returns the game
// it was in.
func kill(p *player) int64 {
	var id int64
	p.do(func() { id = p.c.Current().ID; p.c.Close() })
	return id
}

// The app is killed in a game; the opponent resigns meanwhile. Started again, the app
// files the game, won by resignation, once.
func TestGameResignedWhileKilledIsFiledOnRestart(t *testing.T) {
	s := startServer(t)
	ps := newPair(t, s.url, "10+5")
	playLine(t, ps, 0, mateLine[:3])
	red, black := ps[0], ps[1]
	id := kill(red)
	black.do(black.c.Actions().Resign)
	again := restartFiles(t, red.dir, id, black)
	if e := again.entries()[0]; e.Result != "1-0" {
		t.Errorf("filed %+v, want Red's win", e)
	}
}

// The app is killed while its clock runs; the flag falls on the server's clock. Started
// again, the app files the loss on time.
func TestFlagFallenWhileKilledIsFiledOnRestart(t *testing.T) {
	s := startServer(t)
	ps := newPair(t, s.url, "1+0")
	playLine(t, ps, 0, []string{"h2e2"})
	red, black := ps[0], ps[1]
	id := kill(black)
	s.skew.Store(int64(61 * time.Second))
	again := restartFiles(t, black.dir, id, red)
	rec, _, err := again.lib.Open(again.entries()[0].ID)
	if err != nil || rec.Meta.Termination != "time" {
		t.Errorf("filed %+v (%v), want a loss on time", rec, err)
	}
	if e := again.entries()[0]; e.Result != "1-0" {
		t.Errorf("filed %+v, want Red's win", e)
	}
}

// The app is killed and stays away: the server forfeits the game as abandoned. Started
// again, the app files the loss.
func TestGameForfeitedWhileKilledIsFiledOnRestart(t *testing.T) {
	s := startServerWith(t, hub.Config{Grace: 500 * time.Millisecond, SeenEvery: 50 * time.Millisecond, AwayAfter: 300 * time.Millisecond})
	ps := newPair(t, s.url, "10+5")
	playLine(t, ps, 0, []string{"h2e2"})
	red, black := ps[0], ps[1]
	id := kill(black)
	red.wait("the forfeit", func(c *Controller) bool { return c.Current().Over() })
	red.do(func() {
		if end := red.c.Current().End(); end.Reason != "reason.abandoned" || end.Result != "1-0" {
			t.Errorf("ended %+v, want Black's loss by abandonment", end)
		}
	})
	again := restartFiles(t, black.dir, id, red)
	if e := again.entries()[0]; e.Result != "1-0" {
		t.Errorf("filed %+v, want Red's win", e)
	}
}

// A game left for the lobby that the opponent then resigns is in play no more (the
// engine's help comes back) and lands in the library, once.
func TestGameLeftForTheLobbyIsFiledWhenItEnds(t *testing.T) {
	s := startServer(t)
	ps := newPair(t, s.url, "10+5")
	playLine(t, ps, 0, mateLine[:2])
	red, black := ps[0], ps[1]
	var id int64
	red.do(func() {
		id = red.c.Current().ID
		red.c.Leave()
		if !slices.Equal(red.c.Lobby().Resumable(), []int64{id}) || !red.c.Playing() {
			t.Errorf("left for the lobby: to resume %v, playing %v", red.c.Lobby().Resumable(), red.c.Playing())
		}
	})
	black.do(black.c.Actions().Resign)
	red.wait("the left game filed", func(*Controller) bool { return len(red.lib.List()) == 1 })
	red.wait("the left game let go", func(c *Controller) bool { return len(c.games) == 0 })
	red.do(func() {
		if len(red.c.Lobby().Resumable()) != 0 || red.c.Playing() || red.c.Current() != nil {
			t.Errorf("after its end: to resume %v, playing %v, shown %v", red.c.Lobby().Resumable(), red.c.Playing(), red.c.Current())
		}
		r, _, err := red.lib.Open(red.lib.List()[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		if res, _ := r.ResultAtEnd(); res.PGN() != "1-0" || r.Meta.Termination != "resignation" || r.Meta.Round != fmt.Sprint(id) {
			t.Errorf("filed %+v (%v)", r, err)
		}
	})
	red.do(red.c.Close)
	again := openPlayer(t, red.dir, "")
	again.signIn()
	settle(again)
	if n := len(again.entries()); n != 1 {
		t.Errorf("after a restart the library holds %d games", n)
	}
}

// A server whose answer to the ended request is not a bounded newest-first list of games
// gets a clear error; the app stays signed in and files nothing.
func TestBadEndedAnswerFilesNothing(t *testing.T) {
	for name, games := range map[string]string{"twice": "[4,4]", "oldest first": "[3,9]", "not a game": "[0]", "too many": "[" +
		strings.TrimSuffix(strings.Repeat("99,", 25), ",") + "]"} {
		t.Run(name, func(t *testing.T) {
			url := fakeServer(t, func(ctx context.Context, ws *websocket.Conn) {
				if !readHello(ctx, ws) {
					return
				}
				ws.Write(ctx, websocket.MessageText, []byte(`{"type":"welcome","id":1,"account":{"id":1,"rating":1500}}`))
				for {
					_, data, err := ws.Read(ctx)
					if err != nil {
						return
					}
					var req proto.Request
					if json.Unmarshal(data, &req) == nil && req.Type == proto.TypeEnded {
						ws.Write(ctx, websocket.MessageText, fmt.Appendf(nil, `{"type":"ack","id":%d,"games":%s}`, req.ID, games))
					}
				}
			})
			p := newPlayer(t, url)
			p.do(p.c.SignIn)
			p.wait("the bad answer refused", func(c *Controller) bool { return c.Err() != nil })
			p.do(func() {
				if err := p.c.Err(); !strings.Contains(err.Error(), "cannot read") || p.c.State() != Connected || len(p.c.games) != 0 {
					t.Errorf("error %v, state %v, following %v", err, p.c.State(), p.c.games)
				}
				if n := len(p.lib.List()); n != 0 {
					t.Errorf("filed %d games", n)
				}
			})
		})
	}
}
