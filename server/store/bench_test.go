package store

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
)

// BenchmarkMove is one move's path through the database: the transaction that locks the
// game, loads and judges it, stores the event and the clocks, and commits (the test
// cluster does not flush to disk). Games of up to 40 plies of random legal moves.
func BenchmarkMove(b *testing.B) { benchmarkMoves(b, 40) }

// BenchmarkMoveLongGames is BenchmarkMove in games of up to 160 plies, where a replay of
// the stored moves on each move would cost the most.
func BenchmarkMoveLongGames(b *testing.B) { benchmarkMoves(b, 160) }

func benchmarkMoves(b *testing.B, plies int) {
	s := openStore(b)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	var id int64
	var players [2]Account
	var g *game.Game
	ply := 0
	for range b.N {
		if g == nil || ply == plies || g.Result().Decided() {
			b.StopTimer()
			id, players[0], players[1] = pair(b, s, blitz, time.Now())
			g, _ = game.New("")
			ply = 0
			b.StartTimer()
		}
		legal := g.Position().LegalMoves()
		mv := legal[rng.IntN(len(legal))]
		if _, err := s.Round().Move(ctx, players[ply%2].ID, id, ply, mv.String(), time.Now(), 0); err != nil {
			b.Fatal(err)
		}
		g.Play(mv)
		ply++
	}
}
