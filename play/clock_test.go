package play

import (
	"context"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/match/matchtest"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/rules"
)

// clockSession opens a session on fs with a fake time source.
func clockSession(t *testing.T, fs FS, ft *matchtest.FakeTime, search SearchFunc) (*Session, *playtest.UIQueue) {
	t.Helper()
	q := &playtest.UIQueue{}
	var store *Store
	if fs != nil {
		store = NewStore(fs)
	}
	s, notice := NewSession(Config{Store: store, Post: q.Post, Search: search, Time: ft})
	if s == nil {
		t.Fatal(notice)
	}
	t.Cleanup(func() {
		s.Close()
		q.Drain()
	})
	return s, q
}

func timed(human game.HumanSide, tc match.TimeControl) Settings {
	set := fastSettings(human)
	set.TimeControl = tc
	return set
}

// freeOpening plays each side's first move, which no clock charges (freeOpeningPlies), with
// moves that leave the cannons' and the central pawns' moves of the tests free.
func freeOpening(t *testing.T, s *Session) {
	t.Helper()
	tapMove(t, s, "b0c2")
	tapMove(t, s, "b9c7")
	if _, running := s.Clocks().Running(); !running {
		t.Fatal("the clock does not run after each side's first move")
	}
}

func wantLeft(t *testing.T, s *Session, side rules.Color, want time.Duration) {
	t.Helper()
	if got := s.Clocks().Left(side); got != want {
		t.Errorf("%v has %v left, want %v", side, got, want)
	}
}

func TestClockRunsForTheSideToMoveWithIncrement(t *testing.T) {
	ft := matchtest.NewFakeTime()
	s, _ := clockSession(t, nil, ft, nil)
	if err := s.NewGame(timed(game.HumanBoth, match.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second})); err != nil {
		t.Fatal(err)
	}
	// No clock runs until each side has made its first move; each first move earns the
	// increment.
	for _, m := range []string{"b0c2", "b9c7"} {
		if _, running := s.Clocks().Running(); running {
			t.Fatalf("a clock runs at ply %d", s.Game().Ply())
		}
		ft.Advance(time.Hour)
		tapMove(t, s, m)
	}
	if r := s.Game().Result(); r.Decided() {
		t.Fatalf("an hour before each first move: %v", r)
	}
	if side, running := s.Clocks().Running(); !running || side != rules.Red {
		t.Fatalf("after the first moves the clock running is %v/%v, want Red's", side, running)
	}
	ft.Advance(20 * time.Second)
	wantLeft(t, s, rules.Red, 4*time.Minute+43*time.Second)
	tapMove(t, s, "h2e2")
	// Red used 20 s and gained the 3 s increment; Black's clock now runs.
	wantLeft(t, s, rules.Red, 4*time.Minute+46*time.Second)
	ft.Advance(7 * time.Second)
	wantLeft(t, s, rules.Black, 4*time.Minute+56*time.Second)
	wantLeft(t, s, rules.Red, 4*time.Minute+46*time.Second)
	if side, _ := s.Clocks().Running(); side != rules.Black {
		t.Errorf("after Red's move %v's clock runs", side)
	}
}

func TestFlagFallLosesOnTime(t *testing.T) {
	ft := matchtest.NewFakeTime()
	var over []game.Result
	s, q := clockSession(t, nil, ft, nil)
	s.Listen(Listener{GameOver: func(r game.Result) { over = append(over, r) }})
	if err := s.NewGame(timed(game.HumanBoth, match.TimeControl{Base: time.Minute, Increment: 0})); err != nil {
		t.Fatal(err)
	}
	freeOpening(t, s)
	tapMove(t, s, "h2e2")
	ft.Advance(59 * time.Second)
	q.Drain()
	if s.Game().Result().Decided() {
		t.Fatal("the game ended before Black's minute was up")
	}
	ft.Advance(time.Second)
	q.Drain()
	r := s.Game().Result()
	if r.Status != game.RedWins || r.Reason != game.ReasonTime || len(over) != 1 {
		t.Fatalf("after Black's flag fell: %v, announced %d times", r, len(over))
	}
	if _, running := s.Clocks().Running(); running {
		t.Error("a clock still runs after the game ended")
	}
	wantLeft(t, s, rules.Black, 0)
	// A move tapped after the flag fell is not played.
	tapMove(t, s, "h9g7")
	if s.Game().Ply() != 3 {
		t.Errorf("a move was played after the flag fell")
	}
}

