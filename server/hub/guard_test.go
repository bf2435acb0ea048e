package hub

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

// Requests that parse but fail a check are refused under their own id, so that the Go
// client returns the refusal at once instead of waiting out its deadline.
func TestRefusalsCarryTheRequestID(t *testing.T) {
	bases := instances(t, 1, Config{})
	ctx := testCtx(t)
	c, s := dial(t, ctx, bases[0])
	calls := map[string]func() error{
		"a seek's range out of range": func() error { _, err := c.SeekInRange(ctx, "5+3", "", false, 0, proto.MaxRating+1); return err },
		"a 65-byte move":              func() error { _, err := c.Move(ctx, 1, 0, strings.Repeat("a", 65)); return err },
		"a join without a code":       func() error { _, err := c.Join(ctx, ""); return err },
	}
	for what, call := range calls {
		start := time.Now()
		if err := call(); code(err) != proto.CodeMalformed {
			t.Errorf("%s: %v after %v, want malformed at once", what, err, time.Since(start))
		}
	}
	// The same over a raw socket, for frames the client would not send.
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(bases[0], "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	for id, frame := range map[int64]string{
		1: fmt.Sprintf(`{"id":1,"type":"hello","token":%q,"version":%d}`, s.Token, proto.Version),
		2: `{"id":2,"type":"cancel_seek","type":"resign"}`,
		3: `{"id":3,"type":"cancel_seek","unknown":true}`,
		4: `{"id":4,"type":"cancel_seek"} {"id":5,"type":"resign"}`,
	} {
		if err := ws.Write(ctx, websocket.MessageText, []byte(frame)); err != nil {
			t.Fatal(err)
		}
		_, data, err := ws.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		f, err := proto.DecodeFrame(data)
		if err != nil || f.ID != id || id > 1 && f.Code != proto.CodeMalformed {
			t.Errorf("%s: answered %+v %v, want under id %d", frame, f, err, id)
		}
	}
}

