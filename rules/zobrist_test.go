package rules

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"sort"
	"testing"
)

// eleeyeMoves returns the moves ElephantEye's book stores for lock1.
func eleeyeMoves(t *testing.T, data []byte, lock uint32) []Move {
	n := len(data) / 8
	i := sort.Search(n, func(i int) bool { return binary.LittleEndian.Uint32(data[i*8:]) >= lock })
	var moves []Move
	for ; i < n && binary.LittleEndian.Uint32(data[i*8:]) == lock; i++ {
		moves = append(moves, Move(binary.LittleEndian.Uint16(data[i*8+4:])))
	}
	return moves
}

// TestZobristMatchesElephantEyeBook looks up positions in ElephantEye's own
// book by our lock1: the keys only match if the RC4-drawn tables are the same.
func TestZobristMatchesElephantEyeBook(t *testing.T) {
	data, err := os.ReadFile(sharedTestdata(t, "eleeye-book.dat"))
	if err != nil {
		t.Fatal(err)
	}
	p := NewPosition()
	moves := eleeyeMoves(t, data, p.Lock1())
	if len(moves) < 3 {
		t.Fatalf("start position: %d book moves, want several", len(moves))
	}
	found := map[string]bool{}
	for _, m := range moves {
		if !p.IsLegal(m) {
			t.Errorf("book move %s is not legal in the start position", m)
		}
		found[m.String()] = true
	}
	if !found["h2e2"] && !found["b2e2"] {
		t.Errorf("book moves %v have no central cannon opening", moves)
	}
	// After 1. h2e2 (or its mirror b2e2) Black's replies are in the book too.
	m, _ := ParseMove("h2e2")
	p.MakeMove(m)
	replies := eleeyeMoves(t, data, p.Lock1())
	mirrored := eleeyeMoves(t, data, p.Mirror().Lock1())
	if len(replies)+len(mirrored) == 0 {
		t.Fatal("no book entry after h2e2 or its mirror")
	}
	for _, r := range replies {
		if !p.IsLegal(r) {
			t.Errorf("reply %s to h2e2 is not legal", r)
		}
	}
	for _, r := range mirrored {
		if !p.IsLegal(r.Mirror()) {
			t.Errorf("mirrored reply %s to h2e2 is not legal", r.Mirror())
		}
	}
}

func TestZobristSideKeyAndMirror(t *testing.T) {
	red := NewPosition()
	black, err := ParseFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if red.Key()^black.Key() != zobristSide.key || red.Lock1()^black.Lock1() != zobristSide.lock1 {
		t.Error("side to move is not keyed by the side key")
	}
	if red.Mirror().Lock1() != red.Lock1() {
		t.Error("the symmetric start position should equal its mirror")
	}
	p, _ := ParseFEN("2ba1k2r/r3n4/6n1C/4p2C1/6p2/pR2P1N1p/c1P3Pc1/2N1B4/9/3AKA3 b - - 2 44")
	mm := p.Mirror().Mirror()
	if mm.FEN() != p.FEN() || mm.Key() != p.Key() {
		t.Error("mirroring twice does not give the position back")
	}
}

// TestKeyAfterMatchesMakeMove checks the key predicted for every legal move
// against the key MakeMove produces, along random games.
func TestKeyAfterMatchesMakeMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for g := 0; g < 10; g++ {
		p := NewPosition()
		for ply := 0; ply < 100; ply++ {
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			for _, m := range legal {
				want := p.KeyAfter(m)
				p.MakeMove(m)
				if got := p.Key(); got != want {
					t.Fatalf("%s after %s: key %08x, predicted %08x", p.FEN(), m, got, want)
				}
				p.UnmakeMove()
			}
			p.MakeMove(legal[rng.IntN(len(legal))])
		}
	}
}
