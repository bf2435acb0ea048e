package gui

import "time"

// uiTicker calls a function on the UI goroutine every clockTick while it runs: what
// redraws a running clock, on the game screen and on the Online screen.
type uiTicker struct {
	stop chan struct{} // closed to end the goroutine; nil when none runs
}

// running tells whether the ticker runs.
func (t *uiTicker) running() bool { return t.stop != nil }

// set starts (on) or stops the ticker. Called on the UI goroutine; tick runs there
// through post, and never after the ticker was stopped.
func (t *uiTicker) set(on bool, post func(func()), tick func()) {
	if on == t.running() {
		return
	}
	if !on {
		close(t.stop)
		t.stop = nil
		return
	}
	stop := make(chan struct{})
	t.stop = stop
	go func() {
		tk := time.NewTicker(clockTick)
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
