package hub

import (
	"context"
	"sort"
	"time"

	"github.com/xqfyne/xiangqi/server/proto"
)

// watch starts sending game's events after number after (or keeps watching it, from
// where it was, if it already does).
func (c *conn) watch(game, after int64) {
	c.mu.Lock()
	if w, ok := c.watches[game]; ok {
		w.reread = w.reread || after < w.last
		w.last = min(w.last, after)
	} else {
		c.watches[game] = &watch{last: after, reread: true}
	}
	c.mu.Unlock()
	c.hub.subscribe(c, game)
	c.poke()
}

// tell reports whether the socket is yet to hear that game started, and notes that it has.
func (c *conn) tell(game int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.told[game] {
		return false
	}
	c.told[game] = true
	return true
}

func (c *conn) watching(game int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.watches[game]
	return ok
}

// offer hands the syncer an event heard from the database.
func (c *conn) offer(e proto.Event) {
	c.mu.Lock()
	if w, ok := c.watches[e.Game]; ok {
		if len(w.pending) < pendingCap {
			w.pending = append(w.pending, e)
		} else {
			w.reread = true
		}
	}
	c.mu.Unlock()
	c.poke()
}

// catchUp has the syncer re-read the games whose version in the table is ahead of what
// this socket has sent and holds.
func (c *conn) catchUp(versions map[int64]int64) {
	c.mu.Lock()
	behind := false
	for g, w := range c.watches {
		if v, ok := versions[g]; ok && v > w.last+int64(len(w.pending)) {
			w.reread, behind = true, true
		}
	}
	c.mu.Unlock()
	if behind {
		c.poke()
	}
}

// resync has the syncer read every watched game from the table.
func (c *conn) resync() {
	c.mu.Lock()
	for _, w := range c.watches {
		w.reread = true
	}
	c.mu.Unlock()
	c.poke()
}

func (c *conn) poke() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// syncer sends each watched game's events in order, each once: the events heard from
// the database when they follow on from the last sent, and otherwise (a gap, a resume,
// an event too large to announce whole) the events read from the table, a page at a
// time, each page as the client takes the one before.
func (c *conn) syncer(ctx context.Context) {
	for {
		select {
		case <-c.done:
			return
		case <-c.wake:
		}
		for c.syncOnce(ctx) {
		}
	}
}

// syncOnce sends what one game has waiting; it reports whether it found anything.
func (c *conn) syncOnce(ctx context.Context) bool {
	c.mu.Lock()
	var game int64
	var w *watch
	for g, cand := range c.watches {
		if cand.reread || len(cand.pending) > 0 {
			game, w = g, cand
			break
		}
	}
	if w == nil {
		c.mu.Unlock()
		return false
	}
	last, reread, pending := w.last, w.reread, w.pending
	w.pending, w.reread = nil, false
	c.mu.Unlock()

	sort.Slice(pending, func(i, j int) bool { return pending[i].Seq < pending[j].Seq })
	var send []proto.Event
	for _, e := range pending {
		if e.Seq <= last {
			continue
		}
		if e.Seq != last+1+int64(len(send)) || e.Kind == "" {
			reread = true
			break
		}
		send = append(send, e)
	}
	more := false
	if reread {
		events, err := c.hub.store.EventPage(ctx, game, last, historyPage)
		if err != nil {
			if ctx.Err() == nil {
				c.hub.log.Warn("reading events", "game", game, "err", err)
				c.mu.Lock()
				w.reread = true
				c.mu.Unlock()
				time.AfterFunc(time.Second, c.poke) // the database will be back
			}
			return false
		}
		send = events
		// A full page: the rest is read once this one is out (other games' events may
		// go first), and events heard meanwhile come with it.
		more = len(events) == historyPage
	}
	for i := range send {
		if !c.sendEvent(proto.Frame{Type: proto.TypeEvent, Game: game, Seq: send[i].Seq, Event: &send[i]}) {
			return false
		}
		c.hub.metrics.events.Inc()
	}
	c.mu.Lock()
	if len(send) > 0 && w.last >= last { // unless a watch from earlier came meanwhile
		w.last = max(w.last, send[len(send)-1].Seq)
	}
	w.reread = w.reread || more
	c.mu.Unlock()
	return true
}
