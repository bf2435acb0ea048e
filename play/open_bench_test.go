package play

import (
	"bytes"
	"context"
	"testing"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// xqf60 is a 60-ply game as an XQF file: each ply plays the legal move at a fixed
// stride through the move list, so the game is the same on every run.
func xqf60(b *testing.B) []byte {
	b.Helper()
	g, err := game.New("")
	if err != nil {
		b.Fatal(err)
	}
	for ply := 0; ply < 60; ply++ {
		moves := g.Position().LegalMoves()
		if len(moves) == 0 {
			b.Fatalf("no move at ply %d", ply)
		}
		if err := g.Play(moves[(ply*7+3)%len(moves)]); err != nil {
			b.Fatalf("ply %d: %v", ply, err)
		}
	}
	var buf bytes.Buffer
	if err := g.Record().ExportXQF(&buf); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkOpenXQF60 reads a 60-ply XQF file and opens it in a session, as Open file… does.
func BenchmarkOpenXQF60(b *testing.B) {
	data := xqf60(b)
	s, q, _ := openSession(b, nil, func(ctx context.Context, pos *rules.Position, lim engine.Limits, info func(engine.Info)) engine.SearchResult {
		return engine.SearchResult{}
	})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rec, _, err := game.ReadRecord(data)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.OpenRecord(rec, Players{}); err != nil {
			b.Fatal(err)
		}
		q.Drain()
	}
}
