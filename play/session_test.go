package play

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/rules"
)

// openSession starts a session on fs (nil: no saving) with the given search (nil: the
// real engine), closed when the test ends.
func openSession(t testing.TB, fs FS, search SearchFunc) (*Session, *playtest.UIQueue, error) {
	t.Helper()
	q := &playtest.UIQueue{}
	var store *Store
	if fs != nil {
		store = NewStore(fs)
	}
	s, notice := NewSession(Config{Store: store, Post: q.Post, Search: search})
	if s == nil {
		t.Fatal(notice)
	}
	t.Cleanup(func() {
		s.Close()
		q.Drain()
	})
	return s, q, notice
}

// fastSettings: the engine at the shortest time, no book, no randomness.
func fastSettings(human game.HumanSide) Settings {
	set := DefaultSettings(English)
	set.Human, set.Seconds, set.Book, set.Random = human, MinSeconds, false, false
	return set
}

func tapMove(t testing.TB, s *Session, text string) {
	t.Helper()
	m := mv(t, text)
	s.Input().Tap(m.From())
	s.Input().Tap(m.To())
}

// answer is a search that always answers move and counts its calls.
func answer(calls *int, move rules.Move) SearchFunc {
	return func(context.Context, *rules.Position, engine.Limits, func(engine.Info)) engine.SearchResult {
		*calls++
		return engine.SearchResult{Move: move}
	}
}

func TestTapsPlayAndEngineReplies(t *testing.T) {
	s, q, _ := openSession(t, nil, nil)
	if err := s.NewGame(fastSettings(game.HumanRed)); err != nil {
		t.Fatal(err)
	}
	var changes Change
	s.Listen(Listener{Change: func(c Change) { changes |= c }})
	s.Input().Tap(sq(t, "h2"))
	if s.Input().Selected() != sq(t, "h2") || !slices.Contains(s.Input().Targets(), sq(t, "e2")) {
		t.Fatalf("selection %v targets %v", s.Input().Selected(), s.Input().Targets())
	}
	s.Input().Tap(sq(t, "e2"))
	if s.Game().Ply() != 1 || s.Input().Animate() != mv(t, "h2e2") || !s.Engine().Thinking() {
		t.Fatalf("after the move: ply %d, animate %v, thinking %v", s.Game().Ply(), s.Input().Animate(), s.Engine().Thinking())
	}
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 2 })
	if changes != ChangeAll || s.Engine().Thinking() || !s.HumanToMove() {
		t.Fatalf("changes %b, thinking %v", changes, s.Engine().Thinking())
	}
	s.Takeback().Undo()
	if s.Game().Ply() != 0 || !s.Takeback().CanRedo() {
		t.Fatalf("undo: ply %d", s.Game().Ply())
	}
	s.Takeback().Redo()
	if s.Game().Ply() != 2 {
		t.Fatalf("redo: ply %d", s.Game().Ply())
	}
}

// A dragged piece is played like two taps but not animated; a drop from a point that is
// not the mover's piece does nothing.
func TestDropPlaysWithoutAnimation(t *testing.T) {
	s, _, _ := openSession(t, nil, nil)
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	s.Input().Drop(sq(t, "h7"), sq(t, "e7")) // a black cannon, Red to move
	if s.Game().Ply() != 0 {
		t.Fatal("a drop of the opponent's piece was played")
	}
	s.Input().Drop(sq(t, "h2"), sq(t, "e2"))
	if s.Game().LastMove() != mv(t, "h2e2") || s.Input().Animate() != rules.NoMove {
		t.Fatalf("drop: last %v animate %v", s.Game().LastMove(), s.Input().Animate())
	}
}

