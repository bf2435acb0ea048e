package online

import (
	"context"
	"encoding/json"
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
	"github.com/xqfyne/xiangqi/server/proto"
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
	p := &player{t: t, dir: dir, ui: make(chan func(), 256)}
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case f := <-p.ui:
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

// wait waits until cond holds on the UI goroutine.
func (p *player) wait(what string, cond func(c *Controller) bool) {
	p.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var ok bool
		var err error
		p.do(func() { ok, err = cond(p.c), p.c.Err() })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("waited in vain for %s (last error: %v)", what, err)
		}
		time.Sleep(5 * time.Millisecond)
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
	p.do(func() { p.c.Tap(m.From()); p.c.Tap(m.To()) })
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
	a.do(func() { a.c.Invite(tc, rated) })
	var code string
	a.wait("invite code", func(c *Controller) bool { code = c.InviteCode(); return code != "" })
	b.do(func() { b.c.Join(code) })
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
		if !strings.HasPrefix(r.Meta.Red, "Guest ") || !strings.HasPrefix(r.Meta.Black, "Guest ") || r.Meta.Red == r.Meta.Black ||
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

// Two apps pair by seek and play to a checkmate; Black's socket drops in the middle and
// Red moves meanwhile: Black dials again, gets the missed move, and plays on.
func TestSeekPlayToCheckmateWithAReconnect(t *testing.T) {
	s := startServer(t)
	a, b := newPlayer(t, s.url), newPlayer(t, s.url)
	a.signIn()
	b.signIn()
	a.do(func() { a.c.Seek("10+5", false) })
	a.wait("the seek waits", func(c *Controller) bool { _, _, ok := c.Seeking(); return ok })
	b.do(func() { b.c.Seek("10+5", false) })
	ps := started(t, a, b)
	for _, p := range ps {
		p.do(func() {
			if _, _, ok := p.c.Seeking(); ok {
				t.Error("still seeking after the pairing")
			}
			if !p.c.Playing() {
				t.Error("an online game in play is not Playing (hint and analysis would stay on)")
			}
		})
	}
	playLine(t, ps, 0, mateLine[:2])
	red, black := ps[0], ps[1]
	black.do(black.c.Disconnect)
	black.wait("the drop seen", func(c *Controller) bool { return c.State() == Reconnecting })
	red.tapMove(mateLine[2])
	black.wait("the reconnect", func(c *Controller) bool { return c.State() == Connected })
	black.wait("the missed move", func(c *Controller) bool { return len(c.Current().Moves()) == 3 })
	playLine(t, ps, 3, mateLine[3:])
	rec := filed(t, ps, "1-0", "checkmate")
	if len(rec.MainLineMoves()) != 5 {
		t.Errorf("filed %d moves", len(rec.MainLineMoves()))
	}
	for _, p := range ps {
		p.do(func() {
			if p.c.Playing() {
				t.Error("still Playing after the end")
			}
		})
	}
}

// An invite, a takeback in the casual game, then a resignation.
func TestInviteTakebackAndResignation(t *testing.T) {
	s := startServer(t)
	ps := newPair(t, s.url, "5+3")
	playLine(t, ps, 0, []string{"h2e2", "h9g7"})
	black, red := ps[1], ps[0]
	black.do(func() {
		if !black.c.CanTakeback() {
			t.Error("black cannot ask to take its move back")
		}
		black.c.OfferTakeback()
	})
	red.wait("the takeback request", func(c *Controller) bool { s, ok := c.Current().TakebackAskedBy(); return ok && s == rules.Black })
	red.do(red.c.AcceptTakeback)
	for _, p := range ps {
		p.wait("the takeback", func(c *Controller) bool { return len(c.Current().Moves()) == 1 })
	}
	playLine(t, ps, 1, []string{"b9c7", "b2c2"})
	// Red's socket drops and Black resigns meanwhile: Red learns of it on the reconnect.
	drop(t, red)
	black.do(black.c.Resign)
	red.wait("the reconnect", func(c *Controller) bool { return c.State() == Connected })
	rec := filed(t, ps, "1-0", "resignation")
	got := game.ICCSLine(rec.MainLineMoves())
	if got != "h2e2 b9c7 b2c2" {
		t.Errorf("filed %q", got)
	}
}

// A draw offered by one while the other's socket is down, seen on its reconnect and
// accepted.
func TestAgreedDraw(t *testing.T) {
	s := startServer(t)
	ps := newPair(t, s.url, "10+5")
	playLine(t, ps, 0, []string{"h2e2", "h7e7"})
	drop(t, ps[1])
	ps[0].do(ps[0].c.OfferDraw)
	ps[1].wait("the reconnect", func(c *Controller) bool { return c.State() == Connected })
	ps[1].wait("the draw offer", func(c *Controller) bool { s, ok := c.Current().DrawOfferedBy(); return ok && s == rules.Red })
	ps[1].wait("both moves kept", func(c *Controller) bool { return len(c.Current().Moves()) == 2 })
	ps[1].do(ps[1].c.AcceptDraw)
	filed(t, ps, "1/2-1/2", "agreement")
}

// A flag falls on the server's clock (moved on a minute): the game is lost on time, and
// the clocks shown count down from the server's.
func TestFlag(t *testing.T) {
	s := startServer(t)
	ps := newPair(t, s.url, "1+0")
	playLine(t, ps, 0, []string{"h2e2"})
	ps[1].do(func() {
		g := ps[1].c.Current()
		now := time.Now()
		if side, ok := g.ClockRunning(); !ok || side != rules.Black {
			t.Errorf("running clock %v %v", side, ok)
		}
		if left := g.ClockLeft(rules.Black, now.Add(10*time.Second)); left > 50*time.Second || left < 45*time.Second {
			t.Errorf("black's clock 10 s on: %v", left)
		}
		if left := g.ClockLeft(rules.Red, now.Add(10*time.Second)); left > time.Minute || left < 55*time.Second {
			t.Errorf("red's clock, stopped: %v", left)
		}
	})
	// Black, whose clock runs, drops; the flag falls while it is away or just back, and
	// both apps file the loss on time.
	drop(t, ps[1])
	s.skew.Store(int64(61 * time.Second))
	filed(t, ps, "1-0", "time")
}

// An app killed in the middle of a game (its controller dropped without a word) starts
// again on the same storage: the kept token signs the same account in, the game is among
// those to resume, its events are replayed, and it goes on to the end.
func TestRestartAndResume(t *testing.T) {
	s := startServer(t)
	ps := newPair(t, s.url, "10+5")
	playLine(t, ps, 0, mateLine[:3])
	black := ps[1]
	var id, account int64
	black.do(func() { id, account = black.c.Current().ID, black.c.Account().ID; black.c.Close() })
	again := openPlayer(t, black.dir, "")
	again.signIn()
	again.do(func() {
		if again.c.Account().ID != account {
			t.Errorf("signed in as %d, was %d", again.c.Account().ID, account)
		}
		if !slices.Contains(again.c.Resumable(), id) {
			t.Errorf("games to resume %v lack %d", again.c.Resumable(), id)
		}
		if !again.c.Playing() {
			t.Error("a game to resume is not Playing")
		}
		again.c.Resume(id)
	})
	again.wait("the replay", func(c *Controller) bool { return c.Current() != nil && len(c.Current().Moves()) == 3 })
	ps[1] = again
	playLine(t, ps, 3, mateLine[3:])
	filed(t, ps, "1-0", "checkmate")
}

// A move made while the socket is down waits and is sent once it is up again, made at the
// ply it was made in; the opponent gets it and the game goes on.
func TestMoveMadeWhileDisconnectedIsSentOnReconnect(t *testing.T) {
	s := startServer(t)
	ps := newPair(t, s.url, "10+5")
	red := ps[0]
	m, _ := rules.ParseMove("h2e2")
	red.do(func() {
		red.c.cfg.Backoff = 300 * time.Millisecond // long enough to move while it is down
		red.c.Disconnect()
	})
	red.wait("the drop seen", func(c *Controller) bool { return c.State() == Reconnecting })
	red.do(func() {
		red.c.Tap(m.From())
		red.c.Tap(m.To())
		if g := red.c.Current(); g.Pending() != m || len(g.Moves()) != 0 {
			t.Errorf("while down: pending %v, moves %v", g.Pending(), g.Moves())
		}
	})
	for _, p := range ps {
		p.wait("the move sent after the reconnect", func(c *Controller) bool { return len(c.Current().Moves()) == 1 })
	}
	red.do(func() {
		if red.c.Current().Pending() != rules.NoMove || red.c.State() != Connected {
			t.Errorf("after: pending %v, state %v", red.c.Current().Pending(), red.c.State())
		}
	})
	playLine(t, ps, 1, []string{"h9g7"})
}

// The opponent's connection state: Black's socket drops and the server shows Black away to
// Red, with the claim and forfeit times; Black comes back and the mark is gone; Black's app
// goes for good, and once the claim time has come Red claims the win, filed as abandoned.
func TestOpponentAwayBackAndClaim(t *testing.T) {
	// Away after 1 s unrecorded (recorded every 100 ms), a claim 1.5 s after the last record.
	s := startServerWith(t, hub.Config{Grace: 1500 * time.Millisecond, SeenEvery: 100 * time.Millisecond, AwayAfter: time.Second})
	ps := newPair(t, s.url, "10+5")
	playLine(t, ps, 0, []string{"h2e2"})
	red, black := ps[0], ps[1]
	away := func(c *Controller) bool { _, _, _, ok := c.Current().Away(); return ok }
	// Black drops at once: the game's start recorded it as connected, so it is shown
	// away without waiting for the server's periodic record.
	black.do(func() {
		// Away long enough to be seen so.
		black.c.cfg.Backoff, black.c.cfg.MaxBackoff = 3*time.Second, 3*time.Second
		black.c.Disconnect()
	})
	red.wait("black shown away", away)
	red.do(func() {
		side, claimAt, forfeitAt, _ := red.c.Current().Away()
		if side != rules.Black || !forfeitAt.After(claimAt) {
			t.Errorf("away %v, claim at %v, forfeit at %v", side, claimAt, forfeitAt)
		}
		if red.c.Current().CanClaim(claimAt.Add(-time.Millisecond)) || !red.c.Current().CanClaim(claimAt) {
			t.Error("a claim allowed before its time, or refused after it")
		}
	})
	red.wait("black back", func(c *Controller) bool { return !away(c) })
	black.wait("black's reconnect", func(c *Controller) bool { return c.State() == Connected })
	black.do(black.c.Close)
	red.wait("black away again", away)
	red.wait("the claim time", func(c *Controller) bool { return c.Current().CanClaim(time.Now()) })
	red.do(red.c.ClaimWin)
	red.wait("the claimed game filed", func(c *Controller) bool { id, _ := c.Current().Filed(); return id != "" })
	red.do(func() {
		g := red.c.Current()
		if g.End().Reason != "reason.abandoned" || g.End().Result != "1-0" {
			t.Errorf("ended %+v", g.End())
		}
		id, _ := g.Filed()
		r, _, err := red.lib.Open(id)
		if err != nil {
			t.Fatal(err)
		}
		if res, _ := r.ResultAtEnd(); res.PGN() != "1-0" || r.Meta.Termination != "abandoned" {
			t.Errorf("filed %v %q", res, r.Meta.Termination)
		}
	})
}

// A rated game moves both ratings once: the end event's change reaches the account shown.
func TestRatedGameMovesTheRating(t *testing.T) {
	s := startServer(t)
	a, b := newPlayer(t, s.url), newPlayer(t, s.url)
	a.signIn()
	b.signIn()
	ps := pairByInviteRated(t, a, b, "5+3", true)
	ps[0].do(func() {
		if !ps[0].c.Current().Rated || ps[0].c.CanTakeback() {
			t.Error("a rated game, or one with takebacks")
		}
	})
	playLine(t, ps, 0, []string{"h2e2"})
	ps[1].do(ps[1].c.Resign)
	filed(t, ps, "1-0", "resignation")
	for i, p := range ps {
		p.do(func() {
			end := p.c.Current().End()
			change := end.Red
			if i == 1 {
				change = end.Black
			}
			if change == nil || (i == 0) != (change.After > change.Before) || p.c.Account().Rating != change.After {
				t.Errorf("player %d: change %+v, account rating %v", i, change, p.c.Account().Rating)
			}
		})
	}
}

// A 读秒 game's clock shows the main time, then what is left of the period.
func TestByoyomiClock(t *testing.T) {
	g := newGame(1)
	at := time.Unix(100, 0)
	start := `{"red":{"id":1},"black":{"id":2},"tc":"1+30b","fen":"","clock":{"red":1000,"black":60000,"red_periods":1,"black_periods":1,"red_period_ms":30000,"black_period_ms":30000}}`
	if _, err := g.apply(proto.Event{Game: 1, Seq: 1, Kind: proto.KindStart, Data: json.RawMessage(start)}, 1, at); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		after time.Duration
		want  time.Duration
	}{{0, time.Second}, {500 * time.Millisecond, 500 * time.Millisecond}, {11 * time.Second, 20 * time.Second}, {40 * time.Second, 0}} {
		if got := g.ClockLeft(rules.Red, at.Add(c.after)); got != c.want {
			t.Errorf("red %v on: %v, want %v", c.after, got, c.want)
		}
	}
	if got := g.ClockLeft(rules.Black, at.Add(time.Hour)); got != time.Minute {
		t.Errorf("black's stopped clock: %v", got)
	}
}

