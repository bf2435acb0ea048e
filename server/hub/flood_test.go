package hub

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/server/proto"
)

// floodFrom dials base's socket from the loopback address local, as another machine would.
func floodFrom(local string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 64}}
}

// 10,000 socket attempts from one address (127.0.0.2) while a game is played from
// another (127.0.0.1): the address gets its 200 sockets and every attempt past them a 429
// with the rate_limited error; and the game's moves are all acknowledged, their latency
// logged before and during the flood (bounded only loosely: 2 s, as the machine is shared).
func TestTenThousandSocketsFromOneAddress(t *testing.T) {
	attempts := 10000
	if testing.Short() {
		attempts = 2000
	}
	raiseFileLimit(t)
	// The silent sockets stay until the flood is over (TestSilentSocketIsClosed).
	// The game's moves are paced by the flood, not by the clock: the request rates are
	// not this test's (limits_test.go has them).
	h, base, _ := manualHub(t, &testClock{t: time.Now()}, Config{HelloTimeout: 5 * time.Minute,
		MessageRate: 1e6, MessageBurst: 1e6, AccountMessageRate: 1e6, AccountMessageBurst: 1e6})
	bases := []string{base}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	g, p, _ := pairBySeek(t, ctx, bases, "30+0")
	gm, err := game.New("")
	if err != nil {
		t.Fatal(err)
	}
	ply := 0
	// progress is signalled by the flood's attempts: a move beside the flood waits for
	// one after the last was acknowledged, so the game's moves spread over the flood.
	progress := make(chan struct{}, 1)
	// play makes moves of the game, each after one more attempt of the flood (none before
	// it or once stop is closed), at least n and then until stop is closed, and returns
	// their acknowledgement times.
	play := func(n int, stop <-chan struct{}) []time.Duration {
		var took []time.Duration
		for i := 0; ; i++ {
			if i >= n {
				select {
				case <-stop:
					return took
				default:
				}
			}
			if gm.Result().Decided() {
				break
			}
			legal := gm.Position().LegalMoves()
			mv := legal[rand.IntN(len(legal))]
			sent := time.Now()
			if _, err := p[ply%2].Move(ctx, g, ply, mv.String()); err != nil {
				t.Errorf("move %d %s beside the flood: %v", ply+1, mv, err)
				return took
			}
			took = append(took, time.Since(sent))
			gm.Play(mv)
			ply++
			select {
			case <-progress:
			case <-stop:
			}
		}
		return took
	}
	closed := make(chan struct{})
	close(closed)
	before := play(10, closed)

	var mu sync.Mutex
	outcomes := map[string]int{}
	var held []*websocket.Conn
	var wg sync.WaitGroup
	jobs := make(chan struct{})
	client := floodFrom("127.0.0.2")
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range jobs {
				c, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(bases[0], "http")+"/ws",
					&websocket.DialOptions{HTTPClient: client})
				outcome := "accepted"
				switch {
				case err == nil:
				case resp != nil && resp.StatusCode == http.StatusTooManyRequests:
					outcome = "429"
					var e proto.Error
					if json.NewDecoder(resp.Body).Decode(&e) != nil || e.Code != proto.CodeRateLimited {
						outcome = "429 without the rate_limited error"
					}
				default:
					outcome = "other: " + err.Error()
				}
				mu.Lock()
				outcomes[outcome]++
				if c != nil {
					held = append(held, c)
				}
				mu.Unlock()
				select {
				case progress <- struct{}{}:
				default:
				}
			}
		}()
	}
	during := make(chan []time.Duration)
	floodDone := make(chan struct{})
	go func() { during <- play(10, floodDone) }()
	start := time.Now()
	for range attempts {
		jobs <- struct{}{}
	}
	close(jobs)
	wg.Wait()
	flood := time.Since(start)
	close(floodDone)
	beside := <-during
	defer func() {
		for _, c := range held {
			c.CloseNow()
		}
	}()
	if outcomes["accepted"] != 200 || outcomes["429"] != attempts-200 {
		t.Errorf("%d attempts from one address: %v, want 200 accepted and the rest refused with 429", attempts, outcomes)
	}
	if len(beside) < 10 {
		t.Errorf("only %d moves beside the flood", len(beside))
	}
	b, d := slices.Max(before), slices.Max(beside)
	t.Logf("%d attempts in %v (%v); the game's acks before: median %v max %v; during: median %v max %v",
		attempts, flood.Round(time.Millisecond), outcomes, median(before), b, median(beside), d)
	if d > 2*time.Second {
		t.Errorf("a move beside the flood took %v", d)
	}
	// Once they are gone, the address is welcome again: the hub tells when its last
	// socket has gone (the game's players are on another address).
	allGone := make(chan struct{})
	h.mu.Lock()
	h.socketGone = func(addr string, open int) {
		if open == 0 && addr == "127.0.0.2" {
			close(allGone)
			h.socketGone = nil
		}
	}
	h.mu.Unlock()
	for _, c := range held {
		c.CloseNow()
	}
	held = nil
	select {
	case <-allGone:
	case <-ctx.Done():
		t.Fatal("the flood's sockets were never all gone")
	}
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(bases[0], "http")+"/ws", &websocket.DialOptions{HTTPClient: client})
	if err != nil {
		t.Fatalf("a socket after the flood: %v", err)
	}
	c.CloseNow()
}

// A socket that never says hello is closed at the hello timeout, freeing its place.
func TestSilentSocketIsClosed(t *testing.T) {
	bases := instances(t, 1, Config{HelloTimeout: 300 * time.Millisecond})
	ctx := testCtx(t)
	c, err := rawSocket(ctx, bases[0])
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	if _, _, err := c.Read(ctx); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Errorf("a silent socket: %v, want closed for no hello (%d)", err, websocket.StatusPolicyViolation)
	}
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

// raiseFileLimit lifts the process's open-file limit to its hard limit: the flood holds
// hundreds of sockets at both ends.
func raiseFileLimit(t *testing.T) {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		t.Logf("open-file limit: %v", err)
		return
	}
	if l.Cur < l.Max {
		l.Cur = l.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
			t.Logf("raising the open-file limit: %v", err)
		}
	}
	if l.Cur < 2048 {
		t.Skip(fmt.Sprintf("open-file limit %d is too low for the flood", l.Cur))
	}
}
