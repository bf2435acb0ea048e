package puzzle

import (
	"bytes"
	"testing"
)

// Solvers of known strength, 800–2400, solving the collection's puzzles as the trainer
// offers them: their ratings, from 1200, come within reach of their strengths in a few
// dozen tries and then stay there, and a settled rating moves by tens of points a try,
// not hundreds. (puzzlegen -simulate runs the 1,000-solver table of README.md.)
func TestSimulatedSolversConverge(t *testing.T) {
	ps := loadCollection(t)
	sim := Simulation{Solvers: 60, Checkpoints: []int{0, 10, 30, 100}, MinStrength: 800, MaxStrength: 2400, Seed: 7}
	rows, err := sim.Run(ps)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteTable(&b, rows); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + b.String())
	start, settled := rows[0], rows[len(rows)-1]
	if start.MeanError < 300 {
		t.Fatalf("the solvers start %0.f from their strengths: the strengths are not spread", start.MeanError)
	}
	if rows[2].MeanError > start.MeanError/3 || settled.MeanError > 90 {
		t.Errorf("mean errors %.0f, %.0f after 30 tries, %.0f after 100: the ratings do not converge",
			start.MeanError, rows[2].MeanError, settled.MeanError)
	}
	if settled.MeanStep < 5 || settled.MeanStep > 40 {
		t.Errorf("a settled rating moves %.1f a try: want tens of points, not hundreds nor none", settled.MeanStep)
	}
	if _, err := (Simulation{Solvers: 1, Checkpoints: []int{10, 5}}).Run(ps); err == nil {
		t.Error("descending checkpoints accepted")
	}
	if _, err := (Simulation{Solvers: 1, Checkpoints: []int{len(ps) + 1}}).Run(ps); err == nil {
		t.Error("more tries than puzzles accepted")
	}
}
