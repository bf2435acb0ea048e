package play

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/match/matchtest"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/rules"
)

// The 读秒 presets of New game: 快棋 (every move within 20 s), 10 min + 30 s, 20 min + 60 s,
// and 10 min + 3 × 30 s periods.
var (
	kuaiqi     = match.TimeControl{Byoyomi: 20 * time.Second, Periods: 1}
	byo10x30   = match.TimeControl{Base: 10 * time.Minute, Byoyomi: 30 * time.Second, Periods: 1}
	byo20x60   = match.TimeControl{Base: 20 * time.Minute, Byoyomi: 60 * time.Second, Periods: 1}
	byo10x3x30 = match.TimeControl{Base: 10 * time.Minute, Byoyomi: 30 * time.Second, Periods: 3}
)

// wantClock checks side's whole clock now.
func wantClock(t *testing.T, s *Session, side rules.Color, want match.SideClock) {
	t.Helper()
	if got := s.Clocks().Side(side); got != want {
		t.Errorf("%v's clock is %+v, want %+v", side, got, want)
	}
}

// tick moves the fake time on by d in steps of 100 ms, running what the timers post after
// each step as the UI goroutine would.
func tick(ft *matchtest.FakeTime, q *playtest.UIQueue, d time.Duration) {
	for step := 100 * time.Millisecond; d > 0; d -= step {
		ft.Advance(min(step, d))
		q.Drain()
	}
}

func TestByoyomiStartsWhenTheMainTimeIsSpent(t *testing.T) {
	ft := matchtest.NewFakeTime()
	s, q := clockSession(t, nil, ft, nil)
	if err := s.NewGame(timed(game.HumanBoth, byo10x30)); err != nil {
		t.Fatal(err)
	}
	freeOpening(t, s)
	wantClock(t, s, rules.Red, match.SideClock{Main: 10 * time.Minute, Periods: 1})
	tick(ft, q, 10*time.Minute-time.Second)
	if s.Clocks().Side(rules.Red).InByoyomi(byo10x30) {
		t.Fatal("in byo-yomi with main time left")
	}
	tick(ft, q, 26*time.Second) // 25 s into the period
	wantClock(t, s, rules.Red, match.SideClock{Periods: 1, Used: 25 * time.Second})
	wantLeft(t, s, rules.Red, 5*time.Second)
	if !s.Clocks().Side(rules.Red).InByoyomi(byo10x30) || s.Game().Result().Decided() {
		t.Fatalf("after the main time Red's clock %+v, result %v", s.Clocks().Side(rules.Red), s.Game().Result())
	}
	tapMove(t, s, "h2e2")
	// The move came within the period: Red's next move has a whole period again.
	wantClock(t, s, rules.Red, match.SideClock{Periods: 1})
	wantLeft(t, s, rules.Red, 30*time.Second)
	wantClock(t, s, rules.Black, match.SideClock{Main: 10 * time.Minute, Periods: 1})
}

func TestByoyomiPeriodStartsAfreshOnEveryMove(t *testing.T) {
	ft := matchtest.NewFakeTime()
	s, q := clockSession(t, nil, ft, nil)
	if err := s.NewGame(timed(game.HumanBoth, kuaiqi)); err != nil {
		t.Fatal(err)
	}
	freeOpening(t, s)
	// Ten moves of 19.9 s each: 199 s in all, ten times the period, and no flag.
	for _, m := range []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "c6c5", "c3c4", "a9b9", "a0b0", "g6g5"} {
		tick(ft, q, 19900*time.Millisecond)
		side := s.Game().SideToMove()
		wantClock(t, s, side, match.SideClock{Periods: 1, Used: 19900 * time.Millisecond})
		tapMove(t, s, m)
		wantClock(t, s, side, match.SideClock{Periods: 1})
	}
	if s.Game().Ply() != 12 || s.Game().Result().Decided() {
		t.Fatalf("after ten moves within the period: %d plies, %v", s.Game().Ply(), s.Game().Result())
	}
}

