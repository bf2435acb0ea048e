package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// TestMovePickerYieldsEveryMoveOnce checks the staged generator against the
// plain generator in positions from random games, with hash moves and
// killers that are sometimes legal, sometimes from other positions.
func TestMovePickerYieldsEveryMoveOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var h historyTable
	var mp movePicker
	var recent []rules.Move
	for g := 0; g < 20; g++ {
		p := rules.NewPosition()
		for ply := 0; ply < 100; ply++ {
			all := p.GenerateMoves(nil, false)
			if len(all) == 0 {
				break
			}
			pick := func() rules.Move {
				if len(recent) > 0 && rng.IntN(2) == 0 {
					return recent[rng.IntN(len(recent))]
				}
				return all[rng.IntN(len(all))]
			}
			hash, k1, k2 := pick(), pick(), pick()
			if rng.IntN(4) == 0 {
				hash = rules.NoMove
			}
			for _, m := range all {
				h[m] = int32(rng.IntN(1000))
			}
			mp.init(p, hash, [2]rules.Move{k1, k2}, &h, make([]rules.Move, 0, 8), make([]int32, 0, 8))
			mp.noDefer = ply%2 == 0
			seen := map[rules.Move]int{}
			lastCapture := true
			for m := mp.nextMove(); m != rules.NoMove; m = mp.nextMove() {
				seen[m]++
				if !p.IsPseudoLegal(m) {
					t.Fatalf("%s: picker gave %s, not pseudo-legal", p.FEN(), m)
				}
				capture := p.At(m.To()) != rules.NoPiece
				if mp.stage == stageCaptures && capture && !lastCapture {
					t.Fatalf("%s: capture %s after a quiet move in the capture stage", p.FEN(), m)
				}
				if m != hash {
					lastCapture = capture
				}
			}
			for _, m := range all {
				if seen[m] != 1 {
					t.Fatalf("%s: move %s given %d times (hash %s killers %s %s)", p.FEN(), m, seen[m], hash, k1, k2)
				}
			}
			if len(seen) != len(all) {
				t.Fatalf("%s: picker gave %d moves, generator %d", p.FEN(), len(seen), len(all))
			}
			recent = append(recent, all[rng.IntN(len(all))])
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			p.MakeMove(legal[rng.IntN(len(legal))])
		}
	}
}
