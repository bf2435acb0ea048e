package hub

import (
	"context"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

// testClock is a clock the test sets by hand.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// manualHub starts an instance on the test database, on clock, whose periodic work waits
// for the test (which calls sweep and recordSeen itself at the times it sets), behind its
// own HTTP server; stop ends both at once, as a dying process would.
func manualHub(t *testing.T, clock *testClock, cfg Config) (h *Hub, base string, stop func()) {
	t.Helper()
	st, err := store.Open(context.Background(), testDB.Need(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cfg.Store, cfg.Now, cfg.SeenEvery = st, clock.Now, 5*time.Second
	cfg.SweepEvery, cfg.CatchUpEvery, cfg.PingEvery = time.Hour, time.Hour, time.Hour
	h = New(cfg)
	done := make(chan struct{})
	go func() { h.Run(ctx); close(done) }()
	srv := httptest.NewServer(h.Handler())
	var once sync.Once
	stop = func() {
		once.Do(func() { srv.CloseClientConnections(); srv.Close(); cancel(); <-done; st.Close() })
	}
	t.Cleanup(stop)
	return h, srv.URL, stop
}

// tick is the instances' periodic work at the clock's time: a record of their players
// and a sweep (which beats first).
func tick(ctx context.Context, hubs ...*Hub) {
	for _, h := range hubs {
		h.recordSeen(ctx)
		h.sweep(ctx)
	}
}

// advance moves clock on to at, the instances recording and sweeping every 5 s of it,
// as they do while the service answers (a silent jump would be an outage).
func advance(ctx context.Context, clock *testClock, at time.Time, hubs ...*Hub) {
	for clock.Now().Before(at) {
		clock.Add(min(5*time.Second, at.Sub(clock.Now())))
		tick(ctx, hubs...)
	}
}

// nextAway moves clock on 5 s at a time, the instances recording and sweeping each time,
// until game's last stored event is an away event (its player's sockets forgotten), and
// returns it as c received it.
func nextAway(t *testing.T, ctx context.Context, clock *testClock, c *client.Conn, game int64, hubs ...*Hub) proto.AwayData {
	t.Helper()
	for range 100 {
		clock.Add(5 * time.Second)
		tick(ctx, hubs...)
		if events := storedEvents(t, ctx, game); events[len(events)-1].Kind == proto.KindAway {
			var away proto.AwayData
			if err := nextKind(t, ctx, c, game, proto.KindAway).Decode(&away); err != nil {
				t.Fatal(err)
			}
			return away
		}
	}
	t.Fatal("nobody was ever shown away")
	return proto.AwayData{}
}

// readers holds each test's store for storedEvents, opened on its first call.
var readers sync.Map // *testing.T -> *store.Store

// storedEvents reads game's events from the table.
func storedEvents(t *testing.T, ctx context.Context, game int64) []proto.Event {
	t.Helper()
	v, ok := readers.Load(t)
	if !ok {
		st, err := store.Open(context.Background(), testDB.Need(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { readers.Delete(t); st.Close() })
		readers.Store(t, st)
		v = st
	}
	events, err := v.(*store.Store).Events(ctx, game, 0)
	if err != nil {
		t.Fatal(err)
	}
	return events
}

// lastMove decodes the last event of events, a move.
func lastMove(t *testing.T, events []proto.Event) proto.MoveData {
	t.Helper()
	var m proto.MoveData
	if last := events[len(events)-1]; last.Kind != proto.KindMove || last.Decode(&m) != nil {
		t.Fatalf("last event %+v, want a move", last)
	}
	return m
}

// Every instance is down for 5 minutes, past black's whole clock (5+3) and the forfeit
// time (3 minutes): after the restart no game is forfeited, nobody is shown away, and the
// clock of black, to move, is charged only the time before and after the outage. A player
// who then leaves while the service answers still forfeits, after an away event.
func TestOutageOfEveryInstanceForfeitsNothing(t *testing.T) {
	ctx := testCtx(t)
	clock := &testClock{t: time.Now()}
	first, base, stop := manualHub(t, clock, Config{})
	g, p, tokens := pairBySeek(t, ctx, []string{base}, "5+3")
	clock.Add(10 * time.Second)
	if _, err := p[0].Move(ctx, g, 0, "b2b4"); err != nil {
		t.Fatal(err)
	}
	clock.Add(6 * time.Second) // the sweep beats: the last beat is older than SeenEvery
	tick(ctx, first)
	stop()
	clock.Add(5 * time.Minute)

	second, base, _ := manualHub(t, clock, Config{})
	tick(ctx, second) // before anyone is back: the beat finds the outage first
	if events := storedEvents(t, ctx, g); len(events) != 2 {
		t.Fatalf("events after the restart: %+v, want the start and the move only", events)
	}
	var conns [2]*client.Conn
	for i, token := range tokens {
		c, err := client.Dial(ctx, base, token, map[int64]int64{g: 2})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns[i] = c
	}
	clock.Add(3 * time.Second)
	if _, err := conns[1].Move(ctx, g, 1, "a9a8"); err != nil {
		t.Fatal(err)
	}
	if m := lastMove(t, storedEvents(t, ctx, g)); m.Clock.Black != 294000 || m.Clock.Red != 293000 {
		t.Errorf("clocks after the outage %+v, want black 294000 (6 s used before it, 3 s after, 3 s added), red 293000", m.Clock)
	}
	// Black leaves now, while the service answers: shown away, then forfeited.
	conns[1].Close()
	left := clock.Now()
	sawAway := false
	for clock.Now().Sub(left) < 5*time.Minute {
		clock.Add(5 * time.Second)
		tick(ctx, second)
		events := storedEvents(t, ctx, g)
		switch last := events[len(events)-1]; last.Kind {
		case proto.KindAway:
			sawAway = true
		case proto.KindEnd:
			var end proto.EndData
			if err := last.Decode(&end); err != nil || end.Result != "1-0" || end.Reason != match.ReasonAbandoned {
				t.Errorf("end %+v %v, want black to lose by leaving", end, err)
			}
			if gone := clock.Now().Sub(left); gone < 3*time.Minute-5*time.Second {
				t.Errorf("forfeited %v after leaving, before the forfeit time", gone)
			}
			if !sawAway {
				t.Error("forfeited without an away event first")
			}
			return
		}
	}
	t.Error("black, gone while the service answered, never forfeited")
}

// The database is down for 5 minutes while the instance runs: the first move after it
// (before any sweep) and the sweeps find the outage and charge it to no clock or absence.
func TestDatabaseOutageForfeitsNothing(t *testing.T) {
	ctx := testCtx(t)
	clock := &testClock{t: time.Now()}
	h, base, _ := manualHub(t, clock, Config{})
	g, p, tokens := pairBySeek(t, ctx, []string{base}, "5+3")
	clock.Add(10 * time.Second)
	if _, err := p[0].Move(ctx, g, 0, "b2b4"); err != nil {
		t.Fatal(err)
	}
	clock.Add(6 * time.Second)
	tick(ctx, h)
	if err := testDB.Cluster.Kill(); err != nil {
		t.Fatal(err)
	}
	for range 60 { // the instance keeps trying, every 5 s of the outage
		clock.Add(5 * time.Second)
		tick(ctx, h)
	}
	if _, err := p[1].Move(ctx, g, 1, "a9a8"); code(err) != proto.CodeUnavailable {
		t.Errorf("a move while the database is down: %v, want %s", err, proto.CodeUnavailable)
	}
	if err := testDB.Cluster.Restart(ctx); err != nil {
		t.Fatal(err)
	}
	black := p[1]
	moveUntilAcknowledged(t, ctx, &black, base, tokens[1], g, 1, "a9a8")
	if m := lastMove(t, storedEvents(t, ctx, g)); m.Clock.Black != 297000 {
		t.Errorf("black's clock after the outage %+v, want 297000 (6 s used, 3 s added)", m.Clock)
	}
	clock.Add(time.Second)
	tick(ctx, h)
	if events := storedEvents(t, ctx, g); len(events) != 3 {
		t.Errorf("events after the outage: %+v, want the start and the two moves only", events)
	}
}