func TestByoyomiPeriodLostAndFlagOnTheLast(t *testing.T) {
	ft := matchtest.NewFakeTime()
	tc := match.TimeControl{Base: time.Minute, Byoyomi: 10 * time.Second, Periods: 3}
	var over []game.Result
	s, q := clockSession(t, nil, ft, nil)
	s.Listen(Listener{GameOver: func(r game.Result) { over = append(over, r) }})
	if err := s.NewGame(timed(game.HumanBoth, tc)); err != nil {
		t.Fatal(err)
	}
	freeOpening(t, s)
	// Red: the minute and 15 s more, one period used up and half the second.
	tick(ft, q, 75*time.Second)
	wantClock(t, s, rules.Red, match.SideClock{Periods: 2, Used: 5 * time.Second})
	tapMove(t, s, "h2e2")
	wantClock(t, s, rules.Red, match.SideClock{Periods: 2})
	tapMove(t, s, "h9g7") // Black at once: its main time barely used
	// Red takes 10 s exactly: the second period is gone too, the last one starts.
	tick(ft, q, 10*time.Second)
	wantClock(t, s, rules.Red, match.SideClock{Periods: 1})
	if s.Game().Result().Decided() {
		t.Fatal("the game ended with a period left")
	}
	tapMove(t, s, "h0g2")
	tapMove(t, s, "i9h9")
	// The last period: 9.9 s is within it, 10 s is a loss on time.
	tick(ft, q, 9900*time.Millisecond)
	if s.Game().Result().Decided() {
		t.Fatal("the game ended inside the last period")
	}
	tick(ft, q, 100*time.Millisecond)
	r := s.Game().Result()
	if r.Status != game.BlackWins || r.Reason != game.ReasonTime || len(over) != 1 {
		t.Fatalf("after Red's last period: %v, announced %d times", r, len(over))
	}
	wantLeft(t, s, rules.Red, 0)
	if _, running := s.Clocks().Running(); running {
		t.Error("a clock runs after the flag fell")
	}
}

func TestKuaiqiFlagWithoutMainTime(t *testing.T) {
	ft := matchtest.NewFakeTime()
	s, q := clockSession(t, nil, ft, nil)
	if err := s.NewGame(timed(game.HumanBoth, kuaiqi)); err != nil {
		t.Fatal(err)
	}
	freeOpening(t, s)
	tapMove(t, s, "h2e2")
	tick(ft, q, 20*time.Second)
	if r := s.Game().Result(); r.Status != game.RedWins || r.Reason != game.ReasonTime {
		t.Fatalf("Black took the whole 快棋 period: %v", r)
	}
}

// A pause (the app away, analysis) stops the period where it is; it goes on from there,
// not afresh, when play resumes.
func TestByoyomiPauseKeepsThePeriodUsed(t *testing.T) {
	ft := matchtest.NewFakeTime()
	s, q := clockSession(t, nil, ft, nil)
	if err := s.NewGame(timed(game.HumanBoth, kuaiqi)); err != nil {
		t.Fatal(err)
	}
	freeOpening(t, s)
	tick(ft, q, 12*time.Second)
	s.Clocks().SetAway(true)
	tick(ft, q, time.Minute)
	wantClock(t, s, rules.Red, match.SideClock{Periods: 1, Used: 12 * time.Second})
	s.Clocks().SetAway(false)
	tick(ft, q, 7*time.Second)
	wantClock(t, s, rules.Red, match.SideClock{Periods: 1, Used: 19 * time.Second})
	tick(ft, q, time.Second)
	if r := s.Game().Result(); r.Reason != game.ReasonTime {
		t.Fatalf("the period ran out after the pause: %v", r)
	}
}

// Taking a move back gives no time back: periods used up stay used up, and the clock
// waits while an earlier position is shown. A move made from there starts the next
// mover's period afresh as any move does.
func TestByoyomiUndoGivesNoTimeBack(t *testing.T) {
	ft := matchtest.NewFakeTime()
	tc := match.TimeControl{Byoyomi: 10 * time.Second, Periods: 3}
	s, q := clockSession(t, nil, ft, nil)
	if err := s.NewGame(timed(game.HumanBoth, tc)); err != nil {
		t.Fatal(err)
	}
	freeOpening(t, s)
	tick(ft, q, 14*time.Second) // Red loses a period
	tapMove(t, s, "h2e2")
	tick(ft, q, 3*time.Second)
	s.Takeback().Undo()
	if _, running := s.Clocks().Running(); running {
		t.Fatal("the clock runs while an earlier position is shown")
	}
	tick(ft, q, time.Minute)
	wantClock(t, s, rules.Red, match.SideClock{Periods: 2})
	wantClock(t, s, rules.Black, match.SideClock{Periods: 3, Used: 3 * time.Second})
	tapMove(t, s, "h2f2") // another move from there: Red's period afresh, Black's runs
	wantClock(t, s, rules.Red, match.SideClock{Periods: 2})
	if side, running := s.Clocks().Running(); !running || side != rules.Black {
		t.Fatalf("after the new move the clock running is %v/%v", side, running)
	}
	tick(ft, q, 2*time.Second)
	wantClock(t, s, rules.Black, match.SideClock{Periods: 3, Used: 5 * time.Second})
}

