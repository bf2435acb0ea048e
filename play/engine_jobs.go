package play

import (
	"context"
	"errors"
	"fmt"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/rules"
)

// maxHintSeconds caps the time a hint may take, whatever the difficulty.
const maxHintSeconds = 3.0

// engineRandomness is the root noise used when "vary the engine's moves" is on
// (evaluation units; a rook is about 200).
const engineRandomness = 8

// Thinking reports whether the engine is searching for its move.
func (s *Session) Thinking() bool { return s.thinking }

// EngineError returns why the engine could not make its move, or nil.
func (s *Session) EngineError() error { return s.engineErr }

// HintError returns why the last hint gave no move, or nil.
func (s *Session) HintError() error { return s.hintErr }

// Hinting reports whether the engine is searching for a hint.
func (s *Session) Hinting() bool { return s.hinting }

// EngineMoveFromBook reports whether the engine's last move came from the opening book.
func (s *Session) EngineMoveFromBook() bool { return s.fromBook }

// Progress returns the latest search progress report.
func (s *Session) Progress() engine.Info { return s.info }

// CanHint reports whether AskHint would ask the engine for a move.
func (s *Session) CanHint() bool { return s.HumanToMove() && !s.hinting && !s.helpLocked }

// AskHint asks the engine for a move for the player; it is shown on the board.
func (s *Session) AskHint() {
	if !s.CanHint() {
		return
	}
	s.marks.hint, s.hintErr = rules.NoMove, nil
	s.startSearch(true)
}

// CanRetryEngine reports whether it is the engine's turn but its last search failed.
func (s *Session) CanRetryEngine() bool {
	return s.engineErr != nil && !s.thinking && !s.m.Game().Result().Decided() && s.settings.engineMoves(s.m.Game().SideToMove())
}

// RetryEngine lets the engine search again after a search that gave no playable move.
func (s *Session) RetryEngine() {
	if !s.CanRetryEngine() {
		return
	}
	s.engineErr = nil
	s.startSearch(false)
}

// EngineWaits reports that the engine is to move but waits, as after a move of a finished
// game was deleted (it does not take the edit as a cue to play on): play goes on when the
// player takes back (Undo), or goes back and plays another move.
func (s *Session) EngineWaits() bool {
	return s.editedAfterEnd && !s.thinking && !s.m.Game().Result().Decided() && s.settings.engineMoves(s.m.Game().SideToMove()) && !s.freeMoves()
}

// maybeStartEngine starts the engine's search when it is to move.
func (s *Session) maybeStartEngine() {
	if s.thinking || s.editedAfterEnd || s.m.Game().Result().Decided() || !s.settings.engineMoves(s.m.Game().SideToMove()) || s.freeMoves() {
		return
	}
	s.startSearch(false)
}

// configureEngine applies the book, randomness and rules settings. A search copies the
// searcher's options when it starts, so a change during a search applies to the next.
func (s *Session) configureEngine() {
	randomness := 0
	if s.settings.Random {
		randomness = engineRandomness
	}
	s.searcher.SetRandomness(randomness)
	s.searcher.SetBookProbe(bookProbe(s.book, s.settings.Book, s.settings.Random))
	s.searcher.SetRules(s.settings.Rules)
}

func (s *Session) startSearch(hint bool) {
	s.cancelSearch()
	if hint {
		s.hinting = true
	} else {
		s.thinking = true
	}
	s.info = engine.Info{}
	seconds := s.settings.Seconds
	if hint && seconds > maxHintSeconds {
		seconds = maxHintSeconds
	}
	pos := s.m.Game().Position()
	elo := s.settings.searchElo(hint) // levels.go
	s.searcher.SetElo(elo)
	s.searcher.SetNet(s.netFor(elo)) // evaluation.go
	// The search judges repetitions by the game's rules too, but it sees a loss only
	// where its tree reaches one; the moves the judge would punish are banned at the
	// root, as a referee bans them.
	limits := engine.Limits{MoveTime: secondsToDuration(seconds), BanMoves: s.m.Game().ForbiddenMoves()}
	if tc := s.m.TimeControl(); tc.Timed() && !hint {
		// On a clock the engine plans its own time from what is left, not by the level's
		// seconds per move.
		limits.MoveTime = 0
		clock := s.Clock(pos.Side())
		limits.Time, limits.Increment = max(clock.Main, 0), tc.Increment
		if tc.IsByoyomi() {
			// The period the engine may spend on this move: what is left of the current
			// one (all of it, unless the clock was stopped mid-move). Later periods are a
			// reserve it does not plan to use.
			limits.Byoyomi = clock.PeriodLeft(tc)
		}
	}
	search := s.search
	s.changed(ChangeStatus | ChangeControls)
	s.run(&s.searchJob, func(ctx context.Context, deliver func(func())) {
		res := search(ctx, pos, limits, func(info engine.Info) {
			if !hint {
				deliver(func() {
					s.info = info
					s.changed(ChangeStatus)
				})
			}
		})
		deliver(func() { s.searchDone(hint, res) })
	})
}

// searchDone applies a finished search (the job drops one the game moved on from).
func (s *Session) searchDone(hint bool, res engine.SearchResult) {
	s.searchJob.finished()
	s.thinking, s.hinting = false, false
	pos := s.m.Game().Position()
	var bad error
	switch {
	case res.Move == rules.NoMove:
		bad = errors.New("the search returned no move")
	case !pos.IsLegal(res.Move):
		bad = fmt.Errorf("the search returned the illegal move %v", res.Move)
	}
	if hint {
		if bad == nil {
			s.marks.hint = res.Move
		}
		s.hintErr = bad
		s.changed(ChangeBoard | ChangeStatus | ChangeControls)
		return
	}
	if bad == nil {
		s.fromBook = res.FromBook
		if !res.FromBook {
			s.engineView = engineView{score: res.Score, known: true}
		}
		if err := s.play(res.Move, true); err != nil {
			bad = fmt.Errorf("the game rejected the move %v: %w", res.Move, err)
		}
	}
	if bad != nil {
		s.engineFailed(bad)
	}
}

// engineFailed stops waiting for the engine after a search without a playable move and
// reports why; the user can retry, take back or start a new game.
func (s *Session) engineFailed(err error) {
	s.engineErr = err
	s.changed(ChangeStatus | ChangeControls)
	s.notifyEngineError(err)
}

// cancelSearch stops a running search at once and makes its result stale.
func (s *Session) cancelSearch() {
	s.searchJob.stop()
	if s.thinking || s.hinting {
		s.thinking, s.hinting = false, false
		s.changed(ChangeStatus | ChangeControls)
	}
}
