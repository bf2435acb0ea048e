package store

import (
	"context"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/server/proto"
)

// testOutageAfter is the heartbeat gap these tests take for an outage, and testTogether
// the gap between two players' last sights within which they left together.
const (
	testOutageAfter = 15 * time.Second
	testTogether    = 5 * time.Second
)

// moveClock plays move for account at ply at and returns the clocks its move event gives.
func moveClock(t *testing.T, s *Store, account, game int64, ply int, move string, at time.Time) proto.Clock {
	t.Helper()
	events, err := s.Round().Move(context.Background(), account, game, ply, move, at, 0)
	if err != nil || len(events) == 0 || events[len(events)-1].Kind != proto.KindMove {
		t.Fatalf("%s: %+v %v", move, events, err)
	}
	var m proto.MoveData
	if err := events[len(events)-1].Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m.Clock
}

// Every instance is down for 5 minutes, longer than black's clock (5+3) and than the
// forfeit time: the beat after it resumes the game as it stood, so no flag falls, nobody
// is shown away or forfeits, and black's clock is charged only the time around the
// outage. An absence after it, while the service answers, still forfeits.
func TestOutageChargesNoClockAndForfeitsNoGame(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, black := pair(t, s, blitz, start)
	beat := func(at time.Time) Outage {
		t.Helper()
		o, away, err := s.Beat(ctx, at, testOutageAfter, testGrace, testForfeit)
		if err != nil || len(ofGame(away, id)) != 0 {
			t.Fatalf("beat at %v: %+v %v", at.Sub(start), away, err)
		}
		return o
	}
	beat(start)
	moveClock(t, s, red.ID, id, 0, "b2b4", start.Add(10*time.Second))
	if _, err := s.Sweeper().Seen(ctx, []int64{red.ID, black.ID}, start.Add(12*time.Second)); err != nil {
		t.Fatal(err)
	}
	if o := beat(start.Add(12 * time.Second)); o.Length() != 0 {
		t.Errorf("a beat 12 s after the last is an outage: %+v", o)
	}
	back := start.Add(12*time.Second + 5*time.Minute)
	if o := beat(back); o.Length() != 5*time.Minute || !o.From.Equal(dbTime(start.Add(12*time.Second))) {
		t.Errorf("outage %+v, want the 5 minutes from the last beat", o)
	}
	if ended, err := s.Sweeper().SweepFlags(ctx, back.Add(time.Second)); err != nil || len(ofGame(ended, id)) != 0 {
		t.Errorf("flags after the outage: %+v %v", ended, err)
	}
	if away, err := s.Sweeper().SweepAway(ctx, back.Add(time.Second), testAwayAfter, testGrace, testForfeit); err != nil || len(ofGame(away, id)) != 0 {
		t.Errorf("away after the outage: %+v %v", away, err)
	}
	if ended, err := s.Sweeper().SweepAbandoned(ctx, back.Add(time.Second), testForfeit, testTogether); err != nil || len(ofGame(ended, id)) != 0 {
		t.Errorf("abandoned after the outage: %+v %v", ended, err)
	}
	// Black thought 2 s before the outage and 3 s after it: 5 s of its 5 minutes, then +3.
	if c := moveClock(t, s, black.ID, id, 1, "a9a8", back.Add(3*time.Second)); c.Black != 298000 || c.Red != 293000 {
		t.Errorf("clocks after the outage %+v, want black 298000 red 293000", c)
	}
	// Red stays; black goes (last seen at the outage's end) and forfeits 2 minutes later.
	for at := back.Add(5 * time.Second); at.Before(back.Add(testForfeit + 15*time.Second)); at = at.Add(5 * time.Second) {
		if _, err := s.Sweeper().Seen(ctx, []int64{red.ID}, at); err != nil {
			t.Fatal(err)
		}
		beat(at)
		if ended, err := s.Sweeper().SweepAbandoned(ctx, at, testForfeit, testTogether); err != nil {
			t.Fatal(err)
		} else if ended = ofGame(ended, id); len(ended) > 0 {
			if end := endOf(t, ended); end.Result != "1-0" || end.Reason != match.ReasonAbandoned || at.Before(back.Add(testForfeit)) {
				t.Errorf("%v after the outage: %+v", at.Sub(back), end)
			}
			return
		}
	}
	t.Error("black, gone while the service answered, never forfeited")
}

