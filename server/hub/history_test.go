package hub

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

// smallBuffers gives each accepted socket a send buffer of 4 KiB, so that a client's
// pace reaches the server's writer at once (as on a slow link), not after megabytes.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tcp, ok := c.(*net.TCPConn); ok {
		tcp.SetWriteBuffer(4096)
	}
	return c, err
}

// cutLog passes the reasons of the sockets the hub cuts off to a channel.
type cutLog struct{ cut chan string }

func (l cutLog) Enabled(context.Context, slog.Level) bool { return true }
func (l cutLog) Handle(_ context.Context, r slog.Record) error {
	if r.Message == "socket cut off" {
		r.Attrs(func(a slog.Attr) bool {
			if a.Key == "reason" {
				select {
				case l.cut <- a.Value.String():
				default:
				}
			}
			return true
		})
	}
	return nil
}
func (l cutLog) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l cutLog) WithGroup(string) slog.Handler      { return l }

// historyHub starts an instance with small socket buffers whose cut-offs come on cut; it
// never catches up by itself, so only the sockets that ask read the table.
func historyHub(t *testing.T, cfg Config) (st *store.Store, base string, cut chan string) {
	t.Helper()
	st, err := store.Open(context.Background(), testDB.Need(t))
	if err != nil {
		t.Fatal(err)
	}
	cut = make(chan string, 16)
	cfg.Store, cfg.Log, cfg.CatchUpEvery = st, slog.New(cutLog{cut}), time.Hour
	h := New(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { h.Run(ctx); close(done) }()
	srv := httptest.NewUnstartedServer(h.Handler())
	srv.Listener = smallBuffers{srv.Listener}
	srv.Start()
	t.Cleanup(func() { srv.CloseClientConnections(); srv.Close(); cancel(); <-done; st.Close() })
	return st, srv.URL, cut
}

// longGame starts a game on base and gives it n events in all (after the start, draw
// offers by red and black's refusals, written to the table as a long game leaves them);
// the players' sockets are closed first. It returns the game and red's account.
func longGame(t *testing.T, ctx context.Context, base string, n int) (int64, int64) {
	t.Helper()
	g, p, _ := pairBySeek(t, ctx, []string{base}, "30+0")
	for _, c := range p {
		c.Close()
	}
	conn, err := pgx.Connect(ctx, testDB.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `INSERT INTO events (game_id, seq, kind, data)
		SELECT $1, s, CASE WHEN s % 2 = 0 THEN 'draw_offer' ELSE 'draw_decline' END,
			CASE WHEN s % 2 = 0 THEN '{"side": "red"}'::jsonb ELSE '{"side": "black"}'::jsonb END
		FROM generate_series(2, $2::int) s`, g, n); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `UPDATE games SET version = $2 WHERE id = $1`, g, n); err != nil {
		t.Fatal(err)
	}
	return g, p[0].Account().ID
}

// A game of 2,000 events is watched from event 0 by the project's client, resumed from
// the middle by another, and watched by a version-1 client over a raw socket: each gets
// every event in order, once, and then the live ones; nobody is cut off.
func TestLongHistoryIsWatchedFromTheStart(t *testing.T) {
	const n = 2000
	st, base, cut := historyHub(t, Config{})
	ctx := testCtx(t)
	g, red := longGame(t, ctx, base, n)
	watcher, _ := dial(t, ctx, base)
	if err := watcher.Watch(ctx, g, 0); err != nil {
		t.Fatal(err)
	}
	s, err := client.Guest(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	resumer, err := client.Dial(ctx, base, s.Token, map[int64]int64{g: 700})
	if err != nil {
		t.Fatal(err)
	}
	defer resumer.Close()
	old, err := rawSocket(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer old.CloseNow()
	for _, req := range []string{fmt.Sprintf(`{"id":1,"type":"hello","token":%q,"version":1}`, s.Token),
		fmt.Sprintf(`{"id":2,"type":"watch","game":%d}`, g)} {
		if err := old.Write(ctx, websocket.MessageText, []byte(req)); err != nil {
			t.Fatal(err)
		}
	}
	expect := func(name string, c *client.Conn, from int64) {
		t.Helper()
		for seq := from; seq <= n; seq++ {
			if e, err := c.NextEvent(ctx, g); err != nil || e.Seq != seq {
				t.Fatalf("%s: %+v %v, want event %d", name, e, err, seq)
			}
		}
	}
	expect("watching from 0", watcher, 1)
	expect("resuming after 700", resumer, 701)
	if _, err := st.Round().OfferDraw(ctx, red, g, time.Now()); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]*client.Conn{"watcher": watcher, "resumer": resumer} {
		if e, err := c.NextEvent(ctx, g); err != nil || e.Seq != n+1 {
			t.Errorf("%s's live event: %+v %v, want %d", name, e, err, n+1)
		}
	}
	next := int64(1)
	for next <= n+1 {
		_, data, err := old.Read(ctx)
		if err != nil {
			t.Fatalf("the version-1 client, at event %d: %v", next, err)
		}
		f, err := proto.DecodeFrame(data)
		if err != nil {
			t.Fatal(err)
		}
		if f.Type != proto.TypeEvent {
			continue // the welcome and the watch's ack
		}
		if f.Event.Seq != next {
			t.Fatalf("the version-1 client: event %d, want %d", f.Event.Seq, next)
		}
		next++
	}
	select {
	case reason := <-cut:
		t.Errorf("a socket reading normally was cut off: %s", reason)
	default:
	}
}

// A client that watches a long game and stops reading is cut off once a frame has
// waited the write timeout; it got part of the history, not all.
func TestClientThatStopsReadingIsCutOff(t *testing.T) {
	const n = 2000
	_, base, cut := historyHub(t, Config{WriteTimeout: 500 * time.Millisecond})
	ctx := testCtx(t)
	g, _ := longGame(t, ctx, base, n)
	s, err := client.Guest(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	// A receive buffer of 4 KiB too, so that the unread history cannot hide in the kernel.
	d := &net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		var serr error
		err := rc.Control(func(fd uintptr) { serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		if err != nil {
			return err
		}
		return serr
	}}
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws",
		&websocket.DialOptions{HTTPClient: &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	ws.SetReadLimit(1 << 20)
	for _, req := range []string{fmt.Sprintf(`{"id":1,"type":"hello","token":%q,"version":%d}`, s.Token, proto.Version),
		fmt.Sprintf(`{"id":2,"type":"watch","game":%d}`, g)} {
		if err := ws.Write(ctx, websocket.MessageText, []byte(req)); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case reason := <-cut:
		if reason != "too slow reading" {
			t.Errorf("cut off for %q", reason)
		}
	case <-ctx.Done():
		t.Fatal("a client that stopped reading was kept")
	}
	events := 0
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			break
		}
		if f, err := proto.DecodeFrame(data); err == nil && f.Type == proto.TypeEvent {
			events++
		}
	}
	if events >= n {
		t.Errorf("the client cut off got all %d events", events)
	}
	t.Logf("the client that stopped reading got %d of %d events before the cut", events, n)
}
