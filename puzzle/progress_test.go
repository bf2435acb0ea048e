package puzzle

import (
	"math"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// The case: a Mate in 1 rated 900 became 1203 after one failure, and a new
// player went 1200 → 855 after one solve, one failure and one hinted try. Now a puzzle
// moves by at most maxPuzzleStep a try, a new player's first tries by about a hundred,
// a settled player's by tens, and Record reports the change it made.
func TestRatingsMoveGently(t *testing.T) {
	mate1 := &Puzzle{ID: "m1", Kind: KindMate, Rating: 900, Moves: make([]rules.Move, 1)}
	pr := NewProgress()
	change, rated := pr.Record(mate1, false)
	if got := pr.PuzzleRating(mate1).Rating; got <= 900 || got > 900+maxPuzzleStep {
		t.Errorf("a mate in 1 rated 900 is %.0f after one failure", got)
	}
	if !rated || change >= 0 || change < -maxPlayerStep || float64(change) != pr.History[0]-initialPlayerRating {
		t.Errorf("a new player's failure: change %d (rated %v), history %v", change, rated, pr.History)
	}
	if again, rated := pr.Record(mate1, true); rated || again != 0 {
		t.Errorf("a second try was rated: %d", again)
	}

	// Solve, fail, hinted (a failure): the new player stays within 200 of the start.
	pr = NewProgress()
	for i, solved := range []bool{true, false, false} {
		p := &Puzzle{ID: string(rune('a' + i)), Kind: KindMate, Rating: 1200, Moves: make([]rules.Move, 3)}
		if c, _ := pr.Record(p, solved); math.Abs(float64(c)) > maxPlayerStep {
			t.Errorf("try %d moved a new player by %d", i+1, c)
		}
	}
	if math.Abs(pr.Player.Rating-initialPlayerRating) > 200 {
		t.Errorf("solve, failure, hinted try: 1200 → %.0f", pr.Player.Rating)
	}

	// A settled player (the deviation at its floor) moves by tens a try at an even puzzle.
	pr = NewProgress()
	pr.Player = Glicko{Rating: 1500, Deviation: minPlayerDeviation, Volatility: newVolatility}
	even := &Puzzle{ID: "even", Kind: KindMaterial, Rating: 1500, Moves: make([]rules.Move, 1)}
	if c, _ := pr.Record(even, true); c < 8 || c > 30 {
		t.Errorf("a settled player's solve of an even puzzle: %+d", c)
	}
	if pr.Player.Deviation < minPlayerDeviation {
		t.Errorf("the deviation fell to %.0f", pr.Player.Deviation)
	}
}

// A save of the first scheme (puzzle ratings at RD 350, moved by hundreds) loads with
// those puzzle ratings dropped for their seeds; the player's is kept.
func TestOldPuzzleRatingsDropped(t *testing.T) {
	data := []byte(`{"player":{"rating":855,"rd":180,"vol":0.06},"puzzles":{"m72-1":{"rating":1203,"rd":290,"vol":0.06},"m72-2":{"rating":905,"rd":60,"vol":0.06}},"streak":0,"best_streak":1}`)
	pr, err := UnmarshalProgress(data)
	if err != nil {
		t.Fatal(err)
	}
	if _, old := pr.Puzzles["m72-1"]; old || pr.Puzzles["m72-2"].Rating != 905 || pr.Player.Rating != 855 {
		t.Errorf("loaded %+v, player %+v", pr.Puzzles, pr.Player)
	}
}
