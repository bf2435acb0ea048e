package hub

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/server/client"
)

// BenchmarkMoveOverSockets is a move's whole path on one instance: the request frame, the
// transaction, the acknowledgement and the event to both players (the test cluster does
// not flush to disk). Games of up to 40 plies of random legal moves.
func BenchmarkMoveOverSockets(b *testing.B) {
	bases := instances(b, 1, Config{AccountRate: 1e6, AccountBurst: 1e6, MessageRate: 1e6, MessageBurst: 1e6,
		AccountMessageRate: 1e6, AccountMessageBurst: 1e6, AddressMessageRate: 1e6, AddressMessageBurst: 1e6})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	rng := rand.New(rand.NewPCG(1, 2))
	var g *game.Game
	var id int64
	ply := 0
	var players [2]*client.Conn
	for range b.N {
		if g == nil || ply == 40 || g.Result().Decided() {
			b.StopTimer()
			id, players, _ = pairBySeek(b, ctx, bases, "30+0")
			g, _ = game.New("")
			ply = 0
			b.StartTimer()
		}
		legal := g.Position().LegalMoves()
		mv := legal[rng.IntN(len(legal))]
		if _, err := players[ply%2].Move(ctx, id, ply, mv.String()); err != nil {
			b.Fatal(err)
		}
		for _, p := range players { // each player's copy of the event
			if _, err := p.NextEvent(ctx, id); err != nil {
				b.Fatal(err)
			}
		}
		g.Play(mv)
		ply++
	}
}
