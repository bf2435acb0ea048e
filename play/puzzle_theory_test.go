package play

import (
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/rules"
)

// An endgame's theory comes from its goal, and the outcome of a try from the game against
// the engine: none while it goes on, won once the player mates.
func TestEndgameTheoryAndOutcome(t *testing.T) {
	tr, q := newTrainer(t, t.TempDir())
	if r, _ := tr.Start(&tr.All()[0]); func() bool { _, ok := r.Theory(); return ok }() || outcomeOf(r) != OutcomeNone {
		t.Fatal("a puzzle with a line has a theory or an outcome")
	}
	held, _ := tr.Start(&tr.All()[3])
	if th, ok := held.Theory(); !ok || !th.Draw {
		t.Fatalf("a drawn ending's theory %+v (%v)", th, ok)
	}
	r, err := tr.Start(&tr.All()[2])
	if err != nil {
		t.Fatal(err)
	}
	if th, ok := r.Theory(); !ok || th.Draw || th.Winner != rules.Red || outcomeOf(r) != OutcomeNone {
		t.Fatalf("a won ending's theory %+v (%v), outcome %v", th, ok, outcomeOf(r))
	}
	// Two rooks mate the bare king: a9 to the ninth rank, then i1 to the tenth.
	for _, m := range []string{"a1a8", "i1i9"} {
		if r.State() != RunSolving {
			break
		}
		tapRun(t, r, m)
		q.WaitFor(t, time.Minute, "the engine's reply", func() bool { return !r.Thinking() })
	}
	if r.State() != RunSolved || outcomeOf(r) != OutcomeWon {
		t.Fatalf("after the mate: %v, outcome %v, %s", r.State(), outcomeOf(r), r.Position().FEN())
	}
}
