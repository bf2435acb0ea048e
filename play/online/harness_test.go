package online

import (
	"context"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/hub"
	"github.com/xqfyne/xiangqi/server/pgtest"
	"github.com/xqfyne/xiangqi/server/store"
)

var testDB pgtest.DB

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m, &testDB)) }

// testServer is an xqserver in the test process on the test database, with a clock the
// test can move forward (for flags).
type testServer struct {
	url  string
	skew atomic.Int64 // added to the real time, in nanoseconds
}

func (s *testServer) now() time.Time { return time.Now().Add(time.Duration(s.skew.Load())) }

func startServer(t *testing.T) *testServer {
	t.Helper()
	return startServerWith(t, hub.Config{Grace: time.Hour})
}

// startServerWith starts a server with cfg (its store, clock and sweeps filled in here).
func startServerWith(t *testing.T, cfg hub.Config) *testServer {
	t.Helper()
	dbURL := testDB.Need(t)
	ctx, cancel := context.WithCancel(context.Background())
	st, err := store.Open(ctx, dbURL)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	s := &testServer{}
	cfg.Store, cfg.Now, cfg.SweepEvery, cfg.AccountRate, cfg.AccountBurst = st, s.now, 50*time.Millisecond, 1000, 1000
	h := hub.New(cfg)
	done := make(chan struct{})
	go func() { h.Run(ctx); close(done) }()
	srv := httptest.NewServer(h.Handler())
	t.Cleanup(func() { srv.CloseClientConnections(); srv.Close(); cancel(); <-done; st.Close() })
	s.url = srv.URL
	return s
}

// player is one app: a controller on its own UI goroutine, with its own store and library.
type player struct {
	t     *testing.T
	dir   string
	ui    chan func()
	looks chan func() // wait's checks, run on the UI goroutine without counting as a change
	// ran is signalled each time the UI goroutine has run something posted to it: every
	// change of the controller's state comes that way (wait's synchronisation point).
	ran   chan struct{}
	c     *Controller
	lib   *play.Library
	store *play.Store
}

func newPlayer(t *testing.T, server string) *player {
	return openPlayer(t, t.TempDir(), server)
}

