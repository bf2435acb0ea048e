package play

import (
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
)

// hungRookFEN: Red's rook on d4 is attacked by Black's horse on e6.
const hungRookFEN = "3aka3/9/9/4n3p/9/3R5/P3P4/9/9/3AKA3 w - - 0 1"

// hungRookRecord is a game in which Red ignores the attack on its rook (a pawn move) and
// Black takes it.
func hungRookRecord(t testing.TB) *game.Record {
	t.Helper()
	rec, err := game.NewRecord(hungRookFEN)
	if err != nil {
		t.Fatal(err)
	}
	n := rec.Root
	for _, m := range []string{"a3a4", "e6d4", "e0e1"} {
		if n, _, err = rec.AddMove(n, mv(t, m)); err != nil {
			t.Fatal(err)
		}
	}
	return rec
}

func TestClassifyThresholds(t *testing.T) {
	for _, c := range []struct {
		loss int
		best bool
		want MoveClass
	}{{0, false, Best}, {150, true, Best}, {InaccuracyLoss - 1, false, Good}, {InaccuracyLoss, false, Inaccuracy},
		{MistakeLoss, false, Mistake}, {BlunderLoss - 1, false, Mistake}, {BlunderLoss, false, Blunder}} {
		if got := Classify(c.loss, c.best); got != c.want {
			t.Errorf("Classify(%d, %v) = %v, want %v", c.loss, c.best, got, c.want)
		}
	}
}

// The review marks the move that leaves the rook hanging as a blunder, with a move of
// the rook as the better one; the capture is the best move; the curve has a point per
// position and drops for Red after the blunder.
func TestReviewMarksHungRook(t *testing.T) {
	s, q, _ := openSession(t, nil, nil)
	if err := s.OpenRecord(hungRookRecord(t), Players{Human: game.HumanBoth, Seconds: MinSeconds}); err != nil {
		t.Fatal(err)
	}
	if err := s.Review().Start(ReviewOptions{Depth: 5}); err != nil {
		t.Fatal(err)
	}
	if !s.Review().Running() {
		t.Fatal("review not running")
	}
	q.WaitFor(t, 60*time.Second, "the review", func() bool { return !s.Review().Running() })
	if done, total := s.Review().Progress(); done != 4 || total != 4 {
		t.Fatalf("progress %d/%d", done, total)
	}
	moves := s.Review().Moves()
	if len(moves) != 3 {
		t.Fatalf("%d moves reviewed", len(moves))
	}
	blunder := moves[0]
	if blunder.Class != Blunder || blunder.Better.From() != sq(t, "d4") || len(blunder.BetterLine) == 0 {
		t.Fatalf("a3a4: class %v loss %d better %v", blunder.Class, blunder.Loss, blunder.Better)
	}
	if moves[1].Class != Best {
		t.Fatalf("the capture is %v (loss %d, better %v)", moves[1].Class, moves[1].Loss, moves[1].Better)
	}
	if mr, ok := s.Review().Of(moves[0].Node); !ok || mr.Class != Blunder {
		t.Fatal("ReviewOf the blunder's node")
	}
	curve := s.Review().Curve()
	if len(curve) != 4 || curve[0].Score < 100 || curve[2].Score > 0 {
		t.Fatalf("curve %+v", curve)
	}
}

// Cancelling a review stops its goroutine; a new game forgets the marks.
func TestReviewCancel(t *testing.T) {
	s, q, _ := openSession(t, nil, nil)
	if err := s.OpenRecord(hungRookRecord(t), Players{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Review().Start(ReviewOptions{PerMove: time.Minute}); err != nil {
		t.Fatal(err)
	}
	s.Review().Cancel()
	waitEnded(t, s)
	q.Drain()
	if s.Review().Running() {
		t.Fatal("still reviewing")
	}
	if err := s.Review().Start(ReviewOptions{}); err == nil {
		t.Fatal("a review without limits was started")
	}
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	if err := s.Review().Start(ReviewOptions{Depth: 2}); err == nil {
		t.Fatal("a game without moves was reviewed")
	}
}