func TestEngineFailureIsReportedAndRetried(t *testing.T) {
	for name, bad := range map[string]string{"no move": "", "illegal move": "a0a5"} {
		t.Run(name, func(t *testing.T) {
			calls := 0
			badMove := rules.NoMove
			if bad != "" {
				badMove = mv(t, bad) // Black to move: a red rook
			}
			search := answer(&calls, badMove)
			s, q, _ := openSession(t, nil, func(ctx context.Context, p *rules.Position, l engine.Limits, f func(engine.Info)) engine.SearchResult {
				return search(ctx, p, l, f)
			})
			if err := s.NewGame(fastSettings(game.HumanRed)); err != nil {
				t.Fatal(err)
			}
			var reported error
			s.Listen(Listener{EngineError: func(err error) { reported = err }})
			tapMove(t, s, "h2e2")
			q.WaitFor(t, 10*time.Second, "the failed search", func() bool { return !s.Engine().Thinking() })
			if calls != 1 || reported == nil || s.Engine().Error() == nil || s.Game().Ply() != 1 {
				t.Fatalf("calls %d, hook %v, session %v, ply %d", calls, reported, s.Engine().Error(), s.Game().Ply())
			}
			if s.Engine().CanHint() || !s.Engine().CanRetry() || !s.Takeback().CanUndo() {
				t.Fatalf("hint %v retry %v undo %v", s.Engine().CanHint(), s.Engine().CanRetry(), s.Takeback().CanUndo())
			}
			s.Engine().AskHint() // not the player's turn: nothing happens
			if calls != 1 {
				t.Fatal("Hint searched while the engine was to move")
			}
			search = answer(&calls, mv(t, "h9g7"))
			s.Engine().Retry()
			q.WaitFor(t, 10*time.Second, "the retried move", func() bool { return s.Game().Ply() == 2 })
			if s.Engine().Error() != nil || s.Engine().CanRetry() {
				t.Fatalf("after the retry: error %v", s.Engine().Error())
			}
			search = answer(&calls, badMove)
			tapMove(t, s, "b2c2")
			q.WaitFor(t, 10*time.Second, "the second failure", func() bool { return s.Engine().Error() != nil })
			s.Takeback().Undo()
			if s.Engine().Error() != nil || s.Game().Ply() != 2 || !s.HumanToMove() {
				t.Fatalf("after undo: error %v, ply %d", s.Engine().Error(), s.Game().Ply())
			}
		})
	}
}

func TestHintFailureIsReportedAndPlayGoesOn(t *testing.T) {
	calls := 0
	s, q, _ := openSession(t, nil, answer(&calls, rules.NoMove))
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	s.Engine().AskHint()
	q.WaitFor(t, 10*time.Second, "the failed hint", func() bool { return s.Engine().HintError() != nil })
	if s.Input().Hint() != rules.NoMove {
		t.Fatalf("hint %v after a failed search", s.Input().Hint())
	}
	tapMove(t, s, "h2e2")
	if s.Game().Ply() != 1 || s.Engine().HintError() != nil {
		t.Fatalf("after a move: ply %d, hint error %v", s.Game().Ply(), s.Engine().HintError())
	}
}

// The engine is told the moves the judge would punish: here, chasing the undefended
// cannon once more would lose by perpetual chase.
func TestEngineSearchBansPerpetualChase(t *testing.T) {
	var banned []rules.Move
	s, q := chaseSession(t, fastSettings(game.HumanBoth), func(_ context.Context, _ *rules.Position, lim engine.Limits, _ func(engine.Info)) engine.SearchResult {
		banned = lim.BanMoves
		return engine.SearchResult{Move: mv(t, "b5b1")}
	})
	s.Engine().AskHint()
	q.WaitFor(t, 10*time.Second, "hint", func() bool { return s.Input().Hint() != rules.NoMove })
	if !slices.Equal(banned, []rules.Move{mv(t, "b5a5")}) {
		t.Fatalf("search banned %v, want [b5a5]", banned)
	}
}

// The book, rules and strength travel with each search (engine.Limits.Style): settings
// changed while the engine thinks leave that search alone and reach the next one.
func TestSettingsChangedWhileThinkingApplyToNextSearch(t *testing.T) {
	var mu sync.Mutex
	var styles []engine.Style
	gate := make(chan struct{}, 2)
	search := func(_ context.Context, pos *rules.Position, lim engine.Limits, _ func(engine.Info)) engine.SearchResult {
		mu.Lock()
		styles = append(styles, *lim.Style)
		mu.Unlock()
		<-gate // the engine answers when the test says so
		return engine.SearchResult{Move: pos.LegalMoves()[0]}
	}
	s, q, _ := openSession(t, nil, search)
	if err := s.NewGame(fastSettings(game.HumanRed)); err != nil {
		t.Fatal(err)
	}
	tapMove(t, s, "h2e2")
	set := s.Settings()
	set.Book, set.Rules = true, game.ChineseRules
	if err := s.ApplySettings(set); err != nil || !s.Engine().Thinking() {
		t.Fatalf("settings applied while thinking: %v, thinking %v", err, s.Engine().Thinking())
	}
	gate <- struct{}{}
	q.WaitFor(t, 10*time.Second, "reply", func() bool { return s.Game().Ply() == 2 })
	next := s.Game().View().LegalMoves()[0]
	s.Input().Tap(next.From())
	s.Input().Tap(next.To())
	gate <- struct{}{}
	q.WaitFor(t, 10*time.Second, "second reply", func() bool { return s.Game().Ply() == 4 })
	mu.Lock()
	defer mu.Unlock()
	if len(styles) != 2 || styles[0].BookProbe != nil || styles[0].Rules != game.AsianRules ||
		styles[1].BookProbe == nil || styles[1].Rules != game.ChineseRules {
		t.Fatalf("searches ran with %+v, want the Asian rules without book, then the Chinese rules with it", styles)
	}
	if err := s.ApplySettings(Settings{Seconds: 0}); err == nil {
		t.Fatal("ApplySettings accepted 0 seconds")
	}
}

