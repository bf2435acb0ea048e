package gui

import (
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/play/online"
)

// An app that comes back to the foreground with its online socket dropped dials again at
// once: the back-off that grew while the server was out of reach starts over.
func TestOnlineRedialsAtOnceInTheForeground(t *testing.T) {
	target, err := url.Parse(startServer(t))
	if err != nil {
		t.Fatal(err)
	}
	// A proxy in front of the server stands for the network, which the test takes away.
	proxy := httptest.NewServer(httputil.NewSingleHostReverseProxy(target))
	t.Cleanup(proxy.Close)
	w, q, _ := openOnline(t, proxy.URL)
	proxy.CloseClientConnections()
	proxy.Close()
	q.WaitFor(t, 20*time.Second, "three failed redials", func() bool {
		return w.online.State() == online.Reconnecting && w.online.Attempts() >= 3
	})
	lc := w.look.app.Lifecycle().(foreground)
	lc.OnExitedForeground()()
	lc.OnEnteredForeground()()
	if n := w.online.Attempts(); n != 0 {
		t.Errorf("back in the foreground the app still waits out its back-off: %d attempts counted", n)
	}
}
