package store

import (
	"context"
	"slices"
	"testing"
	"time"
)

// An account's ended games are listed newest first, bounded; its games in play and other
// accounts' games are not.
func TestEndedGames(t *testing.T) {
	s := openStore(t)
	ctx := context.Background()
	start := time.Now()
	me := guest(t, s)
	game := func() int64 {
		t.Helper()
		if id, err := s.Pairing().Seek(ctx, me.ID, blitz, start); err != nil || id != 0 {
			t.Fatalf("my seek: game %d, %v", id, err)
		}
		id, err := s.Pairing().Seek(ctx, guest(t, s).ID, blitz, start)
		if err != nil || id == 0 {
			t.Fatalf("the opponent's seek: game %d, %v", id, err)
		}
		return id
	}
	if got, err := s.EndedGames(ctx, me.ID, 10); err != nil || len(got) != 0 {
		t.Fatalf("no game yet: %v %v", got, err)
	}
	var ended []int64
	for range 4 {
		id := game()
		events, err := s.Round().Resign(ctx, me.ID, id, start)
		if err != nil {
			t.Fatal(err)
		}
		// The end says when, by the database's clock, so that a game filed late has its day.
		if at := endOf(t, events).At; at.Before(start.Add(-time.Minute)) || at.After(time.Now().Add(time.Minute)) {
			t.Errorf("ended at %v, the test ran from %v", at, start)
		}
		ended = append(ended, id)
	}
	playing := game()
	other, _, _ := pair(t, s, blitz, start)
	slices.Reverse(ended)
	got, err := s.EndedGames(ctx, me.ID, 10)
	if err != nil || !slices.Equal(got, ended) {
		t.Errorf("ended games %v %v, want %v (not %d in play, nor %d of others)", got, err, ended, playing, other)
	}
	if got, err := s.EndedGames(ctx, me.ID, 3); err != nil || !slices.Equal(got, ended[:3]) {
		t.Errorf("the newest 3: %v %v, want %v", got, err, ended[:3])
	}
	if _, err := s.Round().Resign(ctx, me.ID, playing, start); err != nil {
		t.Fatal(err)
	}
	if got, err := s.EndedGames(ctx, me.ID, 1); err != nil || !slices.Equal(got, []int64{playing}) {
		t.Errorf("once it ended: %v %v, want [%d]", got, err, playing)
	}
}
