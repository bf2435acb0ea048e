package game

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// benchGame plays a 120-ply random game from the start position.
func benchGame(b *testing.B) *Game {
	g, _ := New("")
	rng := rand.New(rand.NewSource(1))
	for g.Len() < 120 && !g.Result().Decided() {
		moves := g.Position().LegalMoves()
		if err := g.Play(moves[rng.Intn(len(moves))]); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

// BenchmarkResult measures judging a middlegame position (done by Play
// before every move).
func BenchmarkResult(b *testing.B) {
	g := benchGame(b)
	g.GoTo(40)
	for b.Loop() {
		g.Result()
	}
}

func BenchmarkParseMoveChinese(b *testing.B) {
	p := rules.NewPosition()
	for b.Loop() {
		if _, err := ParseMove(p, "马二进三"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExportImportPGN(b *testing.B) {
	g := benchGame(b)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := g.Record().ExportPGN(&buf, PGNOptions{GBK: true}); err != nil {
			b.Fatal(err)
		}
		if _, err := importPGN(&buf); err != nil {
			b.Fatal(err)
		}
	}
}

// ForbiddenMoves runs before every engine search in the app and the match tool.
func BenchmarkForbiddenMoves(b *testing.B) {
	chase, _ := New("5k3/9/1c7/9/R8/9/9/9/9/3K5 w - - 0 1")
	for _, text := range []string{"a5b5", "b7a7", "b5a5", "a7b7", "a5b5", "b7a7"} {
		if err := chase.PlayText(text); err != nil {
			b.Fatal(err)
		}
	}
	start, _ := New("")
	chaseChinese, _ := New("5k3/9/1c7/9/R8/9/9/9/9/3K5 w - - 0 1")
	chaseChinese.SetRules(ChineseRules)
	for _, text := range []string{"a5b5", "b7a7", "b5a5", "a7b7", "a5b5", "b7a7"} {
		if err := chaseChinese.PlayText(text); err != nil {
			b.Fatal(err)
		}
	}
	for name, g := range map[string]*Game{"start": start, "chase": chase, "chase-chinese": chaseChinese} {
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				g.ForbiddenMoves()
			}
		})
	}
}

// longCycleGame plays a random game from the start position to about ply
// 268, then a 16-ply cycle (four pieces of each side step out and back)
// twice, so that the last position is the third occurrence: a 300-ply game
// ending in a long repetition.
func longCycleGame(b *testing.B) *Game {
	for seed := int64(1); seed < 1000; seed++ {
		if g := tryLongCycleGame(seed); g != nil {
			return g
		}
	}
	b.Fatal("no seed gave a 300-ply game with a long cycle")
	return nil
}

func tryLongCycleGame(seed int64) *Game {
	g, _ := New("")
	rng := rand.New(rand.NewSource(seed))
	for g.Len() < 268 {
		if g.Result().Decided() {
			return nil
		}
		moves := g.Position().LegalMoves()
		if g.Play(moves[rng.Intn(len(moves))]) != nil {
			return nil
		}
	}
	p := g.Position()
	var out []rules.Move
	// Each step moves another piece between squares no earlier step touched, so that the
	// steps back, taken in the same order, stay legal (a piece moved twice would have to
	// come back in the reverse order).
	used := map[rules.Square]bool{}
	for len(out) < 8 {
		var quiet []rules.Move
		for _, m := range p.LegalMoves() {
			if p.At(m.To()) == rules.NoPiece && !used[m.From()] && !used[m.To()] {
				quiet = append(quiet, m)
			}
		}
		if len(quiet) == 0 {
			return nil
		}
		m := quiet[rng.Intn(len(quiet))]
		p.MakeMove(m)
		out = append(out, m)
		used[m.From()], used[m.To()] = true, true
	}
	cycle := append([]rules.Move(nil), out...)
	for _, m := range out {
		cycle = append(cycle, rules.NewMove(m.To(), m.From()))
	}
	for round := 0; round < 2; round++ {
		for _, m := range cycle {
			if g.Result().Decided() || g.Play(m) != nil {
				return nil
			}
		}
	}
	if r := g.Result(); r.Reason != ReasonRepetition && !r.Reason.isRepetitionLoss() {
		return nil
	}
	return g
}

// BenchmarkResultLongCycle judges the third occurrence of a 16-ply cycle at
// the end of a 300-ply game (target: well under 50 µs). Result keeps its
// answer until the game changes, so every round first marks it stale (as
// SetRules does), and the judge really runs each time.
func BenchmarkResultLongCycle(b *testing.B) {
	g := longCycleGame(b)
	if g.Len() != 300 {
		b.Fatalf("game of %d plies", g.Len())
	}
	for _, rules := range RuleSets() {
		b.Run(rules.String(), func(b *testing.B) {
			g.SetRules(rules)
			b.Logf("result: %v", g.Result())
			for b.Loop() {
				g.SetRules(rules)
				g.Result()
			}
		})
	}
}
