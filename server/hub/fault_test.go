package hub

import (
	"context"
	"net"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

// moveUntilAcknowledged plays a move, retrying while the server says the database is
// unavailable (or the socket broke: then through a new one on base). A move refused as
// stale after a retry was applied by the attempt whose answer was lost. It is called once
// the database is back (Cluster.Restart waits until it takes connections), so a retry
// goes at once: what fails meanwhile are the connections that died with the old server,
// each once, and the heartbeat that finds the outage.
func moveUntilAcknowledged(t *testing.T, ctx context.Context, c **client.Conn, base, token string, g int64, ply int, mv string) {
	t.Helper()
	for try := 1; ; try++ {
		if try > maxRetries {
			t.Fatalf("%s: still refused after %d tries", mv, maxRetries)
		}
		_, err := (*c).Move(ctx, g, ply, mv)
		switch {
		case err == nil:
			return
		case code(err) == proto.CodeUnavailable:
		case code(err) == proto.CodeStale:
			return
		case code(err) == "":
			if ctx.Err() != nil {
				t.Fatalf("%s: %v", mv, err)
			}
			if next, derr := client.Dial(ctx, base, token, (*c).Resume()); derr == nil {
				(*c).Close()
				*c = next
			}
		default:
			t.Fatalf("%s: %v", mv, err)
		}
	}
}

// maxRetries bounds moveUntilAcknowledged's tries: well under a socket's request burst,
// well over the pool's connections that a restart can leave dead.
const maxRetries = 30

// PostgreSQL restarts (an immediate shutdown, as in a crash) in the middle of a game on
// two instances: moves made meanwhile are refused as unavailable, never lost; the
// instances recover without a restart, the acknowledged moves are all there, in order,
// once each, and every player receives every event.
func TestDatabaseRestartLosesNothing(t *testing.T) {
	bases := instances(t, 2, Config{})
	ctx := testCtx(t)
	g, p, tokens := pairBySeek(t, ctx, bases, "10+5")
	if _, err := p[0].Move(ctx, g, 0, "b2b4"); err != nil {
		t.Fatal(err)
	}
	if err := testDB.Cluster.Kill(); err != nil {
		t.Fatal(err)
	}
	if _, err := p[1].Move(ctx, g, 1, "a9a8"); code(err) != proto.CodeUnavailable {
		t.Errorf("a move while the database is down: %v, want %s", err, proto.CodeUnavailable)
	}
	if err := testDB.Cluster.Restart(ctx); err != nil {
		t.Fatal(err)
	}
	black := p[1]
	moveUntilAcknowledged(t, ctx, &black, bases[1], tokens[1], g, 1, "a9a8")
	red := p[0]
	moveUntilAcknowledged(t, ctx, &red, bases[0], tokens[0], g, 2, "b4c4")
	st, err := store.Open(ctx, testDB.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	events, err := st.Events(ctx, g, 0)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, e := range events {
		if e.Kind == proto.KindMove {
			var m proto.MoveData
			e.Decode(&m)
			moves = append(moves, m.Move)
		}
	}
	if len(moves) != 3 || moves[0] != "b2b4" || moves[1] != "a9a8" || moves[2] != "b4c4" {
		t.Errorf("stored moves %v, want b2b4 a9a8 b4c4", moves)
	}
	// Both players get events 2 to 4 (the listeners reconnect and re-read the table).
	for i, c := range []*client.Conn{red, black} {
		for seq := int64(2); seq <= 4; seq++ {
			e, err := c.NextEvent(ctx, g)
			for err == nil && e.Seq < seq { // a player may see an event before the restart and again on a new socket
				e, err = c.NextEvent(ctx, g)
			}
			if err != nil || e.Seq != seq {
				t.Fatalf("player %d: %+v %v, want event %d", i, e, err, seq)
			}
		}
	}
}

// One instance dies in the middle of a game: its player reconnects to the other with
// the last event number seen, gets the missed events and plays on.
func TestInstanceLossIsSurvived(t *testing.T) {
	url := testDB.Need(t)
	ctx := testCtx(t)
	live := instances(t, 1, Config{})[0]
	st, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	hctx, stop := context.WithCancel(ctx)
	h := New(Config{Store: st})
	go h.Run(hctx)
	doomed := httptest.NewUnstartedServer(h.Handler())
	listener := &killableListener{Listener: doomed.Listener}
	doomed.Listener = listener
	doomed.Start()
	defer doomed.Close()
	defer stop()

	a, sa := dial(t, ctx, doomed.URL)
	b, _ := dial(t, ctx, live)
	g, invite, err := a.Invite(ctx, "5+3", "", false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Join(ctx, invite); err != nil {
		t.Fatal(err)
	}
	if e, err := a.NextEvent(ctx, g); err != nil || e.Seq != 1 {
		t.Fatalf("%+v %v", e, err)
	}
	events, _ := st.Events(ctx, g, 0)
	var start proto.StartData
	events[0].Decode(&start)
	aIsRed := start.Red.ID == a.Account().ID
	first, second := a, b
	if !aIsRed {
		first, second = b, a
	}
	if _, err := first.Move(ctx, g, 0, "b2b4"); err != nil {
		t.Fatal(err)
	}
	if e, err := a.NextEvent(ctx, g); err != nil || e.Seq != 2 {
		t.Fatalf("%+v %v", e, err)
	}
	resume := a.Resume()
	listener.kill() // the instance goes away with its sockets, as under kill -9
	stop()
	if _, err := a.Move(ctx, g, 1, "a9a8"); err == nil {
		t.Fatal("a move through the dead instance was acknowledged")
	}
	// While a is away its opponent cannot move (it is a's turn or a's move is pending),
	// so a reconnects at once, to the live instance.
	a2, err := client.Dial(ctx, live, sa.Token, resume)
	if err != nil {
		t.Fatal(err)
	}
	defer a2.Close()
	if aIsRed {
		if _, err := second.Move(ctx, g, 1, "a9a8"); err != nil {
			t.Fatal(err)
		}
		if _, err := a2.Move(ctx, g, 2, "b4c4"); err != nil {
			t.Fatal(err)
		}
	} else {
		if _, err := a2.Move(ctx, g, 1, "a9a8"); err != nil {
			t.Fatal(err)
		}
		if _, err := first.Move(ctx, g, 2, "b4c4"); err != nil {
			t.Fatal(err)
		}
	}
	for seq := int64(3); seq <= 4; seq++ {
		if e, err := a2.NextEvent(ctx, g); err != nil || e.Seq != seq {
			t.Fatalf("after moving instance: %+v %v, want event %d", e, err, seq)
		}
	}
}

// killableListener remembers its connections, hijacked ones (WebSockets) included, so a
// test can cut them all as a dying process would.
type killableListener struct {
	net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func (l *killableListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.mu.Lock()
		l.conns = append(l.conns, c)
		l.mu.Unlock()
	}
	return c, err
}

func (l *killableListener) kill() {
	l.Listener.Close()
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.conns {
		c.Close()
	}
}

// A client that sends and never reads is cut off once its frames back up; a game beside
// it goes on undisturbed. One address cannot open more sockets than its limit.
func TestBadClientsAreCutOff(t *testing.T) {
	// The players and the client that never reads share 127.0.0.1: the address's request
	// limit, which the malformed frames would spend, is lifted too, or the players' next
	// move may be refused as rate-limited when the cut comes right after a burst.
	bases := instances(t, 1, Config{MessageRate: 1e6, MessageBurst: 1e6, AddressMessageRate: 1e6, AddressMessageBurst: 1e6,
		MaxSocketsPerAddress: 8})
	ctx := testCtx(t)
	g, p, _ := pairBySeek(t, ctx, bases, "5+3")
	slow, err := rawSocket(ctx, bases[0])
	if err != nil {
		t.Fatal(err)
	}
	defer slow.CloseNow()
	// Each malformed frame earns an error frame the client never reads: megabytes of them
	// fill the socket's buffers, then the server's queue, and the server hangs up.
	cut := false
	for deadline := time.Now().Add(15 * time.Second); !cut && time.Now().Before(deadline); {
		wctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err := slow.Write(wctx, websocket.MessageText, []byte("x"))
		cancel()
		cut = err != nil
	}
	if !cut {
		t.Error("the server kept a client that never reads")
	}
	if _, err := p[0].Move(ctx, g, 0, "b2b4"); err != nil {
		t.Errorf("the game beside the slow client: %v", err)
	}
	if e, err := p[1].NextEvent(ctx, g); err != nil || e.Seq != 2 {
		t.Errorf("the opponent's event: %+v %v", e, err)
	}
	// Two sockets are the players', one may be the slow client's still closing: open up
	// to the limit of 8, and one more is refused.
	var extra []*websocket.Conn
	defer func() {
		for _, c := range extra {
			c.CloseNow()
		}
	}()
	refused := false
	for range 8 {
		c, err := rawSocket(ctx, bases[0])
		if err != nil {
			refused = strings.Contains(err.Error(), "429")
			break
		}
		extra = append(extra, c)
	}
	if !refused {
		t.Errorf("%d more sockets from one address with a limit of 8, and no refusal", len(extra))
	}
}

func rawSocket(ctx context.Context, base string) (*websocket.Conn, error) {
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws", nil)
	return c, err
}

// An event committed whose notification never went out (its instance died between the
// two) still reaches the sockets, through the instances' catch-up.
func TestLostNotificationIsMadeUp(t *testing.T) {
	bases := instances(t, 1, Config{CatchUpEvery: 100 * time.Millisecond})
	ctx := testCtx(t)
	g, p, _ := pairBySeek(t, ctx, bases, "10+5")
	conn, err := pgx.Connect(ctx, testDB.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	// What a dying instance's transaction leaves: the event and the version, no NOTIFY.
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO events (game_id, seq, kind, data) VALUES ($1, 2, 'draw_offer', '{"side":"red"}')`, g); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `UPDATE games SET version = 2, draw_offer = 'red' WHERE id = $1`, g); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	for _, c := range p {
		if e, err := c.NextEvent(ctx, g); err != nil || e.Seq != 2 || e.Kind != proto.KindDrawOffer {
			t.Errorf("the unannounced event: %+v %v", e, err)
		}
	}
}
