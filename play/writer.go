package play

import "sync"

// writer writes saves on its own goroutine, so that a move never waits for storage (an
// fsync on a phone's flash can take tens of milliseconds). The UI goroutine encodes the
// game, which is cheap, and hands the bytes over; when several saves wait, only the newest
// is written, since each one holds the whole game.
type writer struct {
	store   *Store
	failed  func(error) // called on the writer's goroutine with a write error
	mu      sync.Mutex
	cond    sync.Cond
	pending []byte
	queued  uint64 // saves handed over so far
	written uint64 // saves handed over before the last finished write began
	closed  bool
	done    chan struct{}
}

func newWriter(store *Store, failed func(error)) *writer {
	w := &writer{store: store, failed: failed, done: make(chan struct{})}
	w.cond.L = &w.mu
	go w.run()
	return w
}

// save hands an encoded game to the writer and returns at once; after close it does
// nothing.
func (w *writer) save(data []byte) {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return
	}
	w.pending = data
	w.queued++
	w.mu.Unlock()
	w.cond.Broadcast()
}

func (w *writer) run() {
	defer close(w.done)
	for {
		w.mu.Lock()
		for w.pending == nil && !w.closed {
			w.cond.Wait()
		}
		data, upTo := w.pending, w.queued
		w.pending = nil
		w.mu.Unlock()
		if data == nil {
			return // closed with nothing left to write
		}
		err := w.store.write(data)
		w.mu.Lock()
		w.written = upTo
		w.mu.Unlock()
		w.cond.Broadcast()
		if err != nil {
			w.failed(err)
		}
	}
}

// flush waits until every save handed over so far has been written (or has failed).
func (w *writer) flush() {
	w.mu.Lock()
	for w.written < w.queued {
		w.cond.Wait()
	}
	w.mu.Unlock()
}

// close writes what is pending and ends the goroutine.
func (w *writer) close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	w.cond.Broadcast()
	<-w.done
}
