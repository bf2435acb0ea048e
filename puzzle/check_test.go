package puzzle

import (
	"strings"
	"testing"
)

func TestCheckMate(t *testing.T) {
	c := NewChecker(1_000_000)
	cases := []struct {
		name, fen, line, wantErr string
	}{
		{"mate in 1", "3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1", "a5d5", ""},
		// a5a6 threatens a6d6, but the rook h7 has a defence (h7d7).
		{"a move that does not force mate", "3k5/9/7r1/9/R8/9/9/9/9/4K4 w - - 0 1", "a5a6 h7h9 a6d6", "does not force mate in 2"},
		{"a slower line where a mate in 1 exists", "3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1", "a5a6 d9d8 a6d6", "there is a mate in 1"},
		{"a line that does not end in mate", "3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1", "a5a9", "does not end in mate"},
	}
	for _, tc := range cases {
		p := Puzzle{ID: "t", FEN: tc.fen, Moves: moves(t, strings.Fields(tc.line)...), Kind: KindMate, Proof: Proven, Rating: 800}
		err := c.Check(&p)
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.wantErr)
		}
		// As a reference line only its legality is checked.
		p.Proof = Reference
		if _, vErr := p.Validate(); c.Check(&p) != nil && vErr == nil {
			t.Errorf("%s: a valid reference line was refused", tc.name)
		}
	}
}

func TestCheckMaterial(t *testing.T) {
	c := NewChecker(0)
	// The black rook on a5 is loose and attacks the red rook on a0.
	fen := "4k4/9/9/9/r8/9/9/9/9/R2K5 w - - 0 1"
	good := Puzzle{ID: "t", FEN: fen, Moves: moves(t, "a0a5"), Kind: KindMaterial, Proof: Proven, Rating: 1000}
	if err := c.Check(&good); err != nil {
		t.Fatal(err)
	}
	wrong := good
	wrong.Moves = moves(t, "a0b0")
	if err := c.Check(&wrong); err == nil || !strings.Contains(err.Error(), "gains only") {
		t.Fatalf("a move that wins nothing: error %v", err)
	}
}

func TestInitialRating(t *testing.T) {
	if a, b := InitialRating(KindMate, 1, false, 0), InitialRating(KindMate, 3, false, 0); a >= b {
		t.Errorf("mate in 1 rated %d, mate in 3 %d: deeper should be harder", a, b)
	}
	if a, b := InitialRating(KindMate, 2, false, 0), InitialRating(KindMate, 2, true, 0); a >= b {
		t.Errorf("quiet first move should rate higher: %d vs %d", a, b)
	}
	if a, b := InitialRating(KindMate, 2, false, 0), InitialRating(KindMate, 2, false, 2); a <= b {
		t.Errorf("alternatives should rate lower: %d vs %d", a, b)
	}
	for _, r := range []int{InitialRating(KindMate, 1, false, 9), InitialRating(KindStudy, 60, true, 0)} {
		if r < MinRating || r > MaxRating {
			t.Errorf("rating %d outside %d..%d", r, MinRating, MaxRating)
		}
	}
}
