package store

import (
	"context"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/server/proto"
)

// A 读秒 game on the server (1 minute, then 10 s a move, 2 periods): a move within the
// period keeps both periods, a move over it costs one, and the last period's end is a loss
// on time found by the sweeper, not before.
func TestByoyomiOnTheServer(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	spec, err := ParseSpec("1+10bx2", "", true, false)
	if err != nil {
		t.Fatal(err)
	}
	a, b := member(t, s), member(t, s)
	id, code, err := s.Pairing().Invite(ctx, a.ID, spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Pairing().Join(ctx, b.ID, code, start); err != nil {
		t.Fatal(err)
	}
	events, err := s.Events(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	var st proto.StartData
	if err := events[0].Decode(&st); err != nil || st.TimeControl != "1+10bx2" ||
		st.Clock != (proto.Clock{Red: 60000, Black: 60000, RedPeriods: 2, BlackPeriods: 2, RedPeriod: 10000, BlackPeriod: 10000}) {
		t.Fatalf("start %+v %v", st, err)
	}
	red, black := a, b
	if st.Red.ID != a.ID {
		red, black = b, a
	}
	move := func(who Account, ply int, mv string, at time.Duration) proto.Clock {
		t.Helper()
		events, err := s.Round().Move(ctx, who.ID, id, ply, mv, start.Add(at), 0)
		if err != nil || len(events) != 1 {
			t.Fatalf("%s at %v: %+v %v", mv, at, events, err)
		}
		var m proto.MoveData
		if err := events[0].Decode(&m); err != nil {
			t.Fatal(err)
		}
		return m.Clock
	}
	// Red: the minute and 5 s of the first period.
	if c := move(red, 0, "b2b4", 65*time.Second); c.Red != 0 || c.RedPeriods != 2 || c.RedPeriod != 10000 {
		t.Errorf("a move within the period: %+v", c)
	}
	if c := move(black, 1, "b7b5", 66*time.Second); c.Black != 59000 || c.BlackPeriods != 2 {
		t.Errorf("black's quick move: %+v", c)
	}
	// Red: 15 s, over the period: one is gone, the move stands.
	if c := move(red, 2, "b4c4", 81*time.Second); c.RedPeriods != 1 || c.RedPeriod != 10000 {
		t.Errorf("a move over the period: %+v", c)
	}
	move(black, 3, "a9a8", 82*time.Second)
	// Red's last period ends 10 s after black's move.
	if ended, err := s.Sweeper().SweepFlags(ctx, start.Add(91*time.Second)); err != nil || len(ofGame(ended, id)) != 0 {
		t.Fatalf("a sweep within the last period ended %+v %v", ofGame(ended, id), err)
	}
	ended, err := s.Sweeper().SweepFlags(ctx, start.Add(93*time.Second))
	if ended = ofGame(ended, id); err != nil || len(ended) != 1 {
		t.Fatalf("the sweep after the last period: %+v %v", ended, err)
	}
	if end := endOf(t, ended); end.Result != "0-1" || end.Reason != "reason.time" || end.Clock.RedPeriods != 0 || end.Red == nil {
		t.Errorf("flag in byo-yomi: %+v", end)
	}
}

// A 读秒 seek waits for one on the same control: periods and their length count.
func TestByoyomiSeeksPairOnTheSameControl(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	now := time.Now()
	seek := func(tc string) int64 {
		t.Helper()
		spec, err := ParseSpec(tc, "", false, true)
		if err != nil {
			t.Fatal(err)
		}
		id, err := s.Pairing().Seek(ctx, guest(t, s).ID, spec, now)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	if seek("10+30b") != 0 || seek("10+30bx3") != 0 || seek("10+5") != 0 {
		t.Fatal("seeks on different controls were paired")
	}
	if seek("10+30bx3") == 0 {
		t.Error("two seeks on 10+30bx3 were not paired")
	}
}
