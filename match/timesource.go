package match

import "time"

// TimeSource is where a match (and the session around it) reads the time: the system clock in the app, a fake one in
// tests.
type TimeSource interface {
	Now() time.Time
	// AfterFunc calls f on another goroutine once d has passed; stop cancels the call.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// SystemTime is the time source of the running program: the system clock and its timers.
type SystemTime struct{}

func (SystemTime) Now() time.Time { return time.Now() }
func (SystemTime) AfterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}