func TestMoveAfterTheTimeRanOutLosesOnTime(t *testing.T) {
	// The timer's post has not run yet when the late move arrives: the move must lose.
	ft := matchtest.NewFakeTime()
	s, _ := clockSession(t, nil, ft, nil)
	if err := s.NewGame(timed(game.HumanBoth, match.TimeControl{Base: time.Minute, Increment: 5 * time.Second})); err != nil {
		t.Fatal(err)
	}
	freeOpening(t, s)
	ft.Advance(66 * time.Second) // the minute and the first move's 5 s: the flag timer posts; the queue is not drained
	tapMove(t, s, "h2e2")
	if r := s.Game().Result(); r.Status != game.BlackWins || r.Reason != game.ReasonTime || s.Game().Len() != 2 {
		t.Fatalf("a move after the time ran out: result %v, %d moves", r, s.Game().Len())
	}
}

func TestFlagFallIsDrawWhenTheWinnerCannotMate(t *testing.T) {
	fs := newMemFS()
	// Red (a rook) to move against advisors and elephants only.
	g, err := game.New("3akab2/9/4b4/9/9/9/9/9/4R4/4K4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	set := timed(game.HumanBoth, match.TimeControl{Base: time.Minute, Increment: 0})
	if err := NewStore(fs).Save(g, set); err != nil {
		t.Fatal(err)
	}
	ft := matchtest.NewFakeTime()
	s, q := clockSession(t, fs, ft, nil)
	tapMove(t, s, "e1d1") // each side's first move, before the clock starts
	tapMove(t, s, "g9i7")
	ft.Advance(time.Minute)
	q.Drain()
	if r := s.Game().Result(); r.Status != game.Draw || r.Reason != game.ReasonTimeNoAttackers {
		t.Fatalf("Red's flag fell against a side that cannot mate: %v", r)
	}
}

func TestClockRestoredAfterRestart(t *testing.T) {
	fs := newMemFS()
	ft := matchtest.NewFakeTime()
	s, q := clockSession(t, fs, ft, nil)
	if err := s.NewGame(timed(game.HumanBoth, match.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second})); err != nil {
		t.Fatal(err)
	}
	freeOpening(t, s)
	ft.Advance(90 * time.Second)
	tapMove(t, s, "h2e2") // Red: 10:00 + 0:05 (its first move) − 1:30 + 0:05 = 8:40
	ft.Advance(40 * time.Second)
	s.Flush()
	// The app is killed here: the save holds the clocks as of the last move.
	s2, q2 := clockSession(t, cloneFS(fs), ft, nil)
	if s2.Clocks().TimeControl() != (match.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}) {
		t.Fatalf("time control after a kill: %v", s2.Clocks().TimeControl())
	}
	wantLeft(t, s2, rules.Red, 8*time.Minute+40*time.Second)
	wantLeft(t, s2, rules.Black, 10*time.Minute+5*time.Second)
	if side, running := s2.Clocks().Running(); !running || side != rules.Black {
		t.Errorf("after the restart the clock running is %v/%v, want Black's", side, running)
	}
	q2.Drain()
	// A clean close keeps the time used since the last move too.
	s.Close()
	q.Drain()
	s3, _ := clockSession(t, fs, ft, nil)
	wantLeft(t, s3, rules.Black, 10*time.Minute+5*time.Second-40*time.Second)
}