// An illegal tap says why; the next tap clears the reason.
func TestIllegalTapSaysWhy(t *testing.T) {
	s, _, _ := openSession(t, nil, nil)
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	s.Input().Tap(sq(t, "b0"))
	s.Input().Tap(sq(t, "d1")) // the horse's leg c0 holds the elephant
	if s.Input().Illegal() != game.HorseLegBlocked || s.Input().Rejected() != sq(t, "d1") || s.Input().Selected() != sq(t, "b0") {
		t.Fatalf("illegal %v rejected %v selected %v", s.Input().Illegal(), s.Input().Rejected(), s.Input().Selected())
	}
	s.Input().Tap(sq(t, "h2"))
	if s.Input().Illegal() != game.NotIllegal {
		t.Fatalf("reason %v kept after another tap", s.Input().Illegal())
	}
}

// A piece picked while the engine thinks stays selected, with its targets, once the
// engine has moved.
func TestPieceSelectedDuringEngineTurn(t *testing.T) {
	release := make(chan struct{})
	s, q, _ := openSession(t, nil, func(ctx context.Context, _ *rules.Position, _ engine.Limits, _ func(engine.Info)) engine.SearchResult {
		select {
		case <-release:
		case <-ctx.Done():
		}
		return engine.SearchResult{Move: mv(t, "h9g7")}
	})
	if err := s.NewGame(fastSettings(game.HumanRed)); err != nil {
		t.Fatal(err)
	}
	tapMove(t, s, "h2e2")
	s.Input().Tap(sq(t, "b0"))
	if !s.Engine().Thinking() || s.Input().Selected() != sq(t, "b0") || len(s.Input().Targets()) != 0 {
		t.Fatalf("thinking %v, selected %v, targets %v", s.Engine().Thinking(), s.Input().Selected(), s.Input().Targets())
	}
	s.Input().Tap(sq(t, "h9")) // the engine's pieces cannot be picked
	if s.Input().Selected() != sq(t, "b0") {
		t.Fatal("an engine piece was selected")
	}
	close(release)
	q.WaitFor(t, 10*time.Second, "the engine's move", func() bool { return s.Game().Ply() == 2 })
	if s.Input().Selected() != sq(t, "b0") || !slices.Contains(s.Input().Targets(), sq(t, "c2")) {
		t.Fatalf("after the reply: selected %v, targets %v", s.Input().Selected(), s.Input().Targets())
	}
	s.Input().Tap(sq(t, "c2"))
	if s.Game().LastMove() != mv(t, "b0c2") {
		t.Fatalf("the preselected horse did not move: last %v", s.Game().LastMove())
	}
}

