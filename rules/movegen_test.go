package rules

import (
	"math/rand"
	"sort"
	"strings"
	"testing"
)

// randomPositions plays random games from the start and returns positions met.
func randomPositions(seed int64, games, maxPlies int) []*Position {
	rnd := rand.New(rand.NewSource(seed))
	var out []*Position
	for g := 0; g < games; g++ {
		p := NewPosition()
		for ply := 0; ply < maxPlies; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p.MakeMove(moves[rnd.Intn(len(moves))])
			out = append(out, p.Copy())
		}
	}
	return out
}

// TestIsLegalAgreesWithGenerator checks IsLegal on every 16-bit move value
// against the generated legal move list.
func TestIsLegalAgreesWithGenerator(t *testing.T) {
	positions := randomPositions(1, 12, 120)
	for i, p := range positions {
		if testing.Short() && i%4 != 0 {
			continue
		}
		legal := map[Move]bool{}
		for _, m := range p.LegalMoves() {
			legal[m] = true
		}
		for v := 0; v < 65536; v++ {
			m := Move(v)
			if got := p.IsLegal(m); got != legal[m] {
				t.Fatalf("%s: IsLegal(%s) = %v, generator says %v", p.FEN(), m, got, legal[m])
			}
		}
	}
}

// TestQuietsAndCapturesSplitAllMoves: the quiet moves of the search's late
// stage and the captures are all the moves, in the order of the full list.
func TestQuietsAndCapturesSplitAllMoves(t *testing.T) {
	for _, p := range randomPositions(3, 10, 150) {
		var wantQuiets, wantCaptures []Move
		for _, m := range p.generate(nil, genAll) {
			if p.At(m.To()) == NoPiece {
				wantQuiets = append(wantQuiets, m)
			} else {
				wantCaptures = append(wantCaptures, m)
			}
		}
		for _, c := range []struct {
			mode genMode
			want []Move
		}{{genQuiets, wantQuiets}, {genCaptures, wantCaptures}} {
			// A nearly full buffer makes the steppers grow it.
			got := p.generate(make([]Move, 0, 3), c.mode)
			if len(got) != len(c.want) {
				t.Fatalf("%s: mode %d gives %d moves, want %d", p.FEN(), c.mode, len(got), len(c.want))
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Fatalf("%s: mode %d move %d is %s, want %s", p.FEN(), c.mode, i, got[i], c.want[i])
				}
			}
		}
	}
}

func TestCapturesOnlyIsSubset(t *testing.T) {
	for _, p := range randomPositions(2, 10, 150) {
		all := map[Move]bool{}
		for _, m := range p.GenerateMoves(nil, false) {
			all[m] = true
		}
		want := 0
		for m := range all {
			if p.At(m.To()) != NoPiece {
				want++
			}
		}
		caps := p.GenerateMoves(nil, true)
		if len(caps) != want {
			t.Fatalf("%s: %d captures generated, %d captures among all moves", p.FEN(), len(caps), want)
		}
		for _, m := range caps {
			if !all[m] {
				t.Fatalf("%s: capture %s not among all moves", p.FEN(), m)
			}
		}
	}
}