// openPlayer starts the app on the storage in dir (again, after a "kill", with the same dir).
func openPlayer(t *testing.T, dir, server string) *player {
	t.Helper()
	p := &player{t: t, dir: dir, ui: make(chan func(), 256), looks: make(chan func()), ran: make(chan struct{}, 1)}
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case f := <-p.ui:
				f()
				select {
				case p.ran <- struct{}{}:
				default: // one signal waiting is enough: wait looks again anyway
				}
			case f := <-p.looks:
				f()
			case <-stop:
				return
			}
		}
	}()
	var err error
	if p.store, err = play.NewDirStore(dir); err != nil {
		t.Fatal(err)
	}
	if p.lib, err = play.OpenLibrary(play.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	p.do(func() {
		p.c, err = New(Config{Store: p.store, Library: p.lib, Post: func(f func()) { p.ui <- f },
			Backoff: 20 * time.Millisecond, MaxBackoff: 200 * time.Millisecond, Timeout: 5 * time.Second})
		if err == nil && server != "" {
			err = p.c.SetServer(server)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.do(p.c.Close); close(stop) })
	return p
}

// do runs f on the player's UI goroutine and waits for it.
func (p *player) do(f func()) {
	done := make(chan struct{})
	p.ui <- func() { f(); close(done) }
	<-done
}

// wait waits until cond holds on the UI goroutine: it looks again each time the UI
// goroutine has run something (the only way the controller's state changes), and gives
// up after 15 s.
func (p *player) wait(what string, cond func(c *Controller) bool) {
	p.t.Helper()
	deadline := time.NewTimer(15 * time.Second)
	defer deadline.Stop()
	for {
		var ok bool
		var err error
		done := make(chan struct{})
		p.looks <- func() { ok, err = cond(p.c), p.c.Err(); close(done) }
		<-done
		if ok {
			return
		}
		select {
		case <-p.ran:
		case <-deadline.C:
			p.t.Fatalf("waited in vain for %s (last error: %v)", what, err)
		}
	}
}

func (p *player) signIn() {
	p.t.Helper()
	p.do(p.c.SignIn)
	p.wait("sign-in", func(c *Controller) bool { return c.State() == Connected })
}

// game reads the current game's facts on the UI goroutine.
func (p *player) game() (g *Game, moves []rules.Move, over bool) {
	p.do(func() {
		g = p.c.Current()
		if g != nil {
			moves, over = g.Moves(), g.Over()
		}
	})
	return g, moves, over
}

func (p *player) me() rules.Color {
	var c rules.Color
	p.do(func() { c = p.c.Current().Me })
	return c
}

// tapMove plays mv by tapping its two points, as the board would.
func (p *player) tapMove(mv string) {
	p.t.Helper()
	m, err := rules.ParseMove(mv)
	if err != nil {
		p.t.Fatal(err)
	}
	p.wait("my turn for "+mv, func(c *Controller) bool { return c.Current() != nil && c.Current().MyTurn() })
	p.do(func() { p.c.Actions().Tap(m.From()); p.c.Actions().Tap(m.To()) })
}

// pairByInvite: a creates an invite, b joins by its code. It returns them red first.
// newPair signs two new players in on the server at url and pairs them by invite on tc;
// it returns them red first.
func newPair(t *testing.T, url, tc string) [2]*player {
	t.Helper()
	a, b := newPlayer(t, url), newPlayer(t, url)
	a.signIn()
	b.signIn()
	return pairByInvite(t, a, b, tc)
}

func pairByInvite(t *testing.T, a, b *player, tc string) [2]*player {
	t.Helper()
	return pairByInviteRated(t, a, b, tc, false)
}

func pairByInviteRated(t *testing.T, a, b *player, tc string, rated bool) [2]*player {
	t.Helper()
	a.do(func() { a.c.Lobby().Invite(tc, rated) })
	var code string
	a.wait("invite code", func(c *Controller) bool { code = c.Lobby().InviteCode(); return code != "" })
	b.do(func() { b.c.Lobby().Join(code) })
	return started(t, a, b)
}

func started(t *testing.T, a, b *player) [2]*player {
	t.Helper()
	for _, p := range []*player{a, b} {
		p.wait("the game's start", func(c *Controller) bool { return c.Current() != nil && c.Current().Started() })
	}
	if a.me() == rules.Red {
		return [2]*player{a, b}
	}
	return [2]*player{b, a}
}

// playLine plays the moves in turn, red first.
func playLine(t *testing.T, ps [2]*player, from int, line []string) {
	t.Helper()
	for i, mv := range line {
		p := ps[(from+i)%2]
		p.tapMove(mv)
		n := from + i + 1
		for _, q := range ps {
			q.wait("move "+mv, func(c *Controller) bool { return len(c.Current().Moves()) >= n })
		}
	}
}

// filed waits for the finished game in both libraries and checks they hold the same
// moves, the result, its reason and the players.
func filed(t *testing.T, ps [2]*player, result, termination string) *game.Record {
	t.Helper()
	var recs []*game.Record
	for _, p := range ps {
		var id string
		p.wait("the game filed", func(c *Controller) bool {
			if g := c.Current(); g != nil {
				id, _ = g.Filed()
			}
			return id != ""
		})
		var r *game.Record
		var err error
		p.do(func() { r, _, err = p.lib.Open(id) })
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	a, b := recs[0], recs[1]
	if !slices.Equal(a.MainLineMoves(), b.MainLineMoves()) {
		t.Errorf("the libraries differ: %v and %v", a.MainLineMoves(), b.MainLineMoves())
	}
	for _, r := range recs {
		res, err := r.ResultAtEnd()
		if err != nil || res.PGN() != result || r.Meta.Termination != termination {
			t.Errorf("filed %v %s (%v), want %s %s", res, r.Meta.Termination, err, result, termination)
		}
		// Guests are filed as "Guest <id>"; the registered players of rated games by name.
		shown := func(name string) bool { return strings.HasPrefix(name, "Guest ") || strings.HasPrefix(name, "rated") }
		if !shown(r.Meta.Red) || !shown(r.Meta.Black) || r.Meta.Red == r.Meta.Black ||
			r.Meta.RedElo != "1500" || r.Meta.BlackElo != "1500" || r.Meta.TimeControl == "" {
			t.Errorf("filed players %+v", r.Meta)
		}
	}
	var pgn strings.Builder
	if err := a.ExportPGN(&pgn, game.PGNOptions{Notation: game.ICCS}); err != nil {
		t.Fatal(err)
	}
	for _, tag := range []string{"[RedElo ", "[BlackElo ", "[TimeControl ", "[Termination \"" + termination, "[Result \"" + result} {
		if !strings.Contains(pgn.String(), tag) {
			t.Errorf("the PGN lacks %s:\n%s", tag, pgn.String())
		}
	}
	return a
}

// drop cuts p's socket as a network would and waits until p has seen it; p dials again
// by itself.
func drop(t *testing.T, p *player) {
	t.Helper()
	p.do(p.c.Disconnect)
	p.wait("the drop seen", func(c *Controller) bool { return c.State() == Reconnecting })
}

var mateLine = []string{"b2b4", "a9a8", "b4c4", "a8e8", "c4c9"}
