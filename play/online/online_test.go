package online

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/hub"
	"github.com/xqfyne/xiangqi/server/proto"
)

// Two apps pair by seek and play to a checkmate; Black's socket drops in the middle and
// Red moves meanwhile: Black dials again, gets the missed move, and plays on.
func TestSeekPlayToCheckmateWithAReconnect(t *testing.T) {
	s := startServer(t)
	a, b := newPlayer(t, s.url), newPlayer(t, s.url)
	a.signIn()
	b.signIn()
	a.do(func() { a.c.Lobby().Seek("10+5", false) })
	a.wait("the seek waits", func(c *Controller) bool { _, _, ok := c.Lobby().Seeking(); return ok })
	b.do(func() { b.c.Lobby().Seek("10+5", false) })
	ps := started(t, a, b)
	for _, p := range ps {
		p.do(func() {
			if _, _, ok := p.c.Lobby().Seeking(); ok {
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
		if !black.c.Actions().CanTakeback() {
			t.Error("black cannot ask to take its move back")
		}
		black.c.Actions().OfferTakeback()
	})
	red.wait("the takeback request", func(c *Controller) bool { s, ok := c.Current().TakebackAskedBy(); return ok && s == rules.Black })
	red.do(red.c.Actions().AcceptTakeback)
	for _, p := range ps {
		p.wait("the takeback", func(c *Controller) bool { return len(c.Current().Moves()) == 1 })
	}
	playLine(t, ps, 1, []string{"b9c7", "b2c2"})
	// Red's socket drops and Black resigns meanwhile: Red learns of it on the reconnect.
	drop(t, red)
	black.do(black.c.Actions().Resign)
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
	ps[0].do(ps[0].c.Actions().OfferDraw)
	ps[1].wait("the reconnect", func(c *Controller) bool { return c.State() == Connected })
	ps[1].wait("the draw offer", func(c *Controller) bool { s, ok := c.Current().DrawOfferedBy(); return ok && s == rules.Red })
	ps[1].wait("both moves kept", func(c *Controller) bool { return len(c.Current().Moves()) == 2 })
	ps[1].do(ps[1].c.Actions().AcceptDraw)
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
		if !slices.Contains(again.c.Lobby().Resumable(), id) {
			t.Errorf("games to resume %v lack %d", again.c.Lobby().Resumable(), id)
		}
		if !again.c.Playing() {
			t.Error("a game to resume is not Playing")
		}
		again.c.Lobby().Resume(id)
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
		red.c.Actions().Tap(m.From())
		red.c.Actions().Tap(m.To())
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
	// The claim time is the server's: its clock is moved there rather than waited for.
	var claimAt time.Time
	red.do(func() { _, claimAt, _, _ = red.c.Current().Away() })
	s.skew.Store(int64(max(time.Until(claimAt), 0) + 10*time.Millisecond))
	red.do(red.c.Actions().ClaimWin)
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
	for i, p := range []*player{a, b} { // rated games are for registered accounts
		p.signIn()
		p.do(func() { p.c.Register(fmt.Sprintf("rated%d_%d", i, time.Now().UnixNano()%1e9), "password1") })
		p.wait("registered", func(c *Controller) bool { return c.Account().Name != "" })
	}
	ps := pairByInviteRated(t, a, b, "5+3", true)
	ps[0].do(func() {
		if !ps[0].c.Current().Rated || ps[0].c.Actions().CanTakeback() {
			t.Error("a rated game, or one with takebacks")
		}
	})
	playLine(t, ps, 0, []string{"h2e2"})
	ps[1].do(ps[1].c.Actions().Resign)
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

// The running clock counts on from the event that set it: an event that carries no clock
// (a draw offer) neither resets it nor stops it, a move sets both clocks as the server
// timed them, and a takeback rebuilds the game with its clocks.
func TestClockFollowsTheEventsThatSetIt(t *testing.T) {
	g := newGame(1)
	at := time.Unix(100, 0)
	events := []struct {
		after      time.Duration
		kind, data string
	}{
		{0, proto.KindStart, `{"red":{"id":1},"black":{"id":2},"tc":"1+5","fen":"","clock":{"red":60000,"black":60000}}`},
		{3 * time.Second, proto.KindMove, `{"ply":1,"move":"h2e2","side":"red","clock":{"red":62000,"black":60000}}`},
		{5 * time.Second, proto.KindDrawOffer, `{"side":"red"}`},
	}
	for i, e := range events {
		if _, err := g.apply(proto.Event{Game: 1, Seq: int64(i + 1), Kind: e.kind, Data: json.RawMessage(e.data)}, 1, at.Add(e.after)); err != nil {
			t.Fatal(err)
		}
	}
	if got := g.ClockLeft(rules.Black, at.Add(10*time.Second)); got != 53*time.Second {
		t.Errorf("black's clock 7 s after red's move, a draw offer between: %v, want 53s", got)
	}
	if got := g.ClockLeft(rules.Red, at.Add(10*time.Second)); got != 62*time.Second {
		t.Errorf("red's stopped clock: %v, want the server's 62s", got)
	}
	tb := `{"ply":0,"clock":{"red":61000,"black":58000}}`
	if _, err := g.apply(proto.Event{Game: 1, Seq: 4, Kind: proto.KindTakeback, Data: json.RawMessage(tb)}, 1, at.Add(12*time.Second)); err != nil {
		t.Fatal(err)
	}
	if g.Record().Len() != 0 || g.ToMove() != rules.Red {
		t.Fatalf("after the takeback: %d moves, %v to move", g.Record().Len(), g.ToMove())
	}
	if got := g.ClockLeft(rules.Red, at.Add(14*time.Second)); got != 59*time.Second {
		t.Errorf("red's clock 2 s after the takeback: %v, want 59s", got)
	}
	if got := g.ClockLeft(rules.Red, at.Add(time.Second)); got != 61*time.Second {
		t.Errorf("red's clock read before the takeback's arrival: %v, want the takeback's 61s", got)
	}
}
