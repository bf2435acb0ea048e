package play

import (
	"testing"

	"github.com/xqfyne/xiangqi/engine"
)

// The engine a session makes plays on one thread with the platform's table: 4 MB on
// phones and in the browser (go test -tags mobile ./play), the engine's default on the
// desktop (docs/budget.md).
func TestSessionEngineBudget(t *testing.T) {
	s, notice := NewSession(Config{Post: func(f func()) { f() }})
	if s == nil {
		t.Fatal(notice)
	}
	opts := s.searcher.Options()
	if opts.Threads != 1 {
		t.Errorf("the session's engine runs %d threads, want 1", opts.Threads)
	}
	want := engine.DefaultHashMB
	if phoneBuild {
		want = 4
	}
	if opts.HashMB != want {
		t.Errorf("the session's engine has %d MB of hash, want %d (phone build: %v)", opts.HashMB, want, phoneBuild)
	}
}