// The save keeps main time, periods and the period used; a kill -9 loses nothing that
// was saved, and the clock goes on from there.
func TestByoyomiClockRestoredAfterKill(t *testing.T) {
	fs := newMemFS()
	ft := matchtest.NewFakeTime()
	tc := match.TimeControl{Base: time.Minute, Byoyomi: 10 * time.Second, Periods: 3}
	s, q := clockSession(t, fs, ft, nil)
	if err := s.NewGame(timed(game.HumanBoth, tc)); err != nil {
		t.Fatal(err)
	}
	freeOpening(t, s)
	tick(ft, q, 85*time.Second) // Red: the minute, two periods and 5 s of the third
	tapMove(t, s, "h2e2")
	tick(ft, q, 40*time.Second)
	tapMove(t, s, "h9g7") // Black: 40 s of its minute
	tick(ft, q, 4*time.Second)
	s.Clocks().SetAway(true) // saved at once, with the 4 s Red used of its last period
	s.Flush()
	killed := cloneFS(fs)
	s2, q2 := clockSession(t, killed, ft, nil)
	if s2.Clocks().TimeControl() != tc {
		t.Fatalf("time control after a kill: %+v", s2.Clocks().TimeControl())
	}
	wantClock(t, s2, rules.Red, match.SideClock{Periods: 1, Used: 4 * time.Second})
	wantClock(t, s2, rules.Black, match.SideClock{Main: 20 * time.Second, Periods: 3})
	if side, running := s2.Clocks().Running(); !running || side != rules.Red {
		t.Fatalf("after the restart the clock running is %v/%v, want Red's", side, running)
	}
	tick(ft, q2, 6*time.Second)
	if r := s2.Game().Result(); r.Status != game.BlackWins || r.Reason != game.ReasonTime {
		t.Fatalf("Red's last period after the restart: %v", r)
	}
}

// Saves from before byo-yomi have no periods: they open with the clocks they kept, and a
// saved clock without periods under a byo-yomi control gets them all.
func TestSaveWithoutPeriodsOpens(t *testing.T) {
	g, err := game.New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		tc   match.TimeControl
		want [2]match.SideClock
	}{
		{match.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second}, [2]match.SideClock{{Main: 61 * time.Second}, {Main: 62 * time.Second}}},
		{byo10x3x30, [2]match.SideClock{{Main: 61 * time.Second, Periods: 3}, {Main: 62 * time.Second, Periods: 3}}},
	} {
		data, err := encodeSave(g, timed(game.HumanBoth, c.tc), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		var env map[string]json.RawMessage
		if err := json.Unmarshal(data, &env); err != nil {
			t.Fatal(err)
		}
		env["clock"] = json.RawMessage(`{"red":61000,"black":62000}`) // as saves before byo-yomi wrote it
		old, _ := json.Marshal(env)
		saved, err := decodeSave(old)
		if err != nil {
			t.Fatal(err)
		}
		clock := match.RestoreClocks(saved.clock, settingsFrom(saved.settings, English).TimeControl)
		if clock != c.want {
			t.Errorf("%v: restored %+v, want %+v", c.tc, clock, c.want)
		}
	}
	for _, bad := range []string{`{"red":1,"black":1,"redPeriods":-1}`, `{"red":1,"black":1,"blackPeriods":99}`,
		`{"red":1,"black":1,"redUsed":-5}`} {
		data, _ := encodeSave(g, timed(game.HumanBoth, byo10x30), nil, nil)
		var env map[string]json.RawMessage
		_ = json.Unmarshal(data, &env)
		env["clock"] = json.RawMessage(bad)
		damaged, _ := json.Marshal(env)
		if _, err := decodeSave(damaged); err == nil {
			t.Errorf("clock %s accepted", bad)
		}
	}
}

