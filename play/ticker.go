package play

import "time"

// Ticker calls a function on the UI goroutine at a fixed interval while it runs: what
// redraws a running clock. The view gives it its way onto the UI goroutine (post), so the
// ticker itself needs no toolkit.
type Ticker struct {
	stop chan struct{} // closed to end the goroutine; nil when none runs
	// gone is closed when the last goroutine started has returned: past it, nothing more
	// is posted (tests wait on it).
	gone chan struct{}
}

// Running tells whether the ticker runs.
func (t *Ticker) Running() bool { return t.stop != nil }

// Set starts (on) or stops the ticker. Called on the UI goroutine; tick runs there
// through post every interval, and never after the ticker was stopped.
func (t *Ticker) Set(on bool, interval time.Duration, post func(func()), tick func()) {
	if on == t.Running() {
		return
	}
	if !on {
		close(t.stop)
		t.stop = nil
		return
	}
	stop, gone := make(chan struct{}), make(chan struct{})
	t.stop, t.gone = stop, gone
	go func() {
		defer close(gone)
		tk := time.NewTicker(interval)
		defer tk.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tk.C:
				post(func() {
					if t.stop == stop { // a stale tick after a stop changes nothing
						tick()
					}
				})
			}
		}
	}()
}
