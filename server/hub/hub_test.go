package hub

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/xqfyne/xiangqi/match"

	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/pgtest"
	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

var testDB pgtest.DB

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m, &testDB)) }

// instances starts n hubs on the test database, each behind its own HTTP server, and
// returns their base URLs.
func instances(t testing.TB, n int, cfg Config) []string {
	t.Helper()
	bases, _ := instanceStores(t, n, cfg)
	return bases
}

// instanceStores is instances that also returns each instance's store.
func instanceStores(t testing.TB, n int, cfg Config) ([]string, []*store.Store) {
	t.Helper()
	url := testDB.Need(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	// The shared sign-in buckets outlive a test (they are in the database): tests that
	// do not test them get room enough.
	if cfg.SignInAddress.Rate == 0 {
		cfg.SignInAddress = store.Limit{Rate: 1e6, Burst: 1e6}
	}
	if cfg.SignInName.Rate == 0 {
		cfg.SignInName = store.Limit{Rate: 1e6, Burst: 1e6}
	}
	var bases []string
	var stores []*store.Store
	for range n {
		st, err := store.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		c := cfg
		c.Store = st
		h := New(c)
		done := make(chan struct{})
		go func() { h.Run(ctx); close(done) }()
		srv := httptest.NewServer(h.Handler())
		t.Cleanup(func() { srv.CloseClientConnections(); srv.Close(); cancel(); <-done; st.Close() })
		bases, stores = append(bases, srv.URL), append(stores, st)
	}
	return bases, stores
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func dial(t testing.TB, ctx context.Context, base string) (*client.Conn, proto.Session) {
	t.Helper()
	s, err := client.Guest(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	c, err := client.Dial(ctx, base, s.Token, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, s
}

// dialMember is dial for a registered account (rated games are for those). It names
// the account in the table directly: a registration through the API costs a password
// hash, seconds under the race detector (the API's own path has its tests).
func dialMember(t testing.TB, ctx context.Context, base string) (*client.Conn, proto.Session) {
	t.Helper()
	s, err := client.Guest(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	s.Account.Name = fmt.Sprintf("member%d", s.Account.ID)
	db, err := pgx.Connect(ctx, testDB.Need(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(context.Background())
	if _, err := db.Exec(ctx, `UPDATE accounts SET name = $2, name_key = $2, password = 'none' WHERE id = $1`,
		s.Account.ID, s.Account.Name); err != nil {
		t.Fatal(err)
	}
	c, err := client.Dial(ctx, base, s.Token, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, s
}

func code(err error) string {
	var e *proto.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// pairBySeek pairs two new players, one on each instance, and returns them red first
// with the game, after both have seen its start event.
func pairBySeek(t testing.TB, ctx context.Context, bases []string, tc string) (int64, [2]*client.Conn, [2]string) {
	t.Helper()
	return pairRated(t, ctx, bases, tc, false)
}

// pairRated is pairBySeek with a choice of rated or casual.
func pairRated(t testing.TB, ctx context.Context, bases []string, tc string, rated bool) (int64, [2]*client.Conn, [2]string) {
	t.Helper()
	open := dial
	if rated {
		open = dialMember
	}
	a, sa := open(t, ctx, bases[0])
	b, sb := open(t, ctx, bases[len(bases)-1])
	if g, err := a.Seek(ctx, tc, "", rated); err != nil || g != 0 {
		t.Fatalf("first seek: %d %v", g, err)
	}
	g, err := b.Seek(ctx, tc, "", rated)
	if err != nil || g == 0 {
		t.Fatalf("second seek: %d %v", g, err)
	}
	var start proto.StartData
	for _, c := range []*client.Conn{a, b} {
		if p, err := c.NextPaired(ctx); err != nil || p != g {
			t.Fatalf("paired: %d %v, want %d", p, err, g)
		}
		e, err := c.NextEvent(ctx, g)
		if err != nil || e.Seq != 1 || e.Kind != proto.KindStart {
			t.Fatalf("first event %+v %v", e, err)
		}
		if err := e.Decode(&start); err != nil {
			t.Fatal(err)
		}
	}
	if start.Red.ID == a.Account().ID {
		return g, [2]*client.Conn{a, b}, [2]string{sa.Token, sb.Token}
	}
	return g, [2]*client.Conn{b, a}, [2]string{sb.Token, sa.Token}
}

var mateLine = []string{"b2b4", "a9a8", "b4c4", "a8e8", "c4c9"}

// Two players on two instances pair by seek and play to a checkmate; a spectator on the
// first instance sees every event and can do nothing else.
func TestSeekAndPlayToMateAcrossInstances(t *testing.T) {
	bases := instances(t, 2, Config{})
	ctx := testCtx(t)
	g, players, _ := pairBySeek(t, ctx, bases, "10+5")
	spectator, _ := dial(t, ctx, bases[0])
	if err := spectator.Watch(ctx, g, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := spectator.Move(ctx, g, 0, "b2b4"); code(err) != proto.CodeNotPlayer {
		t.Errorf("spectator's move: %v", err)
	}
	if err := spectator.Resign(ctx, g); code(err) != proto.CodeNotPlayer {
		t.Errorf("spectator's resignation: %v", err)
	}
	for i, mv := range mateLine {
		seq, err := players[i%2].Move(ctx, g, i, mv)
		want := int64(i + 2)
		if i == len(mateLine)-1 {
			want++ // the mate's ack numbers the end event after the move
		}
		if err != nil || seq != want {
			t.Fatalf("move %d %s: event %d %v", i+1, mv, seq, err)
		}
	}
	for name, c := range map[string]*client.Conn{"red": players[0], "black": players[1], "spectator": spectator} {
		var kinds []string
		first := int64(2)
		if name == "spectator" {
			first = 1
		}
		for seq := first; seq <= 7; seq++ {
			e, err := c.NextEvent(ctx, g)
			if err != nil || e.Seq != seq {
				t.Fatalf("%s: event %d: %+v %v", name, seq, e, err)
			}
			kinds = append(kinds, e.Kind)
			if e.Kind == proto.KindEnd {
				var end proto.EndData
				if err := e.Decode(&end); err != nil || end.Result != "1-0" || end.Reason != "reason.checkmate" {
					t.Errorf("%s: end %+v %v", name, end, err)
				}
			}
		}
		if got := strings.Join(kinds, " "); !strings.HasSuffix(got, "move move move move move end") {
			t.Errorf("%s saw %s", name, got)
		}
	}
}

func TestRefusals(t *testing.T) {
	bases := instances(t, 1, Config{})
	ctx := testCtx(t)
	g, p, _ := pairBySeek(t, ctx, bases, "5+3")
	for _, r := range []struct {
		c    *client.Conn
		ply  int
		move string
		want string
	}{
		{p[1], 0, "b7b5", proto.CodeNotYourTurn},
		{p[0], 3, "b2b4", proto.CodeStale},
		{p[0], 0, "e0e2", proto.CodeIllegal},
		{p[0], 0, "xx", proto.CodeIllegal},
	} {
		if _, err := r.c.Move(ctx, g, r.ply, r.move); code(err) != r.want {
			t.Errorf("%s at ply %d: %v, want %s", r.move, r.ply, err, r.want)
		}
	}
	if _, err := p[0].Move(ctx, 999999, 0, "b2b4"); code(err) != proto.CodeNotFound {
		t.Errorf("unknown game: %v", err)
	}
	if _, err := client.Dial(ctx, bases[0], "forged-token", nil); code(err) != proto.CodeUnauthenticated {
		t.Errorf("forged token: %v", err)
	}
	// The socket survives malformed frames, each answered with an error.
	for _, frame := range []string{`{"type":"move"`, `{"id":1,"type":"fly"}`, `[]`} {
		if err := p[0].Send(ctx, []byte(frame)); err != nil {
			t.Fatal(err)
		}
		f := <-p[0].Frames()
		if f.Type != proto.TypeError || f.Code != proto.CodeMalformed {
			t.Errorf("%s answered %+v", frame, f)
		}
	}
	if _, err := p[0].Move(ctx, g, 0, "b2b4"); err != nil {
		t.Errorf("a good move after the bad frames: %v", err)
	}
	// An oversized frame closes the socket.
	big := []byte(`{"id":1,"type":"join","code":"` + strings.Repeat("x", proto.MaxFrame) + `"}`)
	p[1].Send(ctx, big)
	for range p[1].Frames() {
	}
	if _, err := p[1].Move(ctx, g, 1, "b7b5"); err == nil {
		t.Error("the socket stayed open after an oversized frame")
	}
}

func TestInviteResignAndDraw(t *testing.T) {
	bases := instances(t, 2, Config{})
	ctx := testCtx(t)
	a, _ := dial(t, ctx, bases[0])
	b, _ := dial(t, ctx, bases[1])
	g, invite, err := a.Invite(ctx, "", "chinese", false)
	if err != nil || invite == "" {
		t.Fatalf("invite: %q %v", invite, err)
	}
	if got, err := b.Join(ctx, invite); err != nil || got != g {
		t.Fatalf("join: %d %v", got, err)
	}
	if e, err := a.NextEvent(ctx, g); err != nil || e.Kind != proto.KindStart {
		t.Fatalf("inviter's start: %+v %v", e, err)
	}
	if err := b.Resign(ctx, g); err != nil {
		t.Fatal(err)
	}
	if e, err := a.NextEvent(ctx, g); err != nil || e.Kind != proto.KindEnd {
		t.Fatalf("inviter's end: %+v %v", e, err)
	}
	if err := a.Resign(ctx, g); code(err) != proto.CodeGameOver {
		t.Errorf("resigning an ended game: %v", err)
	}

	g, p, _ := pairBySeek(t, ctx, bases, "15+10")
	if err := p[1].AcceptDraw(ctx, g); code(err) != proto.CodeNoOffer {
		t.Errorf("accepting no offer: %v", err)
	}
	if err := p[0].OfferDraw(ctx, g); err != nil {
		t.Fatal(err)
	}
	if e, err := p[1].NextEvent(ctx, g); err != nil || e.Kind != proto.KindDrawOffer {
		t.Fatalf("offer event %+v %v", e, err)
	}
	if err := p[1].AcceptDraw(ctx, g); err != nil {
		t.Fatal(err)
	}
	e, err := p[0].NextEvent(ctx, g)
	for err == nil && e.Kind != proto.KindEnd {
		e, err = p[0].NextEvent(ctx, g)
	}
	var end proto.EndData
	if err != nil || e.Decode(&end) != nil || end.Result != "1/2-1/2" || end.Reason != "reason.agreement" {
		t.Errorf("draw: %+v %v", end, err)
	}
}

// A player who drops and reconnects (to the other instance) with the number of the last
// event seen gets exactly the events missed.
func TestReconnectGetsExactlyTheMissedEvents(t *testing.T) {
	// A catch-up every few milliseconds: it must not send a resuming socket its game
	// from the start in the moment between its hello and its watch.
	bases := instances(t, 2, Config{CatchUpEvery: 5 * time.Millisecond})
	ctx := testCtx(t)
	a, sa := dial(t, ctx, bases[0])
	b, _ := dial(t, ctx, bases[1])
	g, invite, err := a.Invite(ctx, "30+0", "", false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Join(ctx, invite); err != nil {
		t.Fatal(err)
	}
	if _, err := a.NextEvent(ctx, g); err != nil {
		t.Fatal(err)
	}
	red, black := a, b
	var start proto.StartData
	events, _ := testStoreEvents(t, g)
	events[0].Decode(&start)
	if start.Red.ID != a.Account().ID {
		red, black = b, a
	}
	if _, err := red.Move(ctx, g, 0, "b2b4"); err != nil {
		t.Fatal(err)
	}
	if e, err := a.NextEvent(ctx, g); err != nil || e.Seq != 2 {
		t.Fatalf("event 2: %+v %v", e, err)
	}
	resume := a.Resume()
	a.Close()
	// While a is away: the other player and a (through a second socket) play on.
	if black == a {
		other, err := client.Dial(ctx, bases[1], sa.Token, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		black = other
	} else {
		other, err := client.Dial(ctx, bases[1], sa.Token, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		red = other
	}
	moves := []string{"a9a8", "b4c4", "a8a9"}
	for i, mv := range moves {
		mover := black
		if i%2 == 1 {
			mover = red
		}
		if _, err := mover.Move(ctx, g, i+1, mv); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
	back, err := client.Dial(ctx, bases[1], sa.Token, resume)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if resume[g] != 2 {
		t.Fatalf("resume from %d, want 2", resume[g])
	}
	for seq := int64(3); seq <= 5; seq++ {
		e, err := back.NextEvent(ctx, g)
		if err != nil || e.Seq != seq {
			t.Fatalf("after the reconnect: %+v %v, want event %d", e, err, seq)
		}
	}
	// The next event is the next move's: an event sent twice would come before it.
	if _, err := red.Move(ctx, g, 4, "c4d4"); err != nil {
		t.Fatal(err)
	}
	if e, err := back.NextEvent(ctx, g); err != nil || e.Seq != 6 {
		t.Errorf("after the missed events: %+v %v, want the next move's event 6", e, err)
	}
}

func testStoreEvents(t *testing.T, g int64) ([]proto.Event, error) {
	st, err := store.Open(context.Background(), testDB.Need(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	return st.Events(context.Background(), g, 0)
}

// A player who leaves a game for longer than the forfeit time loses it, through the
// sweeper of an instance, whether or not the opponent claims.
func TestAbandonedGameIsLost(t *testing.T) {
	bases := instances(t, 1, Config{Grace: 600 * time.Millisecond, SeenEvery: 100 * time.Millisecond, SweepEvery: 100 * time.Millisecond})
	ctx := testCtx(t)
	g, p, _ := pairBySeek(t, ctx, bases, "5+3")
	p[1].Close()
	nextKind(t, ctx, p[0], g, proto.KindAway) // shown away first
	var end proto.EndData
	if err := nextKind(t, ctx, p[0], g, proto.KindEnd).Decode(&end); err != nil || end.Result != "1-0" || end.Reason != match.ReasonAbandoned {
		t.Errorf("%+v %v", end, err)
	}
}

func TestRateLimitAndHealth(t *testing.T) {
	bases := instances(t, 1, Config{MessageRate: 0.01, MessageBurst: 3, AccountRate: 0.01, AccountBurst: 2, MetricsToken: "sesame"})
	ctx := testCtx(t)
	c, _ := dial(t, ctx, bases[0])
	limited := 0
	for range 6 {
		if err := c.CancelSeek(ctx); code(err) == proto.CodeRateLimited {
			limited++
		}
	}
	// The hello used one of the 3: 2 pass, 4 are refused.
	if limited != 4 {
		t.Errorf("%d of 6 requests refused, want 4", limited)
	}
	if _, err := client.Guest(ctx, bases[0]); err != nil {
		t.Errorf("a second guest account: %v", err)
	}
	if _, err := client.Guest(ctx, bases[0]); code(err) != proto.CodeRateLimited {
		t.Errorf("a third guest account a second: %v", err)
	}
	resp, err := http.Get(bases[0] + "/healthz")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %v %v", resp, err)
	}
	resp.Body.Close()
	resp, err = http.Get(bases[0] + "/metrics")
	if err != nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("/metrics without its token: %v %v", resp, err)
	}
	resp.Body.Close()
	req, _ := http.NewRequest(http.MethodGet, bases[0]+"/metrics", nil)
	req.Header.Set("Authorization", "Bearer sesame")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), "xq_connections 1") || !strings.Contains(string(body), `xq_errors_total{code="rate_limited"}`) {
		t.Errorf("metrics lack the connection or the refusals:\n%s", body)
	}
}