// timedSound is a sound and when it was played.
type timedSound struct {
	at    time.Duration
	sound Sound
}

// stampedRecorder remembers the sounds played and when, on a fake time.
type stampedRecorder struct {
	ft     *matchtest.FakeTime
	start  time.Time
	played []timedSound
}

func (r *stampedRecorder) Play(k Sound) {
	r.played = append(r.played, timedSound{r.ft.Now().Sub(r.start), k})
}

func (r *stampedRecorder) countdowns() []time.Duration {
	var at []time.Duration
	for _, p := range r.played {
		if p.sound == SoundCountdown {
			at = append(at, p.at)
		}
	}
	return at
}

func seconds(from, to int) []time.Duration {
	var out []time.Duration
	for s := from; s <= to; s++ {
		out = append(out, time.Duration(s)*time.Second)
	}
	return out
}

// The 读秒 count: a beep at each whole second from 10 s left to 1 s left of a period,
// once each, on the player's clock only.
func TestByoyomiCountdownBeepsEachSecond(t *testing.T) {
	ft := matchtest.NewFakeTime()
	rec := &stampedRecorder{ft: ft, start: ft.Now()}
	q := &playtest.UIQueue{}
	reply := mv(t, "h9g7")
	s, notice := NewSession(Config{Post: q.Post, Time: ft, Sound: rec,
		Search: func(context.Context, *rules.Position, engine.Limits, func(engine.Info)) engine.SearchResult {
			return engine.SearchResult{Move: reply}
		}})
	if s == nil {
		t.Fatal(notice)
	}
	t.Cleanup(func() { s.Close(); q.Drain() })
	set := timed(game.HumanBoth, match.TimeControl{Byoyomi: 30 * time.Second, Periods: 2})
	set.Sound = true
	if err := s.NewGame(set); err != nil {
		t.Fatal(err)
	}
	freeOpening(t, s)
	// Red lets its first period go (beeps at 20..29 s) and moves 5 s into the second
	// (no beep yet).
	tick(ft, q, 35*time.Second)
	if got, want := rec.countdowns(), seconds(20, 29); !slices.Equal(got, want) {
		t.Fatalf("countdown beeps at %v, want %v", got, want)
	}
	tapMove(t, s, "h2e2")
	rec.played = nil
	// Black thinks 24.5 s: beeps when 10..6 s are left, at 55..59 s from the start; the
	// move stops the count.
	tick(ft, q, 24500*time.Millisecond)
	tapMove(t, s, "h9g7")
	tick(ft, q, 10*time.Second)
	if got, want := rec.countdowns(), seconds(55, 59); !slices.Equal(got, want) {
		t.Fatalf("Black's countdown beeps at %v, want %v", got, want)
	}
	// Sound off: no beeps.
	s.settings.Sound = false
	rec.played = nil
	tick(ft, q, 25*time.Second)
	if got := rec.countdowns(); len(got) != 0 {
		t.Fatalf("beeps with the sound off at %v", got)
	}
}

// The engine's clock counts silently, and the engine is told its main time and period.
func TestByoyomiEngineClockIsSilentAndPlansThePeriod(t *testing.T) {
	ft := matchtest.NewFakeTime()
	rec := &stampedRecorder{ft: ft, start: ft.Now()}
	q := &playtest.UIQueue{}
	thinking := make(chan struct{})
	var got []engine.Limits
	s, notice := NewSession(Config{Post: q.Post, Time: ft, Sound: rec,
		Search: func(ctx context.Context, pos *rules.Position, l engine.Limits, _ func(engine.Info)) engine.SearchResult {
			got = append(got, l)
			<-thinking // the engine answers when the test says so
			reply := "h9g7"
			if pos.Ply() < 2 {
				reply = "b9c7" // its first move, before the clock starts
			}
			m, _ := rules.ParseMove(reply)
			return engine.SearchResult{Move: m}
		}})
	if s == nil {
		t.Fatal(notice)
	}
	t.Cleanup(func() { s.Close(); q.Drain() })
	set := timed(game.HumanRed, match.TimeControl{Base: time.Minute, Byoyomi: 20 * time.Second, Periods: 1})
	set.Sound = true
	if err := s.NewGame(set); err != nil {
		t.Fatal(err)
	}
	// Each side's first move is not timed: Red's, then the engine's reply.
	tapMove(t, s, "b0c2")
	close(thinking)
	q.WaitFor(t, 10*time.Second, "the engine's first reply", func() bool { return s.Game().Ply() == 2 })
	thinking = make(chan struct{})
	got, rec.played = nil, nil
	tick(ft, q, 70*time.Second) // Red: the minute and 10 s of the period, one beep at 10 s left
	tapMove(t, s, "h2e2")
	if n := len(rec.countdowns()); n != 1 {
		t.Errorf("%d beeps on the player's clock, want 1", n)
	}
	rec.played = nil
	tick(ft, q, 75*time.Second) // Black (the engine) thinks into its period
	close(thinking)
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 4 })
	if n := len(rec.countdowns()); n != 0 {
		t.Errorf("%d beeps on the engine's clock", n)
	}
	if len(got) != 1 || got[0].Time != time.Minute || got[0].Byoyomi != 20*time.Second || got[0].MoveTime != 0 {
		t.Fatalf("engine limits %+v", got)
	}
}

