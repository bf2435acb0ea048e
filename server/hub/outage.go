package hub

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// beats is an instance's side of the service's heartbeat (store.Beat): when it last beat,
// by Config.Now, and the beat in flight, which the requests that need one wait for
// instead of each sending their own.
type beats struct {
	last atomic.Int64 // Unix nanoseconds; 0: never, or the database failed since

	mu     sync.Mutex
	flight *beatFlight
}

// beatFlight is one beat on its way to the database; err is its outcome once done closes.
type beatFlight struct {
	done chan struct{}
	err  error
}

// beatTimeout bounds one beat, whoever waits for it.
const beatTimeout = 5 * time.Second

// beat records the heartbeat unless this instance beat less than fresh ago and has seen
// no database failure since. A beat that finds an outage has resumed the games in play
// (store.Beat); the players it shows away again are announced here. Nothing that judges
// time (a move, a sweep) runs before a beat has succeeded: it would charge the outage.
func (h *Hub) beat(ctx context.Context, fresh time.Duration) error {
	if h.beatFresh(fresh) {
		return nil
	}
	h.beats.mu.Lock()
	f := h.beats.flight
	mine := f == nil
	if mine {
		f = &beatFlight{done: make(chan struct{})}
		h.beats.flight = f
	}
	h.beats.mu.Unlock()
	if mine {
		// Not the request's context: the others waiting for this beat outlive it.
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), beatTimeout)
		f.err = h.sendBeat(bctx)
		cancel()
		h.beats.mu.Lock()
		h.beats.flight = nil
		h.beats.mu.Unlock()
		close(f.done)
	}
	select {
	case <-f.done:
		return f.err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// beatTries is how many times a beat is tried before its waiters are refused: after a
// restart of the database the pool's first connections are dead ones, each failing once,
// and every request waiting for the beat would be refused with it.
const beatTries = 3

func (h *Hub) sendBeat(ctx context.Context) error {
	now := h.cfg.Now()
	outage, away, err := h.store.Beat(ctx, now, h.cfg.OutageAfter, h.cfg.Grace, h.cfg.Forfeit)
	for try := 1; err != nil && try < beatTries && ctx.Err() == nil; try++ {
		outage, away, err = h.store.Beat(ctx, now, h.cfg.OutageAfter, h.cfg.Grace, h.cfg.Forfeit)
	}
	if err != nil {
		return err
	}
	if outage.Length() > 0 {
		h.log.Warn("the service was down; the games in play resume as they stood", "from", outage.From, "to", outage.To,
			"length", outage.Length().Round(time.Millisecond), "away", len(away))
		h.metrics.outages.Inc()
	}
	for _, e := range away {
		h.dispatch(e)
	}
	h.beats.last.Store(now.UnixNano())
	return nil
}

func (h *Hub) beatFresh(fresh time.Duration) bool {
	last := h.beats.last.Load()
	return last != 0 && h.cfg.Now().Sub(time.Unix(0, last)) < fresh
}

// databaseFailed has the next request or sweep beat first: the database may have been
// down long enough for an outage.
func (h *Hub) databaseFailed() { h.beats.last.Store(0) }

// requestBeat is the beat a request needs: a recent one (within half the outage
// tolerance) from the sweeps, or one it sends or waits for.
func (h *Hub) requestBeat(ctx context.Context) error { return h.beat(ctx, h.cfg.OutageAfter/2) }
