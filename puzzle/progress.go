package puzzle

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"time"
)

// Progress is one player's record with the puzzles: what was solved or
// failed, the streak, the player's puzzle rating and its history, and the
// puzzles' ratings as this player's results have refined them (offline;
// a server may pool them later). The Puzzles screen saves it as JSON.
type Progress struct {
	Player  Glicko            `json:"player"`
	Results map[string]Result `json:"results,omitempty"`
	// Puzzles holds the refined ratings of the puzzles tried.
	Puzzles map[string]Glicko `json:"puzzles,omitempty"`
	// Stars holds the best stars each puzzle earned on the path (TryStars).
	Stars      map[string]int `json:"stars,omitempty"`
	Streak     int            `json:"streak"`
	BestStreak int            `json:"best_streak"`
	// History is the player's rating after each attempt, oldest first,
	// for the chart; it keeps the last maxHistory.
	History []float64 `json:"history,omitempty"`
}

// Result is what became of a puzzle for this player.
type Result struct {
	Solved   bool `json:"solved"`
	Attempts int  `json:"attempts"`
}

// maxHistory bounds the rating history a save keeps.
const maxHistory = 500

// initialPlayerRating is where a new player starts.
const initialPlayerRating = 1200

// NewProgress returns a new player's progress.
func NewProgress() *Progress {
	return &Progress{Player: NewPlayer(initialPlayerRating), Results: map[string]Result{}, Puzzles: map[string]Glicko{}}
}

// PuzzleRating is p's rating as this player's results have refined it.
func (pr *Progress) PuzzleRating(p *Puzzle) Glicko {
	if g, ok := pr.Puzzles[p.ID]; ok {
		return g
	}
	return NewPuzzleRating(float64(p.Rating))
}

// Record notes an attempt: solved, or failed (a wrong move, or asking for
// the solution). Only the first attempt at a puzzle moves the ratings; a
// later one counts for the streak only, since the line is then known.
// It returns the change of the player's rating, as the history rounds it,
// and whether the attempt was rated.
func (pr *Progress) Record(p *Puzzle, solved bool) (change int, rated bool) {
	r := pr.Results[p.ID]
	first := r.Attempts == 0
	r.Attempts++
	r.Solved = r.Solved || solved
	pr.Results[p.ID] = r
	if solved {
		pr.Streak++
		pr.BestStreak = max(pr.BestStreak, pr.Streak)
	} else {
		pr.Streak = 0
	}
	if !first {
		return 0, false
	}
	score := 0.0
	if solved {
		score = 1
	}
	puzzle := pr.PuzzleRating(p)
	before := math.Round(pr.Player.Rating)
	pr.Puzzles[p.ID] = puzzle.puzzleUpdate(pr.Player, 1-score)
	pr.Player = pr.Player.Update(puzzle, score)
	after := math.Round(pr.Player.Rating)
	pr.History = append(pr.History, after)
	if len(pr.History) > maxHistory {
		pr.History = pr.History[len(pr.History)-maxHistory:]
	}
	return int(after - before), true
}

// Next picks the puzzle to offer: among those not yet tried (all, once
// every one has been), the one whose rating is nearest the player's; ties
// go to the earlier in the list. ok is false for an empty list.
func (pr *Progress) Next(ps []Puzzle) (p *Puzzle, ok bool) {
	best, bestGap := -1, math.Inf(1)
	for pass := 0; pass < 2 && best < 0; pass++ {
		for i := range ps {
			_, tried := pr.Results[ps[i].ID]
			if tried && pass == 0 {
				continue
			}
			r := float64(ps[i].Rating) // an untried puzzle's rating is its seed
			if tried {
				r = pr.PuzzleRating(&ps[i]).Rating
			}
			gap := math.Abs(r - pr.Player.Rating)
			if gap < bestGap {
				best, bestGap = i, gap
			}
		}
	}
	if best < 0 {
		return nil, false
	}
	return &ps[best], true
}

// Daily returns the puzzle of the day: the same for everyone on a date
// (UTC), chosen by a hash of the date among the proven puzzles (all, if
// none is proven).
func Daily(ps []Puzzle, day time.Time) (*Puzzle, bool) {
	var pool []int
	for i := range ps {
		if ps[i].Proof == Proven {
			pool = append(pool, i)
		}
	}
	if len(pool) == 0 {
		for i := range ps {
			pool = append(pool, i)
		}
	}
	if len(pool) == 0 {
		return nil, false
	}
	h := fnv.New32a()
	h.Write([]byte(day.UTC().Format(time.DateOnly)))
	return &ps[pool[h.Sum32()%uint32(len(pool))]], true
}

// UnmarshalProgress reads a saved progress, refusing numbers a damaged
// save could hold rather than carrying them into the ratings.
func UnmarshalProgress(data []byte) (*Progress, error) {
	pr := NewProgress()
	if err := json.Unmarshal(data, pr); err != nil {
		return nil, fmt.Errorf("puzzle progress: %w", err)
	}
	if !pr.Player.valid() {
		return nil, fmt.Errorf("puzzle progress: player: %w", errBadGlicko)
	}
	for id, g := range pr.Puzzles {
		if !g.valid() {
			return nil, fmt.Errorf("puzzle progress: puzzle %s: %w", id, errBadGlicko)
		}
		if g.Deviation > PuzzleDeviation {
			// A rating of the first scheme, where a puzzle started at RD 350 and one
			// try moved it by hundreds: the seed is the better guess.
			delete(pr.Puzzles, id)
		}
	}
	if err := validStars(pr.Stars); err != nil {
		return nil, err
	}
	if pr.Streak < 0 || pr.BestStreak < pr.Streak || len(pr.History) > maxHistory {
		return nil, fmt.Errorf("puzzle progress: streak %d, best %d, %d ratings in the history: not a progress this app wrote",
			pr.Streak, pr.BestStreak, len(pr.History))
	}
	if pr.Results == nil {
		pr.Results = map[string]Result{}
	}
	if pr.Puzzles == nil {
		pr.Puzzles = map[string]Glicko{}
	}
	return pr, nil
}