// cloneFS copies the files of fs, as a disk looks after the app was killed.
func cloneFS(fs *memFS) *memFS {
	out := newMemFS()
	fs.mu.Lock()
	defer fs.mu.Unlock()
	for name, data := range fs.files {
		out.files[name] = append([]byte(nil), data...)
	}
	return out
}

func TestEngineOnTheClockPlansFromTimeLeft(t *testing.T) {
	ft := matchtest.NewFakeTime()
	var got []engine.Limits
	s, q := clockSession(t, nil, ft, func(_ context.Context, pos *rules.Position, l engine.Limits, _ func(engine.Info)) engine.SearchResult {
		got = append(got, l)
		reply := "h2e2"
		if pos.Side() == rules.Black {
			reply = "h9g7"
		}
		m, _ := rules.ParseMove(reply)
		return engine.SearchResult{Move: m}
	})
	if err := s.NewGame(timed(game.HumanRed, match.TimeControl{Base: 15 * time.Minute, Increment: 10 * time.Second})); err != nil {
		t.Fatal(err)
	}
	ft.Advance(time.Minute)
	tapMove(t, s, "h2e2")
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 2 })
	if len(got) != 1 {
		t.Fatalf("%d searches", len(got))
	}
	l := got[0]
	if l.MoveTime != 0 || l.Time != 15*time.Minute || l.Increment != 10*time.Second {
		t.Errorf("engine limits on the clock: movetime %v, time %v, increment %v", l.MoveTime, l.Time, l.Increment)
	}
	// A hint is not a move on the clock: it keeps the short per-move time.
	s.Engine().AskHint()
	q.WaitFor(t, 10*time.Second, "the hint", func() bool { return !s.Engine().Hinting() })
	if h := got[len(got)-1]; h.MoveTime == 0 || h.Time != 0 {
		t.Errorf("hint limits: movetime %v, time %v", h.MoveTime, h.Time)
	}
}

func TestUntimedGameHasNoClock(t *testing.T) {
	ft := matchtest.NewFakeTime()
	s, _ := clockSession(t, nil, ft, nil)
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	ft.Advance(time.Hour)
	tapMove(t, s, "h2e2")
	if _, running := s.Clocks().Running(); running || s.Game().Result().Decided() {
		t.Errorf("an untimed game runs a clock")
	}
	if tc := s.Settings().encode()[keyTimeControl]; tc != "" {
		t.Errorf("untimed game saved time control %q", tc)
	}
}

// While the app is away (a phone app in the background) the clock stops, and the time
// used up to that moment is saved at once: a kill in the background loses none of it.
func TestClockWaitsWhileTheAppIsAway(t *testing.T) {
	fs := newMemFS()
	ft := matchtest.NewFakeTime()
	s, _ := clockSession(t, fs, ft, nil)
	if err := s.NewGame(timed(game.HumanBoth, match.TimeControl{Base: 5 * time.Minute, Increment: 0})); err != nil {
		t.Fatal(err)
	}
	freeOpening(t, s)
	tapMove(t, s, "h2e2")
	ft.Advance(25 * time.Second)
	s.Clocks().SetAway(true)
	if _, running := s.Clocks().Running(); running {
		t.Fatal("the clock runs while the app is away")
	}
	s.Flush()
	killed := cloneFS(fs)
	ft.Advance(10 * time.Minute) // longer than the whole game's time: no flag falls
	if s.Game().Result().Decided() {
		t.Fatalf("the game ended while away: %v", s.Game().Result())
	}
	wantLeft(t, s, rules.Black, 5*time.Minute-25*time.Second)
	s.Clocks().SetAway(false)
	if side, running := s.Clocks().Running(); !running || side != rules.Black {
		t.Fatalf("back from away the clock running is %v/%v, want Black's", side, running)
	}
	ft.Advance(5 * time.Second)
	wantLeft(t, s, rules.Black, 5*time.Minute-30*time.Second)
	// The app was killed in the background: the save has the time up to going away.
	s2, _ := clockSession(t, killed, ft, nil)
	wantLeft(t, s2, rules.Black, 5*time.Minute-25*time.Second)
}
