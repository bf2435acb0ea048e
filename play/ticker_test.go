package play

import (
	"testing"
	"time"
)

// The ticker calls tick through post while it runs; once stopped, it posts no more,
// and a tick posted before the stop changes nothing when the UI goroutine runs it.
func TestTickerStopsStaleTicks(t *testing.T) {
	const every = 10 * time.Millisecond
	posted := make(chan func(), 64) // the UI goroutine's queue: this test's goroutine runs it
	post := func(f func()) { posted <- f }
	ticks := 0
	var tk Ticker
	tk.Set(true, every, post, func() { ticks++ })
	if !tk.Running() {
		t.Fatal("the ticker does not run after Set(true)")
	}
	tk.Set(true, every, post, func() { t.Error("a second Set(true) replaced the tick") })
	(<-posted)()
	if ticks != 1 {
		t.Fatalf("%d ticks after the first post, want 1", ticks)
	}
	stale := <-posted
	tk.Set(false, every, post, nil)
	if tk.Running() {
		t.Fatal("the ticker runs after Set(false)")
	}
	stale()
	<-tk.gone // the goroutine has returned: whatever it posted is in the queue
	for len(posted) > 0 {
		(<-posted)()
	}
	if ticks != 1 {
		t.Errorf("%d ticks, want 1: a tick ran after the stop", ticks)
	}
	tk.Set(false, every, post, nil) // stopping a stopped ticker changes nothing
	if tk.Running() {
		t.Error("the ticker runs after a second Set(false)")
	}
}
