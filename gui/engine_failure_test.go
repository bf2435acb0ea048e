package gui

import (
	"context"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
)

// badSearch answers every search with move, after checking it was asked at all.
func badSearch(calls *int, move engine.Move) func(context.Context, *engine.Position, engine.Limits, func(engine.Info)) engine.Result {
	return func(context.Context, *engine.Position, engine.Limits, func(engine.Info)) engine.Result {
		*calls++
		return engine.Result{Move: move}
	}
}

func TestEngineFailureIsReportedAndRecoverable(t *testing.T) {
	cases := map[string]func(t *testing.T) engine.Move{
		"no move":      func(*testing.T) engine.Move { return engine.NoMove },
		"illegal move": func(t *testing.T) engine.Move { return mv(t, "a0a5") }, // Black to move: a red rook
	}
	for name, badMove := range cases {
		t.Run(name, func(t *testing.T) {
			w, q := openWindow(t, t.TempDir())
			newGame(t, w, game.HumanRed, MinSeconds)
			s := w.Session()
			calls := 0
			s.search = badSearch(&calls, badMove(t))
			var reported error
			s.OnEngineError = func(err error) { reported = err }

			tapPoint(t, w.Board(), "h2")
			tapPoint(t, w.Board(), "e2")
			q.waitFor(t, 10*time.Second, "the failed search to be handled", func() bool { return !s.Thinking() })
			if calls != 1 || reported == nil || s.EngineError() == nil {
				t.Fatalf("failure not reported: calls %d, hook %v, session %v", calls, reported, s.EngineError())
			}
			if s.Game().Ply() != 1 {
				t.Fatalf("ply %d after a bad engine answer, want 1", s.Game().Ply())
			}
			if !strings.Contains(w.status.Text, reported.Error()) {
				t.Errorf("status %q does not say what went wrong", w.status.Text)
			}
			if w.hintBtn.Disabled() || w.undoBtn.Disabled() || w.newBtn.Disabled() {
				t.Fatal("no control left to recover with")
			}

			// Hint retries the engine; with a working search it moves.
			s.search = s.searcher.Search
			test.Tap(w.hintBtn)
			q.waitFor(t, 10*time.Second, "the retried engine move", func() bool { return s.Game().Ply() == 2 })
			if s.EngineError() != nil || s.Thinking() {
				t.Fatalf("after the retry: error %v, thinking %v", s.EngineError(), s.Thinking())
			}

			// A failure again, then Undo takes the player's move back and clears it.
			s.search = badSearch(&calls, badMove(t))
			tapPoint(t, w.Board(), "b2")
			tapPoint(t, w.Board(), "c2")
			q.waitFor(t, 10*time.Second, "the second failed search", func() bool { return s.EngineError() != nil })
			test.Tap(w.undoBtn)
			if s.EngineError() != nil || s.Game().Ply() != 2 || !s.humanToMove() {
				t.Fatalf("after undo: error %v, ply %d, human to move %v", s.EngineError(), s.Game().Ply(), s.humanToMove())
			}
		})
	}
}

func TestHintFailureIsReportedAndPlayGoesOn(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, MinSeconds)
	s := w.Session()
	calls := 0
	s.search = badSearch(&calls, engine.NoMove)
	test.Tap(w.hintBtn)
	q.waitFor(t, 10*time.Second, "the failed hint", func() bool { return s.HintError() != nil })
	if w.Board().View().Hint != engine.NoMove || !strings.Contains(w.status.Text, s.HintError().Error()) {
		t.Fatalf("hint %v, status %q", w.Board().View().Hint, w.status.Text)
	}
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	if s.Game().Ply() != 1 || s.HintError() != nil {
		t.Fatalf("after a move: ply %d, hint error %v", s.Game().Ply(), s.HintError())
	}
}
