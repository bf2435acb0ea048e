package game

import (
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// FuzzRepetitionVerdicts plays random two-move-out, two-move-back cycles
// twice through a Game under both rule sets, asking at every ply what the
// app asks (result, verdict and its texts, the warning for the next move).
// Nothing may panic, a warning must name the mover as the loser, and a
// decided repetition must be explained.
func FuzzRepetitionVerdicts(f *testing.F) {
	f.Add(uint8(0), uint8(0), []byte{1, 2, 3, 4})
	f.Add(uint8(1), uint8(1), []byte{9, 0, 5, 7})
	f.Add(uint8(2), uint8(0), []byte{200, 100, 50, 25})
	texts := loadCatalogs(f)
	f.Fuzz(func(t *testing.T, start, ruleSet uint8, data []byte) {
		fens := []string{
			"5k3/9/1c7/9/R8/9/9/9/9/3K5 w - - 0 1",
			"5k3/c3a4/9/9/R8/9/9/9/9/3K5 w - - 0 1",
			"5k3/9/1c1N4R/9/9/9/9/9/9/3K5 w - - 0 1",
			"3k5/9/1c1r5/9/R8/3R5/9/9/9/4K4 w - - 0 1",
		}
		g, err := New(fens[int(start)%len(fens)])
		if err != nil {
			t.Fatal(err)
		}
		g.SetRules(RuleSets()[int(ruleSet)%len(RuleSets())])
		p := g.Position()
		var out []rules.Move
		for i := 0; i < len(data) && len(out) < 2; i++ {
			var quiet []rules.Move
			for _, m := range p.LegalMoves() {
				if p.At(m.To()) == rules.NoPiece {
					quiet = append(quiet, m)
				}
			}
			if len(quiet) == 0 {
				return
			}
			m := quiet[int(data[i])%len(quiet)]
			p.MakeMove(m)
			out = append(out, m)
		}
		if len(out) < 2 {
			return
		}
		cycle := []rules.Move{out[0], out[1], rules.NewMove(out[0].To(), out[0].From()), rules.NewMove(out[1].To(), out[1].From())}
		for round := 0; round < 2; round++ {
			for _, m := range cycle {
				r := g.Result()
				if v, ok := g.RepetitionVerdict(); ok != (r.Decided() && r.Reason.isRepetitionLoss()) {
					t.Fatalf("result %v, verdict %v %+v", r, ok, v)
				} else if ok && (!sayable(texts, v.Message()) || v.Result != r) {
					t.Fatalf("verdict %+v for %v", v, r)
				}
				if r.Decided() {
					return
				}
				if v, warn := g.WouldLoseByRepetition(m); warn && (v.Loser != g.SideToMove() || !sayable(texts, v.Message())) {
					t.Fatalf("warning for %s: %+v", m, v)
				}
				if g.Play(m) != nil {
					return // the way back is blocked
				}
			}
		}
	})
}
