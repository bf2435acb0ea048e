package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
)

// watchStats is what the watcher bots saw, in the tally.
type watchStats struct {
	sockets int
	events  int // events delivered to watchers
	gaps    int // an event number skipped or repeated on a watcher's socket
	unended int // watchers that never saw their game's end
	frames  int // watchers frames (pushed counts) received by everyone
	maxSeen int // the highest watcher count pushed
	delays  []time.Duration
	// sent is, per game and event number, when the move that made it was sent: a watcher's
	// delay is from then to its receipt.
	sent map[[2]int64]time.Time
}

// noteSent records when the move that became event seq of game g was sent.
func (t *tally) noteSent(g, seq int64, at time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.watch.sent == nil {
		t.watch.sent = map[[2]int64]time.Time{}
	}
	t.watch.sent[[2]int64{g, seq}] = at
}

// watchGame is one watcher bot: a guest on instance base that watches game g from its
// first event until its end, checking that the events come in order, each once, and
// reconnecting (from the last event seen) when its instance goes away.
func watchGame(ctx context.Context, bases []string, base int, g int64, t *tally) error {
	s, err := client.Guest(ctx, bases[base])
	if err != nil {
		return err
	}
	var last int64
	received := map[int64]time.Time{}
	defer func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		for seq, at := range received {
			if sent, ok := t.watch.sent[[2]int64{g, seq}]; ok {
				t.watch.delays = append(t.watch.delays, max(0, at.Sub(sent)))
			}
		}
	}()
	for attempt := 0; ; attempt++ {
		c, err := client.Dial(ctx, bases[(base+attempt)%len(bases)], s.Token, map[int64]int64{g: last})
		if err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("watcher of game %d: %v", g, err)
			}
			time.Sleep(200 * time.Millisecond)
			continue
		}
		if attempt == 0 {
			t.mu.Lock()
			t.watch.sockets++
			t.mu.Unlock()
		}
		ended := false
		for f := range c.Frames() {
			switch {
			case f.Type == proto.TypeWatchers && f.Game == g:
				t.mu.Lock()
				t.watch.frames++
				t.watch.maxSeen = max(t.watch.maxSeen, *f.Watchers)
				t.mu.Unlock()
			case f.Type == proto.TypeEvent && f.Event.Game == g:
				t.mu.Lock()
				t.watch.events++
				if f.Event.Seq != last+1 {
					t.watch.gaps++
				}
				t.mu.Unlock()
				last = f.Event.Seq
				if f.Event.Kind == proto.KindMove {
					received[f.Event.Seq] = time.Now()
				}
				ended = f.Event.Kind == proto.KindEnd
			}
			if ended {
				break
			}
		}
		c.Close()
		if ended {
			return nil
		}
		if ctx.Err() != nil {
			t.mu.Lock()
			t.watch.unended++
			t.mu.Unlock()
			return fmt.Errorf("watcher of game %d: the run ended before the game", g)
		}
	}
}

// watchReport is the report's lines on the watchers.
func watchReport(t *tally, perGame int) string {
	if perGame == 0 {
		return ""
	}
	w := t.watch
	slices.Sort(w.delays)
	pct := func(p float64) time.Duration {
		if len(w.delays) == 0 {
			return 0
		}
		return w.delays[min(len(w.delays)-1, int(p*float64(len(w.delays))))].Round(10 * time.Microsecond)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "watchers %d per game, %d sockets: events delivered %d, gaps %d, never saw the end %d\n",
		perGame, w.sockets, w.events, w.gaps, w.unended)
	fmt.Fprintf(&b, "watcher delay (the move sent to a watcher's receipt) p50 %v p99 %v max %v\n", pct(0.5), pct(0.99), pct(1))
	fmt.Fprintf(&b, "watcher counts pushed %d (%.1f per watcher), highest count %d\n",
		w.frames, float64(w.frames)/float64(max(1, w.sockets)), w.maxSeen)
	return b.String()
}
