package play

import (
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
)

// mateRecord: Red mates at once (the rook to i9, the other rook holding rank 8); the
// game ends there.
func mateRecord(t testing.TB, moves ...string) *game.Record {
	t.Helper()
	rec, err := game.NewRecord("3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	n := rec.Root
	for _, m := range moves {
		if n, _, err = rec.AddMove(n, mv(t, m)); err != nil {
			t.Fatal(err)
		}
	}
	return rec
}

// The mating move is the best move, never a blunder: the mated side's score (a mate
// against it, found without a search) is not read as a loss for the side that mates. The
// curve's point after it says the game is over, won by Red.
func TestReviewOfAMatingMove(t *testing.T) {
	for _, opt := range []ReviewOptions{{Depth: 1}, {Depth: 4}, {PerMove: 50 * time.Millisecond}} {
		s, q, _ := openSession(t, nil, nil)
		if err := s.OpenRecord(mateRecord(t, "i0i9"), Players{Human: game.HumanBoth, Seconds: MinSeconds}); err != nil {
			t.Fatal(err)
		}
		if !s.Game().Result().Decided() {
			t.Fatal("the test position is not mate after i0i9")
		}
		if err := s.StartReview(opt); err != nil {
			t.Fatal(err)
		}
		q.WaitFor(t, 60*time.Second, "the review", func() bool { return !s.Reviewing() })
		moves := s.ReviewedMoves()
		if len(moves) != 1 || moves[0].Class != Best || moves[0].Loss != 0 {
			t.Fatalf("%+v: the mating move reviewed as %+v", opt, moves)
		}
		curve := s.ReviewCurve()
		if len(curve) != 2 || curve[0].Mate != 1 || curve[0].Over || !curve[1].Over || curve[1].Score <= 0 {
			t.Errorf("%+v: curve %+v: Red mates in 1, then Red has mated", opt, curve)
		}
	}
}

// A review is kept with the game: after a restart its marks and curve come back.
func TestReviewComesBackWithTheGame(t *testing.T) {
	fs := DirFS(t.TempDir())
	s, q, _ := openSession(t, fs, nil)
	if err := s.OpenRecord(hungRookRecord(t), Players{Human: game.HumanBoth, Seconds: MinSeconds}); err != nil {
		t.Fatal(err)
	}
	if err := s.StartReview(ReviewOptions{Depth: 4}); err != nil {
		t.Fatal(err)
	}
	q.WaitFor(t, 60*time.Second, "the review", func() bool { return !s.Reviewing() })
	want, wantCurve := s.ReviewedMoves(), s.ReviewCurve()
	s.Close()
	q.Drain()

	again, _, notice := openSession(t, fs, nil)
	if notice != nil {
		t.Fatal(notice)
	}
	got, gotCurve := again.ReviewedMoves(), again.ReviewCurve()
	if len(got) != len(want) || len(gotCurve) != len(wantCurve) {
		t.Fatalf("after a restart: %d moves reviewed, %d points; want %d and %d", len(got), len(gotCurve), len(want), len(wantCurve))
	}
	for i := range want {
		if got[i].Move != want[i].Move || got[i].Class != want[i].Class || got[i].Loss != want[i].Loss ||
			game.ICCSLine(got[i].BetterLine) != game.ICCSLine(want[i].BetterLine) {
			t.Errorf("move %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	for i := range wantCurve {
		if gotCurve[i].Score != wantCurve[i].Score || gotCurve[i].Mate != wantCurve[i].Mate || gotCurve[i].Ply != wantCurve[i].Ply {
			t.Errorf("point %d: %+v, want %+v", i, gotCurve[i], wantCurve[i])
		}
	}
	if mr, ok := again.ReviewOf(again.Record().Root.Children[0]); !ok || mr.Class != Blunder {
		t.Errorf("the blunder's mark after a restart: %+v", mr)
	}
}

// The curve is the line reviewed: on another line it is not shown, and it comes back with
// the line; the marks of the moves stay.
func TestReviewCurveFollowsTheLine(t *testing.T) {
	s, q, _ := openSession(t, nil, nil)
	if err := s.OpenRecord(hungRookRecord(t), Players{Human: game.HumanBoth, Seconds: MinSeconds}); err != nil {
		t.Fatal(err)
	}
	if err := s.StartReview(ReviewOptions{Depth: 3}); err != nil {
		t.Fatal(err)
	}
	q.WaitFor(t, 60*time.Second, "the review", func() bool { return !s.Reviewing() })
	blunder := s.Record().Root.Children[0]
	if err := s.GoToNode(blunder); err != nil {
		t.Fatal(err)
	}
	if len(s.ReviewCurve()) != 4 {
		t.Fatal("no curve on the line reviewed, before its end")
	}
	tapMove(t, s, "e6c5") // another reply: a variation
	if s.Game().Ply() != 2 || s.Game().Line()[1] == blunder.Children[0] {
		t.Fatal("the test did not start a variation")
	}
	if c := s.ReviewCurve(); c != nil {
		t.Fatalf("the curve of the line reviewed is shown on another line: %d points", len(c))
	}
	if _, ok := s.ReviewOf(blunder); !ok {
		t.Fatal("the marks went with the curve")
	}
	if err := s.GoToNode(blunder.Children[0]); err != nil {
		t.Fatal(err)
	}
	if len(s.ReviewCurve()) != 4 {
		t.Fatal("the curve did not come back with its line")
	}
}
