package play

import (
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// waitEnded fails the test if the session's background searches do not end.
func waitEnded(t *testing.T, s *Session) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		s.Engine().Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the analysis goes on after it was switched off")
	}
}

// Analysis shows three lines with different first moves for the position shown, follows
// the position when a move is played (the engine does not answer it), and stops at once
// when switched off.
func TestAnalysisShowsThreeLinesAndStops(t *testing.T) {
	calls := 0
	s, q, _ := openSession(t, nil, firstLegal(&calls))
	if err := s.NewGame(fastSettings(game.HumanRed)); err != nil {
		t.Fatal(err)
	}
	s.Analysis().Set(true)
	threeLines := func(minDepth int) func() bool {
		return func() bool {
			lines := s.Analysis().Lines()
			if len(lines) != AnalysisLines {
				return false
			}
			seen := map[rules.Move]bool{}
			for _, l := range lines {
				if l.Depth < minDepth || seen[l.PV[0]] || !s.Game().Position().IsLegal(l.PV[0]) {
					return false
				}
				seen[l.PV[0]] = true
			}
			return true
		}
	}
	q.WaitFor(t, 20*time.Second, "three lines at depth 4", threeLines(4))
	if s.Analysis().Side() != rules.Red {
		t.Fatal("analysis side")
	}
	tapMove(t, s, "h2e2")
	if len(s.Analysis().Lines()) != 0 {
		t.Fatal("the lines of the previous position are still shown")
	}
	q.WaitFor(t, 20*time.Second, "three lines after the move", threeLines(3))
	if s.Analysis().Side() != rules.Black || calls != 0 || s.Engine().Thinking() {
		t.Fatalf("after the move: side %v, engine searches %d", s.Analysis().Side(), calls)
	}
	s.Analysis().Set(false)
	if s.Analysis().On() || len(s.Analysis().Lines()) != 0 {
		t.Fatal("analysis still shown")
	}
	waitEnded(t, s)
	q.WaitFor(t, 10*time.Second, "the engine's move after analysis", func() bool { return s.Game().Ply() == 2 })
	if calls != 1 {
		t.Fatalf("engine searches %d, want 1", calls)
	}
}

// A finished game can be analysed.
func TestAnalysisOfFinishedGame(t *testing.T) {
	s, q, _ := openSession(t, nil, nil)
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	s.Endings().Resign()
	if !s.Game().Result().Decided() {
		t.Fatal("not resigned")
	}
	s.Analysis().Set(true)
	q.WaitFor(t, 20*time.Second, "lines on a finished game", func() bool { return len(s.Analysis().Lines()) == AnalysisLines })
	s.Analysis().Set(false)
	waitEnded(t, s)
}
