package puzzle

import (
	"encoding/json"
	"testing"
)

func TestAttemptSolveAndFail(t *testing.T) {
	p := Puzzle{ID: "t", FEN: "3k5/9/7r1/9/R8/9/9/9/8R/4K4 w - - 0 1", Kind: KindStudy, Proof: Reference, Rating: 900,
		Moves: moves(t, "a5a9", "d9d8", "i1i8")}
	a, err := NewAttempt(&p)
	if err != nil {
		t.Fatal(err)
	}
	if from, m, ok := a.Hint(); !ok || from != p.Moves[0].From() || m != 0 {
		t.Fatalf("first hint: %v %v %v, want the piece only", from, m, ok)
	}
	if _, m, _ := a.Hint(); m != p.Moves[0] {
		t.Fatalf("second hint %v, want the move", m)
	}
	if _, err := a.Play(moves(t, "a5b6")[0]); err == nil {
		t.Fatal("an illegal move was taken")
	}
	reply, err := a.Play(p.Moves[0])
	if err != nil || reply != p.Moves[1] || a.State() != Solving {
		t.Fatalf("after the first move: %v %v %v", reply, err, a.State())
	}
	if reply, _ = a.Play(p.Moves[2]); reply != 0 || a.State() != Solved {
		t.Fatalf("after the last move: %v %v", reply, a.State())
	}
	if _, err := a.Play(p.Moves[2]); err != ErrAttemptOver {
		t.Fatalf("a move after the end: %v", err)
	}

	b, _ := NewAttempt(&p)
	if _, err := b.Play(moves(t, "a5a6")[0]); err != nil || b.State() != Failed {
		t.Fatalf("a wrong move: %v %v", err, b.State())
	}
}

func TestAttemptAcceptsAnyMate(t *testing.T) {
	// a5d5 is the line; a5a8 stalemates, which wins in Xiangqi too.
	p := Puzzle{ID: "t", FEN: "3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1", Kind: KindMate, Proof: Proven, Rating: 700, Moves: moves(t, "a5d5")}
	a, _ := NewAttempt(&p)
	if _, err := a.Play(moves(t, "a5a8")[0]); err != nil || a.State() != Solved {
		t.Fatalf("another mate: %v %v", err, a.State())
	}
}

func TestProgress(t *testing.T) {
	ps := []Puzzle{
		{ID: "easy", Rating: 800, Proof: Proven},
		{ID: "near", Rating: 1250, Proof: Reference},
		{ID: "hard", Rating: 2400, Proof: Proven},
	}
	pr := NewProgress()
	if p, _ := pr.Next(ps); p.ID != "near" {
		t.Fatalf("next = %s, want the one nearest 1200", p.ID)
	}
	before := pr.Player.Rating
	pr.Record(&ps[1], true)
	pr.Record(&ps[0], true)
	if pr.Streak != 2 || pr.BestStreak != 2 || pr.Player.Rating <= before || len(pr.History) != 2 {
		t.Fatalf("after two solves: %+v", pr)
	}
	if pr.PuzzleRating(&ps[1]).Rating >= 1250 {
		t.Errorf("a solved puzzle's rating rose: %v", pr.PuzzleRating(&ps[1]))
	}
	pr.Record(&ps[2], false)
	if pr.Streak != 0 || pr.BestStreak != 2 {
		t.Fatalf("after a failure: streak %d best %d", pr.Streak, pr.BestStreak)
	}
	rating := pr.Player.Rating
	pr.Record(&ps[2], true) // a second try: the streak counts, the ratings do not move
	if pr.Player.Rating != rating || pr.Streak != 1 || !pr.Results["hard"].Solved || pr.Results["hard"].Attempts != 2 {
		t.Fatalf("second attempt: %+v", pr)
	}
	if p, _ := pr.Next(ps); p == nil {
		t.Fatal("no puzzle once all were tried")
	}

	data, err := json.Marshal(pr)
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalProgress(data)
	if err != nil || back.Player != pr.Player || back.Streak != 1 || len(back.History) != 3 || back.Results["hard"] != pr.Results["hard"] {
		t.Fatalf("read back %+v, %v", back, err)
	}
	for _, bad := range []string{`{"player":{"rating":1e9,"rd":50,"vol":0.06}}`, `{"streak":-1,"player":{"rating":1200,"rd":50,"vol":0.06}}`, `[`} {
		if _, err := UnmarshalProgress([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
