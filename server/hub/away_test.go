package hub

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/server/client"
	"github.com/xqfyne/xiangqi/server/proto"
	"github.com/xqfyne/xiangqi/server/store"
)

// nextKind waits for c's next event of game of kind, passing over others.
func nextKind(t *testing.T, ctx context.Context, c *client.Conn, game int64, kind string) proto.Event {
	t.Helper()
	for {
		e, err := c.NextEvent(ctx, game)
		if err != nil {
			t.Fatalf("waiting for a %s event: %v", kind, err)
		}
		if e.Kind == kind {
			return e
		}
	}
}

// A player whose socket closes is shown to the opponent (on the other instance) as away
// with the time a claim may be made; a claim before it is refused as too early, one after
// the player came back as not away, and one after the time wins.
func TestAwayCountdownAndClaim(t *testing.T) {
	const grace = 1500 * time.Millisecond
	bases := instances(t, 2, Config{Grace: grace, Forfeit: time.Minute, SeenEvery: 100 * time.Millisecond, SweepEvery: 100 * time.Millisecond})
	ctx := testCtx(t)
	g, p, tokens := pairBySeek(t, ctx, bases, "5+3")
	p[1].Close()
	var away proto.AwayData
	if err := nextKind(t, ctx, p[0], g, proto.KindAway).Decode(&away); err != nil || away.Side != "black" || away.ClaimAt.Sub(away.Since) != grace {
		t.Fatalf("away %+v %v", away, err)
	}
	if err := p[0].Claim(ctx, g, false); code(err) != proto.CodeTooEarly {
		t.Errorf("a claim before %v: %v, want %s", away.ClaimAt, err, proto.CodeTooEarly)
	}
	back, err := client.Dial(ctx, bases[0], tokens[1], nil)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if e := nextKind(t, ctx, p[0], g, proto.KindBack); e.Seq != 3 {
		t.Errorf("back event %+v", e)
	}
	time.Sleep(time.Until(away.ClaimAt))
	if err := p[0].Claim(ctx, g, false); code(err) != proto.CodeNotAway {
		t.Errorf("a claim after the return: %v, want %s", err, proto.CodeNotAway)
	}
	back.Close()
	// A record of connected players that read the socket just before it closed can show
	// the player back once more, then away again: the claim follows the latest away event.
	claimed := false
	for try := 0; try < 3 && !claimed; try++ {
		if err := nextKind(t, ctx, p[0], g, proto.KindAway).Decode(&away); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Until(away.ClaimAt))
		err := p[0].Claim(ctx, g, false)
		if c := code(err); err != nil && c != proto.CodeNotAway && c != proto.CodeTooEarly {
			t.Fatalf("a claim after %v: %v", away.ClaimAt, err)
		}
		claimed = err == nil
	}
	if !claimed {
		t.Fatal("no claim was taken")
	}
	var end proto.EndData
	if err := nextKind(t, ctx, p[0], g, proto.KindEnd).Decode(&end); err != nil || end.Result != "1-0" || end.Reason != match.ReasonAbandoned {
		t.Errorf("end %+v %v", end, err)
	}
}

// When the claim time comes, the opponent's claim, the sweeper's forfeit (due at the same
// moment) and the away player's return race, over real sockets on two instances, game after
// game: one ending each, one rating change each.
func TestClaimForfeitAndReturnRace(t *testing.T) {
	const grace = time.Second
	bases := instances(t, 2, Config{Grace: grace, Forfeit: grace, SeenEvery: 50 * time.Millisecond, SweepEvery: 20 * time.Millisecond})
	ctx := testCtx(t)
	st, err := store.Open(ctx, testDB.Need(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for round := range 3 {
		g, p, tokens := pairRated(t, ctx, bases, "5+3", true)
		p[1].Close()
		var away proto.AwayData
		if err := nextKind(t, ctx, p[0], g, proto.KindAway).Decode(&away); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Until(away.ClaimAt))
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			if err := p[0].Claim(ctx, g, round == 1); err != nil && code(err) != proto.CodeGameOver && code(err) != proto.CodeNotAway {
				t.Errorf("claim: %v", err)
			}
		}()
		go func() {
			defer wg.Done()
			if c, err := client.Dial(ctx, bases[round%2], tokens[1], nil); err == nil {
				c.Close()
			}
		}()
		wg.Wait()
		nextKind(t, ctx, p[0], g, proto.KindEnd) // the forfeit ends it if nothing else did
		events, err := st.Events(ctx, g, 0)
		if err != nil {
			t.Fatal(err)
		}
		ends := 0
		for _, e := range events {
			if e.Kind == proto.KindEnd {
				ends++
			}
		}
		if ends != 1 {
			t.Errorf("round %d: %d end events", round, ends)
		}
		for _, c := range p {
			if n, _, err := st.RatedGames(ctx, c.Account().ID); err != nil || n != 1 {
				t.Errorf("round %d: account %d has %d rated games (%v)", round, c.Account().ID, n, err)
			}
		}
	}
}
