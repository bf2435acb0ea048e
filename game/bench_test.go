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
