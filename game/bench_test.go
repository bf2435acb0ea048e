package game

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/xqfyne/xiangqi/engine"
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
	p := engine.NewPosition()
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
		if err := g.ExportPGN(&buf, PGNOptions{GBK: true}); err != nil {
			b.Fatal(err)
		}
		if _, err := ImportPGN(&buf); err != nil {
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
	for name, g := range map[string]*Game{"start": start, "chase": chase} {
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				g.ForbiddenMoves()
			}
		})
	}
}