// A kill -9 while a side thinks in 读秒 loses at most one checkpoint's worth of the period
// it used: the running clock is saved every checkpointEvery, not only after moves, so the
// side to move does not come back with a fresh period (issue 51: "Byo 7", kill, "Byo 15").
func TestKilledInByoyomiKeepsThePeriodUsed(t *testing.T) {
	fs := newMemFS()
	ft := matchtest.NewFakeTime()
	s, q := clockSession(t, fs, ft, nil)
	if err := s.NewGame(timed(game.HumanBoth, kuaiqi)); err != nil {
		t.Fatal(err)
	}
	freeOpening(t, s)
	tapMove(t, s, "h2e2")
	tick(ft, q, 13*time.Second) // Black's period shows 7 s
	s.Flush()
	killed := cloneFS(fs) // no Close: the process died
	s2, q2 := clockSession(t, killed, ft, nil)
	used := s2.Clocks().Side(rules.Black).Used
	if used < 13*time.Second-checkpointEvery || used > 13*time.Second {
		t.Fatalf("after the kill Black's period has %v used, want 13 s less at most %v", used, checkpointEvery)
	}
	if side, running := s2.Clocks().Running(); !running || side != rules.Black {
		t.Fatalf("after the restart the clock running is %v/%v, want Black's", side, running)
	}
	// The checkpoints stop with the clock: a paused or ended game is not saved again.
	s2.Clocks().SetAway(true)
	s2.Flush()
	killed.mu.Lock()
	before := killed.writes
	killed.mu.Unlock()
	tick(ft, q2, time.Minute)
	s2.Flush()
	killed.mu.Lock()
	defer killed.mu.Unlock()
	if killed.writes != before {
		t.Errorf("a stopped clock was saved %d more times", killed.writes-before)
	}
}

// After a flag falls there is no Undo: the game stays over, in one state (issue 51: the
// status said "Your move" under a clock at 0 and a header saying Black won).
func TestNoUndoAfterLosingOnTime(t *testing.T) {
	ft := matchtest.NewFakeTime()
	reply := func(context.Context, *rules.Position, engine.Limits, func(engine.Info)) engine.SearchResult {
		return engine.SearchResult{Move: mv(t, "h9g7")}
	}
	s, q := clockSession(t, nil, ft, reply)
	if err := s.NewGame(timed(game.HumanRed, kuaiqi)); err != nil {
		t.Fatal(err)
	}
	tapMove(t, s, "h2e2")
	q.Drain()
	s.Engine().Wait()
	q.Drain()
	if s.Game().Ply() != 2 || !s.Takeback().CanUndo() {
		t.Fatalf("after the engine's reply: ply %d, undo %v", s.Game().Ply(), s.Takeback().CanUndo())
	}
	tick(ft, q, 21*time.Second) // Red's 20 s run out
	if r := s.Game().Result(); r.Reason != game.ReasonTime || r.Winner != rules.Black {
		t.Fatalf("Red's flag: %v", r)
	}
	if s.Takeback().CanUndo() {
		t.Fatal("Undo is offered after the flag fell")
	}
	s.Takeback().Undo()
	if s.Game().Ply() != 2 || !s.Game().Result().Decided() || s.HumanToMove() {
		t.Fatalf("after Undo: ply %d, result %v, your move %v", s.Game().Ply(), s.Game().Result(), s.HumanToMove())
	}
}