// Rated games are for registered accounts: two guests asking for one play casual and
// keep their ratings; a guest cannot join a rated invite.
func TestGuestsPlayCasual(t *testing.T) {
	bases, stores := instanceStores(t, 1, Config{})
	ctx := testCtx(t)
	a, _ := dial(t, ctx, bases[0])
	b, _ := dial(t, ctx, bases[0])
	if g, err := a.Seek(ctx, "5+3", "", true); err != nil || g != 0 {
		t.Fatalf("first seek: %d %v", g, err)
	}
	g, err := b.Seek(ctx, "5+3", "", true)
	if err != nil || g == 0 {
		t.Fatalf("second seek: %d %v", g, err)
	}
	var start proto.StartData
	if err := nextKind(t, ctx, a, g, proto.KindStart).Decode(&start); err != nil || start.Rated {
		t.Errorf("two guests' game: rated %v (%v), want casual", start.Rated, err)
	}
	if err := a.Resign(ctx, g); err != nil {
		t.Fatal(err)
	}
	nextKind(t, ctx, b, g, proto.KindEnd)
	for _, c := range []*client.Conn{a, b} {
		if n, r, err := stores[0].Sweeper().RatedGames(ctx, c.Account().ID); err != nil || n != 0 || r != c.Account().Rating {
			t.Errorf("guest %d: %d rated games, rating %.1f from %.1f (%v)", c.Account().ID, n, r, c.Account().Rating, err)
		}
	}
	m, _ := dialMember(t, ctx, bases[0])
	_, invite, err := m.Invite(ctx, "5+3", "", true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Join(ctx, invite); code(err) != proto.CodeBadRequest || !strings.Contains(err.Error(), "registered") {
		t.Errorf("a guest joining a rated invite: %v", err)
	}
}

// Invites can be cancelled, are capped per account and expire.
func TestInvitesCancelCapAndExpire(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	bases, stores := instanceStores(t, 1, Config{Now: clock.Now})
	ctx := testCtx(t)
	a, _ := dial(t, ctx, bases[0])
	b, _ := dial(t, ctx, bases[0])
	g, invite, err := a.Invite(ctx, "5+3", "", false)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.CancelInvite(ctx, g); code(err) != proto.CodeNotFound {
		t.Errorf("cancelling another's invite: %v", err)
	}
	if err := a.CancelInvite(ctx, g); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Join(ctx, invite); code(err) != proto.CodeNotFound {
		t.Errorf("joining a cancelled invite: %v", err)
	}
	var codes []string
	for range store.MaxInvites {
		_, c, err := a.Invite(ctx, "5+3", "", false)
		if err != nil {
			t.Fatal(err)
		}
		codes = append(codes, c)
	}
	if _, _, err := a.Invite(ctx, "5+3", "", false); code(err) != proto.CodeRateLimited {
		t.Errorf("invite %d: %v, want the cap", store.MaxInvites+1, err)
	}
	if _, err := b.Join(ctx, codes[0]); err != nil { // joined: no longer open, room for one more
		t.Fatal(err)
	}
	if _, _, err := a.Invite(ctx, "5+3", "", false); err != nil {
		t.Errorf("an invite after one was joined: %v", err)
	}
	clock.Add(store.InviteLifetime + time.Minute)
	if _, err := b.Join(ctx, codes[1]); code(err) != proto.CodeNotFound || !strings.Contains(err.Error(), "expired") {
		t.Errorf("joining an invite past its lifetime: %v", err)
	}
	if err := stores[0].Accounts().PruneLimits(ctx, clock.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Join(ctx, codes[2]); code(err) != proto.CodeNotFound {
		t.Errorf("joining a pruned invite: %v", err)
	}
}

// Logout retires one token and closes its sockets; revoke-all retires every token.
func TestLogoutAndRevokeAll(t *testing.T) {
	bases := instances(t, 2, Config{})
	ctx := testCtx(t)
	first, err := client.Guest(ctx, bases[0])
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("leaver%d", first.Account.ID)
	if err := client.Register(ctx, bases[0], first.Token, name, "password1"); err != nil {
		t.Fatal(err)
	}
	second, err := client.Login(ctx, bases[1], name, "password1")
	if err != nil {
		t.Fatal(err)
	}
	onOther, err := client.Dial(ctx, bases[1], second.Token, nil) // the other instance closes it
	if err != nil {
		t.Fatal(err)
	}
	defer onOther.Close()
	if err := client.Logout(ctx, bases[0], second.Token); err != nil {
		t.Fatal(err)
	}
	waitClosed(t, ctx, onOther)
	if _, err := client.Dial(ctx, bases[0], second.Token, nil); code(err) != proto.CodeUnauthenticated {
		t.Errorf("a logged-out token: %v", err)
	}
	if err := client.Logout(ctx, bases[0], second.Token); code(err) != proto.CodeUnauthenticated {
		t.Errorf("logging out twice: %v", err)
	}
	kept, err := client.Dial(ctx, bases[0], first.Token, nil)
	if err != nil {
		t.Fatalf("the other token after a logout: %v", err)
	}
	defer kept.Close()
	third, err := client.Login(ctx, bases[0], name, "password1")
	if err != nil {
		t.Fatal(err)
	}
	if err := client.RevokeAll(ctx, bases[1], third.Token); err != nil {
		t.Fatal(err)
	}
	waitClosed(t, ctx, kept)
	for _, token := range []string{first.Token, third.Token} {
		if _, err := client.Dial(ctx, bases[0], token, nil); code(err) != proto.CodeUnauthenticated {
			t.Errorf("a token after revoke-all: %v", err)
		}
	}
}

func waitClosed(t *testing.T, ctx context.Context, c *client.Conn) {
	t.Helper()
	for {
		select {
		case _, ok := <-c.Frames():
			if !ok {
				return
			}
		case <-ctx.Done():
			t.Fatal("the socket of a retired token stayed open")
		}
	}
}

// The HTTP server closes idle keep-alives, half-sent headers and bodies that do not
// arrive, after its (here short) timeouts.
func TestHTTPTimeouts(t *testing.T) {
	testDB.Need(t)
	st, err := store.Open(context.Background(), testDB.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h := New(Config{Store: st, BodyTimeout: 50 * time.Millisecond})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := Server("", h.Handler(), Timeouts{ReadHeader: 50 * time.Millisecond, Idle: 50 * time.Millisecond})
	go srv.Serve(l)
	defer srv.Close()
	open := func(send string) (net.Conn, *bufio.Reader) {
		c, err := net.Dial("tcp", l.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		c.SetDeadline(time.Now().Add(10 * time.Second)) // far past the timeouts: a failure, not a wait
		if _, err := io.WriteString(c, send); err != nil {
			t.Fatal(err)
		}
		return c, bufio.NewReader(c)
	}
	closed := func(what string, r *bufio.Reader) {
		if _, err := r.ReadByte(); !errors.Is(err, io.EOF) && !isReset(err) {
			t.Errorf("%s: %v, want the server to close the connection", what, err)
		}
	}
	_, r := open("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
	resp, err := http.ReadResponse(r, nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %v %v", resp, err)
	}
	io.Copy(io.Discard, resp.Body)
	closed("an idle keep-alive", r)
	_, r = open("GET /healthz HTTP/1.1\r\nHost: x\r\n")
	closed("headers never finished", r)
	_, r = open("POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"name\":")
	if resp, err := http.ReadResponse(r, nil); err == nil {
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "in time") {
			t.Errorf("a body that never arrives: %s %s", resp.Status, body)
		}
	} else if !errors.Is(err, io.EOF) && !isReset(err) {
		t.Errorf("a body that never arrives: %v", err)
	}
}

func isReset(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && !op.Timeout() && !errors.Is(err, os.ErrDeadlineExceeded)
}

// /healthz says only ok or unavailable, never where the database is; /metrics is not on
// the public handler without a token, and is on its own.
func TestHealthAndMetricsSayLittle(t *testing.T) {
	testDB.Need(t)
	st, err := store.Open(context.Background(), testDB.URL)
	if err != nil {
		t.Fatal(err)
	}
	h := New(Config{Store: st})
	st.Close() // the database is now out of reach
	get := func(handler http.Handler, path string) (int, string) {
		srv := &http.Server{Handler: handler}
		l, _ := net.Listen("tcp", "127.0.0.1:0")
		go srv.Serve(l)
		defer srv.Close()
		resp, err := http.Get("http://" + l.Addr().String() + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	if status, body := get(h.Handler(), "/healthz"); status != http.StatusServiceUnavailable || body != "unavailable\n" {
		t.Errorf("healthz with the database away: %d %q", status, body)
	}
	if status, _ := get(h.Handler(), "/metrics"); status != http.StatusNotFound {
		t.Errorf("/metrics on the public handler without a token: %d", status)
	}
	if status, body := get(h.MetricsHandler(), "/metrics"); status != http.StatusOK || !strings.Contains(body, "xq_connections") {
		t.Errorf("the metrics handler: %d", status)
	}
}
