package match

import (
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match/matchtest"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/rules"
)

// A match plays on its own, as a server would hold one: moves charge the mover's clock and
// give the increment, the flag falls when the time runs out, and the game ends on time.
func TestMatchWithoutSession(t *testing.T) {
	ft := matchtest.NewFakeTime()
	q := &playtest.UIQueue{}
	g, err := game.New("")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMatch(g, TimeControl{Base: time.Minute, Increment: 2 * time.Second}, nil, ft, q.Post)
	flags := 0
	m.OnFlagFall = func() { flags++ }
	m.RunClock(false)
	if side, running := m.ClockRunning(); !running || side != rules.Red || m.ToMove() != rules.Red {
		t.Fatalf("clock %v %v", side, running)
	}
	ft.Advance(10 * time.Second)
	if err := m.Play(mv(t, "h2e2")); err != nil {
		t.Fatal(err)
	}
	m.RunClock(false)
	if got := m.ClockLeft(rules.Red); got != 52*time.Second {
		t.Fatalf("Red has %v after 10 s and the increment", got)
	}
	if err := m.Play(mv(t, "h2e2")); err == nil {
		t.Fatal("an illegal move was played")
	}
	ft.Advance(time.Minute)
	q.Drain()
	if flags != 1 || m.Result().Reason != game.ReasonTime || m.Result().Winner != rules.Red {
		t.Fatalf("after Black's minute: %d flags, %v", flags, m.Result())
	}
	m.RunClock(false)
	if _, running := m.ClockRunning(); running {
		t.Fatal("the clock runs after the game ended")
	}
	if err := m.Resign(rules.Red); err == nil {
		t.Fatal("resigned a decided game")
	}
}

// A move made after the mover's time ran out, before the flag timer fired, loses on time.
func TestMatchMoveAfterTimeRanOut(t *testing.T) {
	ft := matchtest.NewFakeTime()
	g, err := game.New("")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMatch(g, TimeControl{Base: time.Minute, Increment: 0}, &[2]SideClock{{Main: time.Second}, {Main: time.Minute}}, ft, func(func()) {})
	m.RunClock(false)
	ft.Advance(2 * time.Second) // the timer's call is posted nowhere: only the move can notice
	if err := m.Play(mv(t, "h2e2")); err != ErrTimeUp {
		t.Fatalf("move after the time ran out: %v", err)
	}
	if m.Result().Reason != game.ReasonTime || m.Game().Len() != 0 {
		t.Fatalf("result %v, %d moves", m.Result(), m.Game().Len())
	}
	// Untimed and paused matches run no clock.
	m2 := NewMatch(playedGame(t, "h2e2"), TimeControl{}, nil, ft, func(func()) {})
	m2.RunClock(false)
	if _, running := m2.ClockRunning(); running || !m2.AtEnd() {
		t.Fatal("an untimed match runs a clock")
	}
	if err := m2.AgreeDraw(); err != nil || m2.Result().Reason != game.ReasonAgreement {
		t.Fatalf("agreed draw: %v %v", err, m2.Result())
	}
}

// A followed match takes the authority's clocks as given and counts the running side's
// on from the moment they were set; a told move is checked by the rules.
func TestToldMatchFollowsTheAuthority(t *testing.T) {
	ft := matchtest.NewFakeTime()
	g, _ := game.New("")
	tc := TimeControl{Base: time.Minute, Byoyomi: 10 * time.Second, Periods: 3}
	m := NewMatch(g, tc, nil, ft, func(func()) {})
	m.RunClock(false)
	ft.Advance(5 * time.Second)
	told := [2]SideClock{rules.Red: {Main: 40 * time.Second, Periods: 3}, rules.Black: {Main: 0, Periods: 0, Used: 10 * time.Second}}
	if err := m.Told(matchtest.Move(t, "h2e2"), told, false); err != nil {
		t.Fatal(err)
	}
	if got := m.Clock(rules.Red); got != told[rules.Red] {
		t.Fatalf("red's clock %+v, want the told %+v (no increment, no charge)", got, told[rules.Red])
	}
	if got := m.Clock(rules.Black); got.Periods != 0 {
		t.Fatalf("black's told clock %+v was brought within the control's bounds", got)
	}
	m.SetClocks([2]SideClock{rules.Red: told[rules.Red], rules.Black: {Main: 30 * time.Second, Periods: 3}})
	ft.Advance(2 * time.Second)
	if got := m.Clock(rules.Black).Main; got != 28*time.Second {
		t.Fatalf("black's running clock %v, want 28s counted from the told 30s", got)
	}
	if err := m.Told(matchtest.Move(t, "h2e2"), told, false); err == nil {
		t.Fatal("an illegal told move was recorded")
	}
	if g.Len() != 1 {
		t.Fatalf("%d moves recorded, want 1", g.Len())
	}
}
