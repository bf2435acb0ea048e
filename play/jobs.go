package play

import (
	"context"
	"sync"
)

// job is one kind of background engine work, the one runner of the controller: a session's
// engine move or hint, its analysis, its review, and a puzzle run's engine replies and
// checks. Starting work stops the work the job was doing; stopping cancels that work's
// context and makes its late reports stale, so they are dropped on the UI goroutine
// instead of changing a game that moved on.
type job struct {
	gen    uint64             // bumped whenever the running work becomes stale
	cancel context.CancelFunc // cancels the running work's context
}

// run starts work for j on a goroutine counted in running (the owner's Close waits for
// it), after stopping j's earlier work. The work reports through deliver, which runs f on
// the UI goroutine through post while the work is still j's current one.
func (j *job) run(running *sync.WaitGroup, post func(func()), work func(ctx context.Context, deliver func(f func()))) {
	j.stop()
	gen := j.gen
	ctx, cancel := context.WithCancel(context.Background())
	j.cancel = cancel
	running.Add(1)
	go func() {
		defer running.Done()
		work(ctx, func(f func()) {
			post(func() {
				if j.gen == gen {
					f()
				}
			})
		})
	}()
}

// stop cancels the running work and makes its reports stale.
func (j *job) stop() {
	j.gen++
	j.finished()
}

// finished releases the context of work whose last report was taken.
func (j *job) finished() {
	if j.cancel != nil {
		j.cancel()
		j.cancel = nil
	}
}
