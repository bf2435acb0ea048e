package online

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/server/proto"
)

// fakeServer answers the guest sign-in with a token, and the socket as answer says.
func fakeServer(t *testing.T, answer func(ctx context.Context, ws *websocket.Conn)) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/guest", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(proto.Session{Token: "t", Account: proto.Account{ID: 1, Rating: 1500}})
	})
	mux.HandleFunc("/ws", func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		answer(r.Context(), ws)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(func() { srv.CloseClientConnections(); srv.Close() })
	return srv.URL
}

func readHello(ctx context.Context, ws *websocket.Conn) bool {
	_, _, err := ws.Read(ctx)
	return err == nil
}

// Servers that answer badly: each sign-in ends in a clear error, and the app's save and
// library are as they were (the controller never writes them on a failure).
func TestBadServerAnswers(t *testing.T) {
	stall := make(chan struct{})
	t.Cleanup(func() { close(stall) })
	servers := map[string]struct {
		url  string
		want string
	}{
		"garbage over HTTP": {httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte("<html>hello</html>"))
		})).URL, "no online server answered"},
		"an HTTP error": {httptest.NewServer(http.NotFoundHandler()).URL, "404"},
		"stalls": {httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-stall:
			case <-r.Context().Done():
			}
		})).URL, "did not answer in time"},
		"another protocol version": {fakeServer(t, func(ctx context.Context, ws *websocket.Conn) {
			if readHello(ctx, ws) {
				ws.Write(ctx, websocket.MessageText, []byte(`{"type":"error","id":1,"code":"bad_request","message":"protocol version 2 required"}`))
				ws.Read(ctx)
			}
		}), "protocol version 2"},
		"a newer server's frame": {fakeServer(t, func(ctx context.Context, ws *websocket.Conn) {
			if readHello(ctx, ws) {
				ws.Write(ctx, websocket.MessageText, []byte(`{"type":"welcome","id":1,"account":{"id":1,"rating":1500},"shard":7}`))
				ws.Read(ctx)
			}
		}), "(another protocol version?)"},
		"garbage on the socket": {fakeServer(t, func(ctx context.Context, ws *websocket.Conn) {
			if readHello(ctx, ws) {
				ws.Write(ctx, websocket.MessageText, []byte("\x00\x01 not json"))
				ws.Read(ctx)
			}
		}), "cannot read"},
		"a socket that stalls": {fakeServer(t, func(ctx context.Context, ws *websocket.Conn) {
			readHello(ctx, ws)
			select {
			case <-stall:
			case <-ctx.Done():
			}
		}), "did not answer in time"},
	}
	for name, s := range servers {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			p := openPlayer(t, dir, "")
			// An offline game in progress and a game in the library, before going online.
			g, err := game.New("")
			if err != nil {
				t.Fatal(err)
			}
			if err := g.PlayText("h2e2"); err != nil {
				t.Fatal(err)
			}
			if err := p.store.Save(g, play.DefaultSettings(play.English)); err != nil {
				t.Fatal(err)
			}
			var libErr error
			p.do(func() { _, libErr = p.lib.Add(g.Record(), play.Players{Human: game.HumanBoth}) })
			if libErr != nil {
				t.Fatal(libErr)
			}
			before := snapshot(t, dir)
			p.do(func() {
				p.c.cfg.Timeout = 300 * time.Millisecond
				if err := p.c.SetServer(s.url); err != nil {
					t.Fatal(err)
				}
				p.c.SignIn()
			})
			p.wait("the sign-in to fail", func(c *Controller) bool { return c.State() == SignedOut && c.Err() != nil })
			p.do(func() {
				if got := p.c.Err().Error(); !strings.Contains(got, s.want) {
					t.Errorf("error %q, want it to say %q", got, s.want)
				}
			})
			after := snapshot(t, dir)
			delete(after, "online.json") // the server's address, set on purpose
			delete(before, "online.json")
			for name, data := range before {
				if after[name] != data {
					t.Errorf("%s changed", name)
				}
			}
			if len(after) != len(before) {
				t.Errorf("files %v, were %v", keys(after), keys(before))
			}
		})
	}
}

func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = string(data)
	}
	return files
}

func keys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// A server address that is not one is refused with a reason.
func TestSetServerRefusesBadAddresses(t *testing.T) {
	p := openPlayer(t, t.TempDir(), "")
	p.do(func() {
		for _, bad := range []string{"", "localhost:8080", "ftp://x", "http://", "http://x/?a=1"} {
			if err := p.c.SetServer(bad); err == nil {
				t.Errorf("%q taken", bad)
			}
		}
		if p.c.Server() != DefaultServer {
			t.Errorf("server %q", p.c.Server())
		}
		if err := p.c.SetServer(" https://xq.example.org/ "); err != nil || p.c.Server() != "https://xq.example.org" {
			t.Errorf("%v %q", err, p.c.Server())
		}
	})
	again := openPlayer(t, p.dir, "")
	again.do(func() {
		if again.c.Server() != "https://xq.example.org" {
			t.Errorf("the address was not kept: %q", again.c.Server())
		}
	})
}