// A player shown away when the service went down is shown away again after it, with its
// claim time moved on by the outage: a claim at the old time is too early.
func TestOutageMovesTheClaimTime(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, _ := pair(t, s, blitz, start)
	for at := start; !at.After(start.Add(30 * time.Second)); at = at.Add(10 * time.Second) {
		if o, _, err := s.Beat(ctx, at, testOutageAfter, testGrace, testForfeit); err != nil || o.Length() != 0 {
			t.Fatalf("beat %+v %v", o, err)
		}
	}
	if _, err := s.Sweeper().Seen(ctx, []int64{red.ID}, start.Add(25*time.Second)); err != nil {
		t.Fatal(err)
	}
	if a := awayOf(t, must(t)(s.Sweeper().SweepAway(ctx, start.Add(30*time.Second), testAwayAfter, testGrace, testForfeit)), id); a.Side != "black" {
		t.Fatalf("away %+v", a)
	}
	back := start.Add(30*time.Second + 5*time.Minute)
	o, events, err := s.Beat(ctx, back, testOutageAfter, testGrace, testForfeit)
	if err != nil || o.Length() != 5*time.Minute {
		t.Fatalf("outage %+v %v", o, err)
	}
	// Black was gone 30 s while the service answered: those 30 s still count.
	a := awayOf(t, events, id)
	since := dbTime(back.Add(-30 * time.Second))
	if a.Side != "black" || !a.Since.Equal(since) || !a.ClaimAt.Equal(since.Add(testGrace)) || !a.ForfeitAt.Equal(since.Add(testForfeit)) {
		t.Errorf("away again %+v, want since %v", a, since)
	}
	if _, err := s.Sweeper().Claim(ctx, red.ID, id, false, start.Add(testGrace+time.Second)); code(err) != proto.CodeTooEarly {
		t.Errorf("a claim at the time announced before the outage: %v, want %s", err, proto.CodeTooEarly)
	}
	if _, err := s.Sweeper().Claim(ctx, red.ID, id, false, a.ClaimAt.Add(time.Second)); err != nil {
		t.Errorf("a claim at the time announced after it: %v", err)
	}
}

// Both players were connected when every instance went down and neither comes back: a
// forfeit time after the restart the game is drawn, as both left at once, not lost by the
// one the sweep happened to pick.
func TestBothGoneAfterAnOutageIsADraw(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, black := pair(t, s, Spec{TimeControl: SeekControls()[0], Rated: true}, start)
	for _, at := range []time.Time{start, start.Add(10 * time.Second)} {
		if _, _, err := s.Beat(ctx, at, testOutageAfter, testGrace, testForfeit); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Sweeper().Seen(ctx, []int64{red.ID, black.ID}, start.Add(10*time.Second)); err != nil {
		t.Fatal(err)
	}
	back := start.Add(10*time.Second + 5*time.Minute)
	if o, _, err := s.Beat(ctx, back, testOutageAfter, testGrace, testForfeit); err != nil || o.Length() == 0 {
		t.Fatalf("outage %+v %v", o, err)
	}
	if ended, err := s.Sweeper().SweepAbandoned(ctx, back.Add(testForfeit-time.Second), testForfeit, testTogether); err != nil || len(ofGame(ended, id)) != 0 {
		t.Fatalf("before the forfeit time: %+v %v", ended, err)
	}
	ended, err := s.Sweeper().SweepAbandoned(ctx, back.Add(testForfeit+time.Second), testForfeit, testTogether)
	if ended = ofGame(ended, id); err != nil || len(ended) != 1 {
		t.Fatalf("after the forfeit time: %+v %v", ended, err)
	}
	if end := endOf(t, ended); end.Result != "1/2-1/2" || end.Reason != match.ReasonAbandoned || end.Red == nil {
		t.Errorf("both gone: %+v", end)
	}
}
