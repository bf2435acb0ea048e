package store

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/server/proto"
)

// The away timings of these tests: shown away after 10 s unrecorded, claimable a minute
// after the player was last seen, lost after two.
const (
	testAwayAfter = 10 * time.Second
	testGrace     = time.Minute
	testForfeit   = 2 * time.Minute
)

// awayOf returns the side and claim time of the single away event among events of game.
func awayOf(t *testing.T, events []proto.Event, game int64) proto.AwayData {
	t.Helper()
	events = ofGame(events, game)
	if len(events) != 1 || events[0].Kind != proto.KindAway {
		t.Fatalf("want one away event, got %+v", events)
	}
	var a proto.AwayData
	if err := events[0].Decode(&a); err != nil {
		t.Fatal(err)
	}
	return a
}

// A player gone is shown away with the time from which the opponent may claim; a claim
// before it, or after the player came back, is refused with its own code; a claim after
// it wins the game.
func TestAwayClaimAndReturn(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, black := pair(t, s, Spec{TimeControl: SeekControls()[0], Rated: true}, start)
	if _, err := s.Sweeper().Seen(ctx, []int64{red.ID}, start.Add(25*time.Second)); err != nil {
		t.Fatal(err)
	}
	events, err := s.Sweeper().SweepAway(ctx, start.Add(30*time.Second), testAwayAfter, testGrace, testForfeit)
	if err != nil {
		t.Fatal(err)
	}
	a := awayOf(t, events, id)
	if a.Side != "black" || !a.Since.Equal(dbTime(start)) || !a.ClaimAt.Equal(dbTime(start).Add(testGrace)) ||
		!a.ForfeitAt.Equal(dbTime(start).Add(testForfeit)) {
		t.Errorf("away %+v, want black since %v", a, start)
	}
	if again, err := s.Sweeper().SweepAway(ctx, start.Add(31*time.Second), testAwayAfter, testGrace, testForfeit); err != nil || len(ofGame(again, id)) != 0 {
		t.Errorf("marked away twice: %+v %v", again, err)
	}
	if _, err := s.Sweeper().Claim(ctx, red.ID, id, false, start.Add(59*time.Second)); code(err) != proto.CodeTooEarly {
		t.Errorf("a claim before the claim time: %v, want %s", err, proto.CodeTooEarly)
	}
	if _, err := s.Sweeper().Claim(ctx, black.ID, id, false, start.Add(61*time.Second)); code(err) != proto.CodeNotAway {
		t.Errorf("the away player's claim against one who is here: %v, want %s", err, proto.CodeNotAway)
	}
	// Black comes back: the mark goes, the opponent hears it, a claim is refused.
	back, err := s.Sweeper().Seen(ctx, []int64{black.ID}, start.Add(61*time.Second))
	if back = ofGame(back, id); err != nil || len(back) != 1 || back[0].Kind != proto.KindBack || back[0].Seq != 3 {
		t.Fatalf("return: %+v %v", back, err)
	}
	if _, err := s.Sweeper().Claim(ctx, red.ID, id, false, start.Add(62*time.Second)); code(err) != proto.CodeNotAway {
		t.Errorf("a claim after the return: %v, want %s", err, proto.CodeNotAway)
	}
	// Black leaves again (red stays); red claims a draw once it may.
	if _, err := s.Sweeper().Seen(ctx, []int64{red.ID}, start.Add(95*time.Second)); err != nil {
		t.Fatal(err)
	}
	events, err = s.Sweeper().SweepAway(ctx, start.Add(100*time.Second), testAwayAfter, testGrace, testForfeit)
	if err != nil {
		t.Fatal(err)
	}
	if a := awayOf(t, events, id); a.Side != "black" || !a.ClaimAt.Equal(dbTime(start).Add(61*time.Second+testGrace)) {
		t.Errorf("second away %+v", a)
	}
	ended, err := s.Sweeper().Claim(ctx, red.ID, id, true, start.Add(122*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if end := endOf(t, ended); end.Result != "1/2-1/2" || end.Reason != match.ReasonAbandoned || !strings.Contains(end.Text, "claimed a draw") || end.Red == nil {
		t.Errorf("claimed draw: %+v", end)
	}
	for _, p := range []Account{red, black} {
		if n, _, err := s.Sweeper().RatedGames(ctx, p.ID); err != nil || n != 1 {
			t.Errorf("account %d: %d rated games %v", p.ID, n, err)
		}
	}
}

// A player who acts in a game (a move) is back, even before its instance records it.
func TestMoveBringsThePlayerBack(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, black := pair(t, s, blitz, start)
	if _, err := s.Sweeper().Seen(ctx, []int64{black.ID}, start.Add(25*time.Second)); err != nil {
		t.Fatal(err)
	}
	if a := awayOf(t, must(t)(s.Sweeper().SweepAway(ctx, start.Add(30*time.Second), testAwayAfter, testGrace, testForfeit)), id); a.Side != "red" {
		t.Fatalf("away %+v", a)
	}
	events, err := s.Round().Move(ctx, red.ID, id, 0, "b2b4", start.Add(40*time.Second), 0)
	if err != nil || len(events) != 2 || events[0].Kind != proto.KindBack || events[1].Kind != proto.KindMove {
		t.Fatalf("move of the away player: %+v %v", events, err)
	}
	if _, err := s.Sweeper().Claim(ctx, black.ID, id, false, start.Add(2*time.Minute)); code(err) != proto.CodeNotAway {
		t.Errorf("claim against a player who moved: %v", err)
	}
}

// must passes on a call's events, failing t when the call failed.
func must(t *testing.T) func([]proto.Event, error) []proto.Event {
	return func(events []proto.Event, err error) []proto.Event {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return events
	}
}

// Claim (win and draw), the sweeper's forfeit, the away player's return, the flag and a
// move race at one moment, game after game: each game ends once, each rating moves once,
// and a claim never wins against a player whose return was recorded first.
func TestAbandonmentEndsOnceWhateverRaces(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	outcomes := map[string]int{}
	for round := range 8 {
		start := time.Now()
		id, red, black := pair(t, s, Spec{TimeControl: SeekControls()[0], Rated: true}, start)
		late := start.Add(5*time.Minute + time.Second) // red, to move, has flagged; black is past its forfeit
		if _, err := s.Sweeper().Seen(ctx, []int64{red.ID}, late.Add(-time.Second)); err != nil {
			t.Fatal(err)
		}
		awayOf(t, must(t)(s.Sweeper().SweepAway(ctx, start.Add(30*time.Second), testAwayAfter, testGrace, testForfeit)), id)
		var wg sync.WaitGroup
		var mu sync.Mutex
		var errs []error
		run := func(f func() ([]proto.Event, error)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := f()
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}()
		}
		run(func() ([]proto.Event, error) { return s.Sweeper().Claim(ctx, red.ID, id, round%2 == 1, late) })
		run(func() ([]proto.Event, error) { return s.Sweeper().SweepAbandoned(ctx, late, testForfeit, testTogether) })
		run(func() ([]proto.Event, error) { return s.Sweeper().Seen(ctx, []int64{black.ID}, late) })
		run(func() ([]proto.Event, error) { return s.Sweeper().SweepFlags(ctx, late) })
		run(func() ([]proto.Event, error) { return s.Round().Move(ctx, red.ID, id, 0, "b2b4", late, 0) })
		run(func() ([]proto.Event, error) { return s.Sweeper().Claim(ctx, red.ID, id, false, late) })
		wg.Wait()
		for _, err := range errs {
			switch code(err) {
			case "", proto.CodeGameOver, proto.CodeNotAway, proto.CodeTimeUp:
			default:
				t.Errorf("round %d: %v", round, err)
			}
		}
		events, err := s.Events(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		ends, backSeen := 0, false
		for i, e := range events {
			if e.Seq != int64(i+1) {
				t.Errorf("round %d: event %d numbered %d", round, i+1, e.Seq)
			}
			switch e.Kind {
			case proto.KindBack:
				backSeen = true
			case proto.KindEnd:
				ends++
				var end proto.EndData
				if err := e.Decode(&end); err != nil {
					t.Fatal(err)
				}
				if end.Red == nil || end.Black == nil {
					t.Errorf("round %d: a rated ending without its rating change: %+v", round, end)
				}
				if backSeen && end.Reason == match.ReasonAbandoned && strings.Contains(end.Text, "claimed") {
					t.Errorf("round %d: a claim won after the return: %s", round, end.Text)
				}
				outcomes[end.Reason+" "+end.Result]++
			}
		}
		if ends != 1 {
			t.Errorf("round %d: %d end events, want 1: %+v", round, ends, events)
		}
		for _, p := range []Account{red, black} {
			if n, _, err := s.Sweeper().RatedGames(ctx, p.ID); err != nil || n != 1 {
				t.Errorf("round %d: account %d has %d rated games (%v), want 1", round, p.ID, n, err)
			}
		}
	}
	t.Logf("endings: %v", outcomes)
}

// A new socket's check writes only for a player shown away: that one is back at once.
func TestReturned(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, black := pair(t, s, blitz, start)
	seenAt := func(a Account) time.Time {
		var at time.Time
		if err := s.pool.QueryRow(ctx, `SELECT seen FROM presence WHERE account_id = $1`, a.ID).Scan(&at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	if back, err := s.Sweeper().Returned(ctx, red.ID, start.Add(5*time.Second)); err != nil || len(back) != 0 || !seenAt(red).Equal(dbTime(start)) {
		t.Errorf("a player not away: %+v %v, seen %v", back, err, seenAt(red))
	}
	if _, err := s.Sweeper().Seen(ctx, []int64{red.ID}, start.Add(25*time.Second)); err != nil {
		t.Fatal(err)
	}
	awayOf(t, must(t)(s.Sweeper().SweepAway(ctx, start.Add(30*time.Second), testAwayAfter, testGrace, testForfeit)), id)
	back, err := s.Sweeper().Returned(ctx, black.ID, start.Add(31*time.Second))
	if back = ofGame(back, id); err != nil || len(back) != 1 || back[0].Kind != proto.KindBack {
		t.Errorf("the away player's return: %+v %v", back, err)
	}
}

// A refused action of a player shown away changes nothing: no back event is returned or
// stored, since its transaction rolled back.
func TestRefusedActionOfAnAwayPlayer(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	id, red, black := pair(t, s, blitz, start)
	if _, err := s.Sweeper().Seen(ctx, []int64{black.ID}, start.Add(25*time.Second)); err != nil {
		t.Fatal(err)
	}
	awayOf(t, must(t)(s.Sweeper().SweepAway(ctx, start.Add(30*time.Second), testAwayAfter, testGrace, testForfeit)), id)
	events, err := s.Round().AcceptDraw(ctx, red.ID, id, start.Add(31*time.Second))
	if code(err) != proto.CodeNoOffer || events != nil {
		t.Errorf("accepting no offer: %+v %v", events, err)
	}
	stored, err := s.Events(ctx, id, 0)
	if err != nil || len(stored) != 2 || stored[1].Kind != proto.KindAway {
		t.Errorf("stored after the refusal: %+v %v", stored, err)
	}
}