// The end of the game is announced once, when the deciding move is played, not again
// when it is replayed.
func TestGameOverAnnouncedOnce(t *testing.T) {
	fs := newMemFS()
	g, err := game.New("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if err := NewStore(fs).Save(g, fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	s, _, _ := openSession(t, fs, nil)
	announced := 0
	s.Listen(Listener{GameOver: func(game.Result) { announced++ }})
	tapMove(t, s, "b0b9")
	if !s.Game().Result().Decided() || announced != 1 {
		t.Fatalf("mate: decided %v, announced %d", s.Game().Result().Decided(), announced)
	}
	s.Takeback().Undo()
	s.Takeback().Redo()
	if !s.Game().Result().Decided() || announced != 1 {
		t.Fatalf("after undo and redo: announced %d times", announced)
	}
}

// chaseSession opens a two-player game with the given search (nil: the real engine) in
// which Red's b5a5 would lose by perpetually chasing the cannon.
func chaseSession(t *testing.T, set Settings, search SearchFunc) (*Session, *playtest.UIQueue) {
	t.Helper()
	fs := newMemFS()
	g, err := game.New("5k3/9/1c7/9/R8/9/9/9/9/3K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"a5b5", "b7a7", "b5a5", "a7b7", "a5b5", "b7a7"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	if err := NewStore(fs).Save(g, set); err != nil {
		t.Fatal(err)
	}
	s, q, _ := openSession(t, fs, search)
	return s, q
}

// Before a move that loses by a repetition rule the player is warned; the move is played
// only when confirmed. With the warning off it is played at once.
func TestRepetitionWarning(t *testing.T) {
	s, _ := chaseSession(t, fastSettings(game.HumanBoth), nil)
	var why game.Verdict
	var playAnyway func()
	s.OnRepetitionWarning = func(v game.Verdict, play func()) { why, playAnyway = v, play }
	tapMove(t, s, "b5a5")
	if playAnyway == nil || s.Game().Ply() != 6 || why.Loser != rules.Red || why.Violation != rules.PerpetualChase {
		t.Fatalf("warning %+v, ply %d", why, s.Game().Ply())
	}
	playAnyway()
	tapMove(t, s, "a7b7") // Black completes the repetition
	if s.Game().Ply() != 8 || !s.Game().Result().Decided() {
		t.Fatalf("after confirming: ply %d, result %v", s.Game().Ply(), s.Game().Result())
	}
	if v, ok := s.Game().RepetitionVerdict(); !ok || v.Loser != rules.Red {
		t.Fatalf("verdict %+v %v", v, ok)
	}

	set := fastSettings(game.HumanBoth)
	set.WarnRepetition = false
	s2, _ := chaseSession(t, set, nil)
	warned := false
	s2.OnRepetitionWarning = func(game.Verdict, func()) { warned = true }
	tapMove(t, s2, "b5a5")
	if warned || s2.Game().Ply() != 7 {
		t.Fatalf("warning off: warned %v, ply %d", warned, s2.Game().Ply())
	}
}

// The rule set is a setting: saved with the game, given to the engine, and deciding the
// verdict.
func TestRuleSetSetting(t *testing.T) {
	fs := newMemFS()
	s, _, _ := openSession(t, fs, nil)
	set := fastSettings(game.HumanBoth)
	set.Rules = game.ChineseRules
	if err := s.NewGame(set); err != nil {
		t.Fatal(err)
	}
	if s.Game().Rules() != game.ChineseRules || s.Engine().style(0).Rules != game.ChineseRules {
		t.Fatalf("game rules %v, engine rules %v", s.Game().Rules(), s.Engine().style(0).Rules)
	}
	s.Close()
	s2, _, _ := openSession(t, fs, nil)
	if s2.Settings().Rules != game.ChineseRules || s2.Game().Rules() != game.ChineseRules {
		t.Fatalf("restored rules %v, the game judged by %v", s2.Settings().Rules, s2.Game().Rules())
	}
}

// While an online game is in play the engine's help is off: no hint, no analysis, no
// review; analysis running when the lock comes stops, and all comes back after it.
func TestHelpLockedForAnOnlineGame(t *testing.T) {
	calls := 0
	s, q, _ := openSession(t, nil, answer(&calls, mv(t, "h2e2")))
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	tapMove(t, s, "b2e2")
	s.Analysis().Set(true)
	s.SetHelpLocked(true)
	q.Drain()
	if s.Analysis().On() || s.Engine().CanHint() {
		t.Fatalf("locked: analysing %v, can hint %v", s.Analysis().On(), s.Engine().CanHint())
	}
	calls = 0
	s.Engine().AskHint()
	s.Analysis().Set(true)
	if err := s.Review().Start(ReviewOptions{Depth: 1}); err == nil {
		t.Error("a review started while locked")
	}
	q.Drain()
	if s.Analysis().On() || calls != 0 || s.Input().Hint() != rules.NoMove {
		t.Fatalf("locked, yet analysing %v, %d searches, hint %v", s.Analysis().On(), calls, s.Input().Hint())
	}
	s.SetHelpLocked(false)
	if !s.Engine().CanHint() {
		t.Fatal("no hint after the lock")
	}
	s.Analysis().Set(true)
	if !s.Analysis().On() {
		t.Fatal("no analysis after the lock")
	}
	s.Analysis().Set(false)
}
