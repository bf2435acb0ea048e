package gui

import (
	"io"
	"net"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/server/proto"
)

// An app that comes back to the foreground with its online socket dropped dials again at
// once: the back-off that grew while the server was out of reach starts over.
func TestOnlineRedialsAtOnceInTheForeground(t *testing.T) {
	server, err := url.Parse(startServer(t))
	if err != nil {
		t.Fatal(err)
	}
	network := newCuttableLink(t, server.Host)
	w, q, _ := openOnline(t, "http://"+network.addr())
	network.cut()
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

// cuttableLink is a TCP relay to a server that the test can take away, as a phone loses
// its network: every connection through it closes and no new one is accepted.
type cuttableLink struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newCuttableLink(t *testing.T, target string) *cuttableLink {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := &cuttableLink{ln: ln}
	t.Cleanup(l.cut)
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", target)
			if err != nil {
				in.Close()
				continue
			}
			l.mu.Lock()
			l.conns = append(l.conns, in, out)
			l.mu.Unlock()
			go func() { io.Copy(out, in); out.Close() }()
			go func() { io.Copy(in, out); in.Close() }()
		}
	}()
	return l
}

func (l *cuttableLink) addr() string { return l.ln.Addr().String() }

func (l *cuttableLink) cut() {
	l.ln.Close()
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.conns {
		c.Close()
	}
	l.conns = nil
}

// A guest has no name: the app calls it by its number in the player's language, as
// the system locale picks it (present's tables check the texts themselves).
func TestGuestNamedInTheLanguage(t *testing.T) {
	for _, c := range []struct{ locale, want string }{{"zh_CN.UTF-8", "访客 7"}, {"en_GB.UTF-8", "Guest 7"}} {
		for _, env := range []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"} {
			t.Setenv(env, c.locale)
		}
		reloadTranslations(t)
		if got := present.PlayerName(trData, proto.Account{ID: 7}); got != c.want {
			t.Errorf("%s: guest 7 is %q, want %q", c.locale, got, c.want)
		}
		if got := present.PlayerName(trData, proto.Account{ID: 7, Name: "lin"}); got != "lin" {
			t.Errorf("%s: account lin is %q", c.locale, got)
		}
	}
	reloadTranslations(t)
}
