package play

import (
	"fmt"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
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
		if err := s.Review().Start(opt); err != nil {
			t.Fatal(err)
		}
		q.WaitFor(t, 60*time.Second, "the review", func() bool { return !s.Review().Running() })
		moves := s.Review().Moves()
		if len(moves) != 1 || moves[0].Class != Best || moves[0].Loss != 0 {
			t.Fatalf("%+v: the mating move reviewed as %+v", opt, moves)
		}
		curve := s.Review().Curve()
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
	if err := s.Review().Start(ReviewOptions{Depth: 4}); err != nil {
		t.Fatal(err)
	}
	q.WaitFor(t, 60*time.Second, "the review", func() bool { return !s.Review().Running() })
	want, wantCurve := s.Review().Moves(), s.Review().Curve()
	s.Close()
	q.Drain()

	again, _, notice := openSession(t, fs, nil)
	if notice != nil {
		t.Fatal(notice)
	}
	got, gotCurve := again.Review().Moves(), again.Review().Curve()
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
	if mr, ok := again.Review().Of(again.Record().Root.Children[0]); !ok || mr.Class != Blunder {
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
	if err := s.Review().Start(ReviewOptions{Depth: 3}); err != nil {
		t.Fatal(err)
	}
	q.WaitFor(t, 60*time.Second, "the review", func() bool { return !s.Review().Running() })
	blunder := s.Record().Root.Children[0]
	if err := s.Browser().GoToNode(blunder); err != nil {
		t.Fatal(err)
	}
	if len(s.Review().Curve()) != 4 {
		t.Fatal("no curve on the line reviewed, before its end")
	}
	tapMove(t, s, "e6c5") // another reply: a variation
	if s.Game().Ply() != 2 || s.Game().Line()[1] == blunder.Children[0] {
		t.Fatal("the test did not start a variation")
	}
	if c := s.Review().Curve(); c != nil {
		t.Fatalf("the curve of the line reviewed is shown on another line: %d points", len(c))
	}
	if _, ok := s.Review().Of(blunder); !ok {
		t.Fatal("the marks went with the curve")
	}
	if err := s.Browser().GoToNode(blunder.Children[0]); err != nil {
		t.Fatal(err)
	}
	if len(s.Review().Curve()) != 4 {
		t.Fatal("the curve did not come back with its line")
	}
}

// reviewLine opens the game of moves played from fen and reviews it with opt.
func reviewLine(t *testing.T, fen string, opt ReviewOptions, moves ...string) *Session {
	t.Helper()
	rec, err := game.NewRecord(fen)
	if err != nil {
		t.Fatal(err)
	}
	n := rec.Root
	for _, m := range moves {
		if n, _, err = rec.AddMove(n, mv(t, m)); err != nil {
			t.Fatal(m, err)
		}
	}
	s, q, _ := openSession(t, nil, nil)
	if err := s.OpenRecord(rec, Players{Human: game.HumanBoth, Seconds: MinSeconds}); err != nil {
		t.Fatal(err)
	}
	if err := s.Review().Start(opt); err != nil {
		t.Fatal(err)
	}
	q.WaitFor(t, 60*time.Second, "the review", func() bool { return !s.Review().Running() })
	if got := s.Review().Moves(); len(got) != len(moves) || len(s.Review().Curve()) != len(moves)+1 {
		t.Fatalf("%d moves reviewed, %d points, for %d moves", len(got), len(s.Review().Curve()), len(moves))
	}
	return s
}

// reviewOptions are the limits the mate tests review with: depths, and times as the
// app's review dialog offers (shorter, so that the tests stay quick).
var reviewOptions = []ReviewOptions{{Depth: 1}, {Depth: 8}, {PerMove: 50 * time.Millisecond}}

// wantAllBest fails unless every reviewed move is Best with no loss.
func wantAllBest(t *testing.T, what string, s *Session) {
	t.Helper()
	for _, m := range s.Review().Moves() {
		if m.Class != Best || m.Loss != 0 {
			t.Errorf("%s: %v reviewed as class %v, loss %d, better %v", what, m.Move, m.Class, m.Loss, m.Better)
		}
	}
}

// Black mates with the last move: the mating move is best, and the curve (Red's view)
// says Black mates in 1, then that Black has won.
func TestReviewOfBlacksMatingMove(t *testing.T) {
	for _, opt := range reviewOptions {
		s := reviewLine(t, "4k3r/9/9/9/9/9/9/9/r8/3K5 b - - 0 1", opt, "i9i0")
		if r := s.Game().Result(); r.Status != game.BlackWins || r.Reason != game.ReasonCheckmate {
			t.Fatalf("the test line ends %+v, not in Black's mate", r)
		}
		wantAllBest(t, "Black's mate", s)
		curve := s.Review().Curve()
		if curve[0].Mate != -1 || curve[0].Score >= 0 || curve[0].Over || !curve[1].Over || curve[1].Score >= 0 {
			t.Errorf("%+v: curve %+v: Black mates in 1, then Black has mated", opt, curve)
		}
	}
}

// mateInThree: Red mates in 3 (the rook checks on rank 9 and on the e-file, each check
// blocked by an advisor) and ends with the black king shut in by its own advisors and
// not in check: stalemate (困毙), which loses in xiangqi. mateInThreeBlack is the same
// game with the colours swapped and the board turned: Black wins.
var (
	mateInThree      = []string{"3ak4/4a4/9/9/9/9/9/9/R8/3K4R w - - 0 1", "i0i9", "e8f9", "a1e1", "d9e8", "e1e7"}
	mateInThreeBlack = []string{"3k4r/r8/9/9/9/9/9/9/4A4/3AK4 b - - 0 1", "i9i0", "e1f0", "a8e8", "d0e1", "e8e2"}
)

// A mate in 3 found by the review, for Red and for Black: every move of the winner is
// best and so is every forced reply of the loser; the curve has the winner's sign at
// every point (a mate score read from the wrong side's view would flip it), counts the
// moves to mate down, and ends over, with no move for the side that is stalemated.
func TestReviewOfAMateInThree(t *testing.T) {
	for _, line := range [][]string{mateInThree, mateInThreeBlack} {
		winner, sign := rules.Red, 1
		if line == nil || line[0] == mateInThreeBlack[0] {
			winner, sign = rules.Black, -1
		}
		for _, opt := range reviewOptions[1:] { // depth 1 cannot see a mate in 3
			s := reviewLine(t, line[0], opt, line[1:]...)
			if r := s.Game().Result(); !r.Decided() || r.Winner != winner || r.Reason != game.ReasonStalemate {
				t.Fatalf("the test line ends %+v, not in %v's win by stalemate", r, winner)
			}
			what := fmt.Sprintf("%v mates, %+v", winner, opt)
			wantAllBest(t, what, s)
			curve := s.Review().Curve()
			for i, wantMate := range []int{3, 2, 2, 1, 1} {
				if p := curve[i]; p.Mate != sign*wantMate || p.Score*sign <= 0 || p.Over {
					t.Errorf("%s: point %d %+v, want mate %d", what, i, p, sign*wantMate)
				}
			}
			if last := curve[5]; !last.Over || last.Score*sign <= 0 {
				t.Errorf("%s: the last point %+v does not say %v has won", what, last, winner)
			}
		}
	}
}

// The "??" of a mate belongs to the move that allowed it: Black, who could mate at once
// (i9-i0), moves the other rook (a1-a2) and Red mates first (b5-b9). Black's move is a
// blunder with the mate shown as the better move; Red's mate is best.
func TestReviewMarksTheMoveThatAllowsMate(t *testing.T) {
	for _, opt := range reviewOptions {
		s := reviewLine(t, "4k3r/R8/9/9/1R7/9/9/9/r8/3K5 b - - 0 1", opt, "a1a2", "b5b9")
		if r := s.Game().Result(); r.Status != game.RedWins || r.Reason != game.ReasonCheckmate {
			t.Fatalf("the test line ends %+v, not in Red's mate", r)
		}
		moves := s.Review().Moves()
		if moves[0].Class != Blunder || moves[0].Better != mv(t, "i9i0") {
			t.Errorf("%+v: Black's a1a2, which misses a mate and allows one, reviewed as %+v", opt, moves[0])
		}
		if moves[1].Class != Best || moves[1].Loss != 0 {
			t.Errorf("%+v: Red's mate reviewed as %+v", opt, moves[1])
		}
		if c := s.Review().Curve(); c[0].Mate != -1 || c[1].Mate != 1 || !c[2].Over || c[2].Score <= 0 {
			t.Errorf("%+v: curve %+v: Black mates in 1, Red mates in 1, Red has mated", opt, c)
		}
	}
}

// A mating move that is not the engine's choice, into a position where the loser has a
// single legal move: a1-e1 pins the advisor (the engine prefers i0-i9), the king must
// step aside, and Red mates two moves later. A timed search of a position with one legal
// move used to stop at depth 1, whose score does not see the mate, and the review then
// read the mating move as a loss of two rooks' worth: "??" (issue 35 item 8).
func TestReviewOfAMateThroughAForcedReply(t *testing.T) {
	for _, opt := range []ReviewOptions{{PerMove: 50 * time.Millisecond}, {PerMove: 200 * time.Millisecond}, {Depth: 8}} {
		s := reviewLine(t, mateInThree[0], opt, "a1e1", "e9f9", "i0f0", "f9e9", "e1e6")
		if r := s.Game().Result(); r.Winner != rules.Red || !r.Decided() {
			t.Fatalf("the test line ends %+v", r)
		}
		wantAllBest(t, fmt.Sprintf("%+v", opt), s)
		for i, p := range s.Review().Curve()[:5] {
			if p.Mate <= 0 {
				t.Errorf("%+v: point %d %+v: Red's mate is not seen", opt, i, p)
			}
		}
	}
}

// review.add from the searches' results alone, both colours: a score is the side to
// move's; a move is judged by what its mover lost. A position with no move (mated or
// stalemated: both lose) is over and favours the other side.
func TestReviewJudgesMateScoresFromTheMoversView(t *testing.T) {
	// The engine's choice and another move.
	x, y := mv(t, "a0a1"), mv(t, "b0b1")
	mateIn := func(moves int) int { return engine.MateValue - (2*moves - 1) } // for the side to move
	matedIn := func(moves int) int { return -(engine.MateValue - 2*moves) }   // against it
	cases := []struct {
		name          string
		mover         rules.Color
		before        engine.SearchResult
		played        rules.Move
		after         engine.SearchResult
		class         MoveClass
		afterRedScore int // the sign of the curve's point after the move (Red's view)
		afterOver     bool
	}{
		{"Red mates", rules.Red, engine.SearchResult{Move: x, Score: mateIn(1)}, x,
			engine.SearchResult{Score: -engine.MateValue}, Best, 1, true},
		{"Black mates", rules.Black, engine.SearchResult{Move: x, Score: mateIn(1)}, x,
			engine.SearchResult{Score: -engine.MateValue}, Best, -1, true},
		{"Red mates with another move than the engine's", rules.Red, engine.SearchResult{Move: x, Score: mateIn(1)}, y,
			engine.SearchResult{Score: -engine.MateValue}, Best, 1, true},
		{"Red keeps a mate in 2 with another move", rules.Red, engine.SearchResult{Move: x, Score: mateIn(2)}, y,
			engine.SearchResult{Move: x, Score: matedIn(1)}, Best, 1, false},
		{"Black keeps a slower mate", rules.Black, engine.SearchResult{Move: x, Score: mateIn(2)}, y,
			engine.SearchResult{Move: x, Score: matedIn(5)}, Best, -1, false},
		{"Red, mated whatever it plays", rules.Red, engine.SearchResult{Move: x, Score: matedIn(2)}, y,
			engine.SearchResult{Move: x, Score: mateIn(1)}, Best, -1, false},
		{"Black, mated whatever it plays", rules.Black, engine.SearchResult{Move: x, Score: matedIn(1)}, y,
			engine.SearchResult{Move: x, Score: mateIn(1)}, Best, 1, false},
		{"Red throws a mate in 2 away", rules.Red, engine.SearchResult{Move: x, Score: mateIn(2)}, y,
			engine.SearchResult{Move: x, Score: -50}, Blunder, 1, false},
		{"Black allows a mate in 1", rules.Black, engine.SearchResult{Move: x, Score: 0}, y,
			engine.SearchResult{Move: x, Score: mateIn(1)}, Blunder, 1, false},
	}
	for _, c := range cases {
		root, played := &game.Node{}, &game.Node{Move: c.played}
		r := &review{nodes: []*game.Node{root, played}, sides: []rules.Color{c.mover, c.mover.Opponent()},
			marks: map[*game.Node]MoveReview{}}
		before, after := c.before, c.after
		before.Mate, after.Mate = engine.MateMoves(before.Score), engine.MateMoves(after.Score)
		r.add(before)
		r.add(after)
		mr := r.marks[played]
		if mr.Class != c.class || (c.class == Best) != (mr.Loss == 0) || (c.class != Best) != (mr.Better == x) {
			t.Errorf("%s: reviewed as %+v, want class %v", c.name, mr, c.class)
		}
		p := r.curve[1]
		if p.Over != c.afterOver || p.Score*c.afterRedScore <= 0 || p.Mate*c.afterRedScore < 0 {
			t.Errorf("%s: the point after the move %+v, want Red's sign %d, over %v", c.name, p, c.afterRedScore, c.afterOver)
		}
		if before.Mate != 0 && r.curve[0].Mate != before.Mate*redSign(c.mover) {
			t.Errorf("%s: the point before the move %+v, the search said mate %d for %v", c.name, r.curve[0], before.Mate, c.mover)
		}
	}
}

// redSign is 1 for Red, -1 for Black: how a score of c's turns into Red's view.
func redSign(c rules.Color) int {
	if c == rules.Black {
		return -1
	}
	return 1
}