func TestCheckDetection(t *testing.T) {
	cases := []struct {
		fen   string
		check bool
	}{
		{"4k4/9/9/9/9/9/9/9/4R4/3K5 b", true},    // rook on the file
		{"4k4/9/9/4p4/9/9/9/4C4/9/3K5 b", true},  // cannon over a screen
		{"4k4/9/9/9/9/9/9/4C4/9/3K5 b", false},   // cannon without screen
		{"4k4/9/3N5/9/9/9/9/9/9/3K5 b", true},    // horse
		{"4k4/4a4/3N5/9/9/9/9/9/9/3K5 b", true},  // leg is the king's diagonal square: empty here
		{"4k4/3r5/3N5/9/9/9/9/9/9/3K5 b", false}, // horse leg blocked
		{"4k4/4P4/9/9/9/9/9/9/9/3K5 b", true},    // pawn in front
		{"3Pk4/9/9/9/9/9/9/9/9/3K5 b", true},     // pawn beside
		{"5k3/9/9/9/9/9/9/9/9/3K5 w", false},     // kings on different files
		{"3k5/9/9/9/9/9/9/9/9/3K5 w", true},      // flying general (illegal to reach, but detected)
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if c.fen == "3k5/9/9/9/9/9/9/9/9/3K5 w" {
			if err == nil {
				t.Errorf("facing kings accepted")
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		if p.InCheck() != c.check {
			t.Errorf("%s: InCheck = %v, want %v", c.fen, p.InCheck(), c.check)
		}
	}
}

func TestMateAndStalemate(t *testing.T) {
	// Stalemate from perft.tsv: Red has no legal move and is not in check.
	p, err := ParseFEN("6b2/9/4k4/9/9/3p5/9/1n7/9/3K5 w - - 17 64")
	if err != nil {
		t.Fatal(err)
	}
	if !p.IsMate() || len(p.LegalMoves()) != 0 {
		t.Error("position without legal moves not recognised")
	}
	if NewPosition().IsMate() {
		t.Error("start position reported as mate")
	}
	// Kings cannot face: moving the only blocker away is illegal.
	q, _ := ParseFEN("4k4/9/9/9/9/9/9/9/4A4/3AK4 w")
	m, _ := ParseMove("e1d2")
	if q.IsLegal(m) {
		t.Error("advisor may not leave the kings facing")
	}
}

func TestNullMove(t *testing.T) {
	p := NewPosition()
	key := p.Key()
	p.MakeNullMove()
	if p.Side() != Black || p.Key() == key {
		t.Fatal("null move did not pass the turn")
	}
	p.UnmakeNullMove()
	if p.Side() != Red || p.Key() != key || p.Ply() != 0 {
		t.Fatal("null move not undone")
	}
}

// aggressivePositions plays random games that prefer checks and captures,
// so that pieces crowd the kings, and returns the positions met.
func aggressivePositions(seed int64, games, maxPlies int) []*Position {
	rnd := rand.New(rand.NewSource(seed))
	var out []*Position
	for g := 0; g < games; g++ {
		p := NewPosition()
		for ply := 0; ply < maxPlies; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			var sharp []Move
			for _, m := range moves {
				if p.At(m.To()) != NoPiece || p.leavesOpponentInCheck(m) {
					sharp = append(sharp, m)
				}
			}
			if len(sharp) > 0 && rnd.Intn(3) > 0 {
				moves = sharp
			}
			p.MakeMove(moves[rnd.Intn(len(moves))])
			out = append(out, p.Copy())
		}
	}
	return out
}

// leavesOpponentInCheck plays m on the bare board and runs the full test.
func (p *Position) leavesOpponentInCheck(m Move) bool {
	captured := p.makeMoveFast(m)
	check := p.attacked(p.side)
	p.unmakeMoveFast(m, captured)
	return check
}

// TestMakeMoveFiltersAgreeWithFullTests checks the shortcuts MakeMove takes
// (mayExposeKing before the legality test, MayGiveCheck before the check
// flag) against the full attack tests on every pseudo-legal move two plies
// deep from positions of random games that crowd the kings.
func TestMakeMoveFiltersAgreeWithFullTests(t *testing.T) {
	var check func(p *Position, depth int)
	check = func(p *Position, depth int) {
		for _, m := range p.GenerateMoves(nil, false) {
			wantLegal := !p.leavesKingAttacked(m)
			if got := p.MakeMove(m); got != wantLegal {
				t.Fatalf("%s: MakeMove(%s) = %v, full test says legal=%v", p.FEN(), m, got, wantLegal)
			}
			if !wantLegal {
				continue
			}
			if got, want := p.InCheck(), p.attacked(p.side); got != want {
				t.Fatalf("%s after %s: check flag %v, full test %v", p.FEN(), m, got, want)
			}
			if depth > 1 {
				check(p, depth-1)
			}
			p.UnmakeMove()
		}
	}
	positions := aggressivePositions(3, 30, 120)
	for i, p := range positions {
		if testing.Short() && i%4 != 0 {
			continue
		}
		check(p, 2)
	}
}

// LegalTargets names the points a picked-up piece can go to: a horse's two, a rook's
// path up to its own pawn, none for a piece of the side not to move or an empty point.
func TestLegalTargets(t *testing.T) {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	sq := func(s string) Square {
		q, err := ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	names := func(ts []Square) string {
		var out []string
		for _, q := range ts {
			out = append(out, q.String())
		}
		sort.Strings(out)
		return strings.Join(out, " ")
	}
	for from, want := range map[string]string{"b0": "a2 c2", "a0": "a1 a2", "b9": "", "e5": ""} {
		if got := names(p.LegalTargets(sq(from))); got != want {
			t.Errorf("%s: %q, want %q", from, got, want)
		}
	}
}
