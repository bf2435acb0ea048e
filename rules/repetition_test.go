package rules

import "testing"

func playMoves(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if !p.IsLegal(m) || !p.MakeMove(m) {
			t.Fatalf("%s is not legal in %s", s, p.FEN())
		}
	}
}

func TestRepetitionQuiet(t *testing.T) {
	p := NewPosition()
	playMoves(t, p, "b0c2", "b9c7", "c2b0", "c7b9")
	if got := p.RepStatus(1); got != RepFound || !got.IsDraw() {
		t.Fatalf("quiet repetition: got %d, want draw", got)
	}
	if p.RepStatus(2) != RepNone {
		t.Fatal("position repeated only once")
	}
	playMoves(t, p, "b0c2", "b9c7", "c2b0", "c7b9")
	if p.RepStatus(2) != RepFound {
		t.Fatal("second repetition not seen")
	}
}

func TestRepetitionPerpetualCheck(t *testing.T) {
	// Red's rook checks from the e- and f-files while Black's king shuffles.
	p, err := ParseFEN("4k4/9/R8/9/9/9/9/9/9/3K5 w")
	if err != nil {
		t.Fatal(err)
	}
	playMoves(t, p, "a7e7", "e9f9", "e7f7", "f9e9", "f7e7", "e9f9")
	got := p.RepStatus(1)
	if !got.SideToMoveLoses() || got.IsDraw() || got.OpponentLoses() {
		t.Fatalf("Red checked every move: got %d, want side to move (Red) to lose", got)
	}
	// One more half-cycle: now Black is to move and Red is the perpetual checker.
	playMoves(t, p, "e7f7")
	if got := p.RepStatus(1); !got.OpponentLoses() {
		t.Fatalf("from Black's side: got %d, want the opponent (Red) to lose", got)
	}
	// A capture cuts the history: nothing before it can repeat.
	q, _ := ParseFEN("4k4/9/R8/9/9/9/9/9/9/3K5 w")
	playMoves(t, q, "a7e7", "e9f9", "e7f7", "f9e9", "f7e7", "e9f9")
	q.MakeNullMove()
	if q.RepStatus(1) != RepNone {
		t.Fatal("a null move must cut the repetition scan")
	}
}

func TestRepetitionMutualCheckIsDraw(t *testing.T) {
	r := RepFound | RepSelfPerpetual | RepOppPerpetual
	if !r.IsDraw() || r.SideToMoveLoses() || r.OpponentLoses() {
		t.Fatal("both sides checking must be a draw")
	}
}
