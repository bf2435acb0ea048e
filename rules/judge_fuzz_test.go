package rules

import (
	"testing"
)

// FuzzJudgeCycle builds repetition cycles from the fuzzer's bytes: in a
// few start positions, each side in turn moves a piece out and, later, back
// (non-captures only), so that the position recurs. The judge must never
// panic, must leave the position exactly as it was, and must rule
// consistently: a side is condemned only for a graver offence than the
// other side's.
func FuzzJudgeCycle(f *testing.F) {
	f.Add(uint8(0), []byte{3, 7, 1, 9})
	f.Add(uint8(1), []byte{0, 0, 0, 0, 5, 5})
	f.Add(uint8(2), []byte{200, 13, 77, 4, 19, 250, 31, 8})
	f.Fuzz(func(t *testing.T, start uint8, data []byte) {
		fens := []string{
			StartFEN,
			"5k3/9/1c7/9/R8/9/9/9/9/3K5 w - - 0 1",
			"5k3/9/1c1N4R/9/9/9/9/9/9/3K5 w - - 0 1",
			"3k5/9/1c1r5/9/R8/3R5/9/9/9/4K4 w - - 0 1",
			"r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2B1NC1/9/RN1AKA2R w - - 0 1",
		}
		p, err := ParseFEN(fens[int(start)%len(fens)])
		if err != nil {
			t.Fatal(err)
		}
		// Up to four out-moves (two per side), then the same moves back in
		// the same order, twice: the start position recurs twice.
		var out []Move
		q := p.Copy()
		for i := 0; i < len(data) && len(out) < 4; i++ {
			var quiet []Move
			for _, m := range q.LegalMoves() {
				if q.At(m.To()) == NoPiece {
					quiet = append(quiet, m)
				}
			}
			if len(quiet) == 0 {
				break
			}
			m := quiet[int(data[i])%len(quiet)]
			q.MakeMove(m)
			out = append(out, m)
		}
		if len(out) < 2 || len(out)%2 == 1 {
			return
		}
		cycle := append([]Move(nil), out...)
		for _, m := range out {
			cycle = append(cycle, NewMove(m.To(), m.From()))
		}
		for round := 0; round < 2; round++ {
			for _, m := range cycle {
				if !p.IsLegal(m) || p.At(m.To()) != NoPiece {
					return // the way back is blocked: no cycle
				}
				p.MakeMove(m)
			}
		}
		before, moves := p.FEN(), len(p.Moves())
		for _, rules := range []RuleSet{RulesAsian, RulesChinese} {
			for recur := 1; recur <= 3; recur++ {
				v, ok := p.JudgeRepetition(recur, rules)
				if !ok {
					continue
				}
				if v.Decided && rules.Severity(v.Violations[v.Loser]) <= rules.Severity(v.Violations[v.Loser.Opponent()]) {
					t.Fatalf("loser %v with violations %v", v.Loser, v.Violations)
				}
				if !v.Decided && rules.Severity(v.Violations[Red]) != rules.Severity(v.Violations[Black]) {
					t.Fatalf("draw with violations %v", v.Violations)
				}
			}
			// Also stretches that are not cycles, of any length.
			p.JudgeCycle(int(start)%(len(cycle)*2+2), rules)
		}
		if p.FEN() != before || len(p.Moves()) != moves {
			t.Fatalf("the judge changed the position: %s", p.FEN())
		}
		if _, ok := p.JudgeRepetition(2, RulesAsian); !ok {
			t.Fatalf("the cycle %v played twice is not found as a repetition", cycle)
		}
	})
}

// BenchmarkJudgeRepetition measures one ruling of a four-ply cycle, as the
// search makes it at a repeated node.
func BenchmarkJudgeRepetition(b *testing.B) {
	p := mustFEN(b, "5k3/9/1c1N4R/9/9/9/9/9/9/3K5 w - - 0 1")
	play(b, p, "d7e5 b7b8 e5d7 b8b7")
	for b.Loop() {
		p.JudgeRepetition(1, RulesAsian)
	}
}

// BenchmarkJudgeRepetitionChinese is the same ruling under the Chinese
// rules, which also look for mate threats and weigh exchanges.
func BenchmarkJudgeRepetitionChinese(b *testing.B) {
	p := mustFEN(b, "5k3/9/1c1N4R/9/9/9/9/9/9/3K5 w - - 0 1")
	play(b, p, "d7e5 b7b8 e5d7 b8b7")
	for b.Loop() {
		p.JudgeRepetition(1, RulesChinese)
	}
}
