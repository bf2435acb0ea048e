// Package playtest has test doubles for the controller's dependencies: a queue that stands
// in for the UI goroutine (the fake time source is match/matchtest's).
package playtest

import (
	"sync"
	"testing"
	"time"
)

// UIQueue stands in for the UI goroutine in tests (fyne.Do in the app): background
// goroutines Post functions and the test goroutine runs them with Drain or WaitFor, so
// -race sees the same ownership rules as the real app.
type UIQueue struct {
	mu sync.Mutex
	fs []func()
}

// Post queues f to run on the test goroutine; safe from any goroutine.
func (q *UIQueue) Post(f func()) {
	q.mu.Lock()
	q.fs = append(q.fs, f)
	q.mu.Unlock()
}

// Drain runs everything posted so far and reports how many functions ran.
func (q *UIQueue) Drain() int {
	q.mu.Lock()
	fs := q.fs
	q.fs = nil
	q.mu.Unlock()
	for _, f := range fs {
		f()
	}
	return len(fs)
}

// WaitFor drains the queue until cond holds, failing the test once timeout has passed
// (a guard against a hang, not a measurement).
func (q *UIQueue) WaitFor(t testing.TB, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		if q.Drain() == 0 {
			time.Sleep(2 * time.Millisecond)
		}
	}
}
