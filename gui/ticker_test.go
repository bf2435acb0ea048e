package gui

import (
	"testing"
	"time"
)

// The ticker calls tick through post while it runs; once stopped, it posts no more,
// and a tick posted before the stop changes nothing when the UI goroutine runs it.
func TestUITickerStopsStaleTicks(t *testing.T) {
	posted := make(chan func(), 64) // the UI goroutine's queue: this test's goroutine runs it
	post := func(f func()) { posted <- f }
	ticks := 0
	var tk uiTicker
	tk.set(true, post, func() { ticks++ })
	if !tk.running() {
		t.Fatal("the ticker does not run after set(true)")
	}
	tk.set(true, post, func() { t.Error("a second set(true) replaced the tick") })
	(<-posted)()
	if ticks != 1 {
		t.Fatalf("%d ticks after the first post, want 1", ticks)
	}
	stale := <-posted
	tk.set(false, post, nil)
	if tk.running() {
		t.Fatal("the ticker runs after set(false)")
	}
	stale()
	time.Sleep(3 * clockTick) // room for a tick that would still come
	for len(posted) > 0 {
		(<-posted)()
	}
	if ticks != 1 {
		t.Errorf("%d ticks, want 1: a tick ran after the stop", ticks)
	}
	tk.set(false, post, nil) // stopping a stopped ticker changes nothing
	if tk.running() {
		t.Error("the ticker runs after a second set(false)")
	}
}
