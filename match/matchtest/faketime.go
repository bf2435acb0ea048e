// Package matchtest has the match domain's test double: a time source whose time moves
// only when the test says so.
package matchtest

import (
	"sync"
	"time"
)

// FakeTime is a time source (match.TimeSource) that moves only when the test says so;
// its timers fire inside Advance, in time order.
type FakeTime struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

type fakeTimer struct {
	at      time.Time
	f       func()
	stopped bool
}

// NewFakeTime starts a fake time at a fixed moment.
func NewFakeTime() *FakeTime { return &FakeTime{now: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)} }

// Now returns the fake time.
func (ft *FakeTime) Now() time.Time {
	ft.mu.Lock()
	defer ft.mu.Unlock()
	return ft.now
}

// AfterFunc calls f when Advance passes d from now; the result cancels the call.
func (ft *FakeTime) AfterFunc(d time.Duration, f func()) func() bool {
	ft.mu.Lock()
	defer ft.mu.Unlock()
	tm := &fakeTimer{at: ft.now.Add(d), f: f}
	ft.timers = append(ft.timers, tm)
	return func() bool {
		ft.mu.Lock()
		defer ft.mu.Unlock()
		was := !tm.stopped
		tm.stopped = true
		return was
	}
}

// Advance moves the time on by d, firing the timers that fall due.
func (ft *FakeTime) Advance(d time.Duration) {
	ft.mu.Lock()
	end := ft.now.Add(d)
	for {
		var next *fakeTimer
		for _, tm := range ft.timers {
			if !tm.stopped && !tm.at.After(end) && (next == nil || tm.at.Before(next.at)) {
				next = tm
			}
		}
		if next == nil {
			break
		}
		next.stopped = true
		if next.at.After(ft.now) {
			ft.now = next.at
		}
		ft.mu.Unlock()
		next.f()
		ft.mu.Lock()
	}
	ft.now = end
	ft.mu.Unlock()
}