// A 读秒 game with three periods: the periods left count down as each is used up while
// the side thinks, the last one's end is zero, and the side not to move keeps its own.
func TestByoyomiPeriodsLeft(t *testing.T) {
	g := newGame(1)
	at := time.Unix(100, 0)
	start := `{"red":{"id":1},"black":{"id":2},"tc":"0+10bx3","fen":"","clock":{"red":0,"black":0,"red_periods":3,"black_periods":2,"red_period_ms":4000,"black_period_ms":10000}}`
	if _, err := g.apply(proto.Event{Game: 1, Seq: 1, Kind: proto.KindStart, Data: json.RawMessage(start)}, 1, at); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		after   time.Duration
		left    time.Duration
		periods int
	}{{0, 4 * time.Second, 3}, {3 * time.Second, time.Second, 3}, {5 * time.Second, 9 * time.Second, 2},
		{14 * time.Second, 10 * time.Second, 1}, {30 * time.Second, 0, 1}} {
		sc := g.SideClock(rules.Red, at.Add(c.after))
		if !sc.InByoyomi(g.TimeControl) || sc.StageLeft(g.TimeControl) != c.left || sc.Periods != c.periods {
			t.Errorf("red %v on: %+v, want %v left of period, %d periods", c.after, sc, c.left, c.periods)
		}
	}
	if sc := g.SideClock(rules.Black, at.Add(time.Hour)); sc.Periods != 2 || sc.StageLeft(g.TimeControl) != 10*time.Second {
		t.Errorf("black's stopped clock: %+v", sc)
	}
}
