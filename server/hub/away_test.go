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
// the player came back as not away, and one after the time wins. The instances run on a
// clock the test sets, their records and sweeps when it says.
func TestAwayCountdownAndClaim(t *testing.T) {
	ctx := testCtx(t)
	clock := &testClock{t: time.Now()}
	first, a, _ := manualHub(t, clock, Config{})
	second, b, _ := manualHub(t, clock, Config{})
	g, p, tokens := pairBySeek(t, ctx, []string{a, b}, "5+3")
	p[1].Close()
	away := nextAway(t, ctx, clock, p[0], g, first, second)
	if away.Side != "black" || away.ClaimAt.Sub(away.Since) != time.Minute || away.ForfeitAt.Sub(away.Since) != 3*time.Minute {
		t.Errorf("away %+v, want black, a claim 60 s and the forfeit 3 minutes after it was last seen", away)
	}
	if err := p[0].Claim(ctx, g, false); code(err) != proto.CodeTooEarly {
		t.Errorf("a claim before %v: %v, want %s", away.ClaimAt, err, proto.CodeTooEarly)
	}
	back, err := client.Dial(ctx, a, tokens[1], nil)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if e := nextKind(t, ctx, p[0], g, proto.KindBack); e.Seq != 3 {
		t.Errorf("back event %+v", e)
	}
	advance(ctx, clock, away.ClaimAt, first, second)
	if err := p[0].Claim(ctx, g, false); code(err) != proto.CodeNotAway {
		t.Errorf("a claim after the return: %v, want %s", err, proto.CodeNotAway)
	}
	back.Close()
	away = nextAway(t, ctx, clock, p[0], g, first, second)
	advance(ctx, clock, away.ClaimAt.Add(-time.Millisecond), first, second)
	if err := p[0].Claim(ctx, g, false); code(err) != proto.CodeTooEarly {
		t.Errorf("a claim just before %v: %v, want %s", away.ClaimAt, err, proto.CodeTooEarly)
	}
	advance(ctx, clock, away.ClaimAt, first, second)
	if err := p[0].Claim(ctx, g, false); err != nil {
		t.Fatalf("a claim at %v: %v", away.ClaimAt, err)
	}
	var end proto.EndData
	if err := nextKind(t, ctx, p[0], g, proto.KindEnd).Decode(&end); err != nil || end.Result != "1-0" || end.Reason != match.ReasonAbandoned {
		t.Errorf("end %+v %v", end, err)
	}
}

// When the claim time comes, the opponent's claim, the sweeps' forfeit (due at the same
// moment: claim and forfeit 60 s after the player was last seen) and the away player's
// return race, over real sockets on two instances, game after game: one ending each, one
// rating change each.
func TestClaimForfeitAndReturnRace(t *testing.T) {
	ctx := testCtx(t)
	clock := &testClock{t: time.Now()}
	cfg := Config{Grace: time.Minute, Forfeit: time.Minute}
	first, a, _ := manualHub(t, clock, cfg)
	second, b, _ := manualHub(t, clock, cfg)
	bases := []string{a, b}
	st, err := store.Open(ctx, testDB.Need(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for round := range 3 {
		g, p, tokens := pairRated(t, ctx, bases, "5+3", true)
		p[1].Close()
		away := nextAway(t, ctx, clock, p[0], g, first, second)
		advance(ctx, clock, away.ClaimAt, first, second)
		clock.Add(time.Millisecond) // past the forfeit time too
		var wg sync.WaitGroup
		wg.Add(4)
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
		go func() { defer wg.Done(); tick(ctx, first) }()
		go func() { defer wg.Done(); tick(ctx, second) }()
		wg.Wait()
		// When the return came first, the player left again: the forfeit ends it later.
		ended := false
		for step := 0; step < 100 && !ended; step++ {
			events := storedEvents(t, ctx, g)
			if ended = events[len(events)-1].Kind == proto.KindEnd; !ended {
				clock.Add(5 * time.Second)
				tick(ctx, first, second)
			}
		}
		nextKind(t, ctx, p[0], g, proto.KindEnd)
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
			if n, _, err := st.Sweeper().RatedGames(ctx, c.Account().ID); err != nil || n != 1 {
				t.Errorf("round %d: account %d has %d rated games (%v)", round, c.Account().ID, n, err)
			}
		}
	}
}
