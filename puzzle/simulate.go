package puzzle

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
)

// Simulation runs solvers of known strength through the collection as the
// trainer would (each with a progress of their own, offered Progress.Next
// and rated by Progress.Record), to see how fast and how close their
// ratings come to their strengths. A solver of strength s solves a puzzle
// whose true difficulty is d with the logistic chance 1/(1+10^((d-s)/400)),
// the model the ratings assume.
type Simulation struct {
	Solvers int
	// Checkpoints are the numbers of tries after which the error is
	// measured, ascending.
	Checkpoints []int
	// Strengths are drawn uniformly from MinStrength to MaxStrength.
	MinStrength, MaxStrength float64
	// DifficultyNoise is the standard deviation of a puzzle's true
	// difficulty around its seeded rating (0: the seeds are exact).
	DifficultyNoise float64
	Seed            uint64
}

// SimRow is the state of the solvers after Tries tries.
type SimRow struct {
	Tries int
	// MeanError is the mean of |rating - strength|; Within100 the share of
	// solvers within 100 points.
	MeanError, Within100 float64
	// MeanDeviation is the solvers' mean Glicko deviation, MeanStep the
	// mean size of the rating change of the last try.
	MeanDeviation, MeanStep float64
}

// Run simulates the solvers over ps and returns one row per checkpoint,
// the first (before any try, when no checkpoint is 0) included.
func (s Simulation) Run(ps []Puzzle) ([]SimRow, error) {
	if s.Solvers <= 0 || len(s.Checkpoints) == 0 || !slices.IsSorted(s.Checkpoints) || s.Checkpoints[0] < 0 ||
		s.MaxStrength < s.MinStrength || s.DifficultyNoise < 0 {
		return nil, errors.New("simulation: want solvers, ascending checkpoints and a strength range")
	}
	last := s.Checkpoints[len(s.Checkpoints)-1]
	if len(ps) < last {
		return nil, fmt.Errorf("simulation: %d tries need as many puzzles, have %d", last, len(ps))
	}
	rnd := rand.New(rand.NewPCG(s.Seed, 1))
	truth := make(map[string]float64, len(ps))
	for i := range ps {
		truth[ps[i].ID] = float64(ps[i].Rating) + rnd.NormFloat64()*s.DifficultyNoise
	}
	rows := make([]SimRow, len(s.Checkpoints))
	for i, c := range s.Checkpoints {
		rows[i].Tries = c
	}
	for range s.Solvers {
		strength := s.MinStrength + rnd.Float64()*(s.MaxStrength-s.MinStrength)
		pr := NewProgress()
		step := 0.0
		next := 0
		for try := 0; try <= last; try++ {
			for next < len(rows) && rows[next].Tries == try {
				e := math.Abs(pr.Player.Rating - strength)
				rows[next].MeanError += e
				if e <= 100 {
					rows[next].Within100++
				}
				rows[next].MeanDeviation += pr.Player.Deviation
				rows[next].MeanStep += step
				next++
			}
			if try == last {
				break
			}
			p, ok := pr.Next(ps)
			if !ok {
				return nil, errors.New("simulation: no puzzle to offer")
			}
			solved := rnd.Float64() < 1/(1+math.Pow(10, (truth[p.ID]-strength)/400))
			before := pr.Player.Rating
			pr.Record(p, solved)
			step = math.Abs(pr.Player.Rating - before)
		}
	}
	n := float64(s.Solvers)
	for i := range rows {
		rows[i].MeanError /= n
		rows[i].Within100 /= n
		rows[i].MeanDeviation /= n
		rows[i].MeanStep /= n
	}
	return rows, nil
}

// WriteTable writes rows as a Markdown table.
func WriteTable(w io.Writer, rows []SimRow) error {
	if _, err := fmt.Fprintln(w, "| tries | mean abs. error | within 100 | mean RD | mean step of the last try |\n|---:|---:|---:|---:|---:|"); err != nil {
		return err
	}
	for _, r := range rows {
		if _, err := fmt.Fprintf(w, "| %d | %.0f | %.0f%% | %.0f | %.1f |\n", r.Tries, r.MeanError, 100*r.Within100, r.MeanDeviation, r.MeanStep); err != nil {
			return err
		}
	}
	return nil
}
