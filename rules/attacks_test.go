package rules

import (
	"math/rand/v2"
	"testing"
)

// TestSquareAttackedMatchesCaptures compares SquareAttacked with the move
// generator on the squares of enemy pieces in positions from random games.
func TestSquareAttackedMatchesCaptures(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for g := 0; g < 30; g++ {
		p := NewPosition()
		for ply := 0; ply < 120; ply++ {
			for pass := 0; pass < 2; pass++ {
				if pass == 1 {
					if p.InCheck() {
						break
					}
					p.MakeNullMove()
				}
				c := p.Side()
				targets := map[Square]bool{}
				for _, m := range p.GenerateMoves(nil, true) {
					targets[m.To()] = true
				}
				for _, sq := range boardSquares {
					pc := p.At(sq)
					if pc == NoPiece || pc.Color() == c {
						continue
					}
					if got := p.SquareAttacked(sq, c); got != targets[sq] {
						t.Fatalf("%s: SquareAttacked(%s, %s) = %v, generator says %v", p.FEN(), sq, c, got, targets[sq])
					}
					checked++
				}
				if pass == 1 {
					p.UnmakeNullMove()
				}
			}
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			p.MakeMove(legal[rng.IntN(len(legal))])
		}
	}
	t.Logf("%d squares checked", checked)
}
