package play

import (
	"context"
	"errors"
	"fmt"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// EngineTurn is the engine's side of a Session: its moves and the hints it gives, run as
// background jobs, and what became of the last one.
type EngineTurn struct{ s *Session }

// Engine returns the session's engine turns and hints.
func (s *Session) Engine() EngineTurn { return EngineTurn{s} }

// maxHintSeconds caps the time a hint may take, whatever the difficulty.
const maxHintSeconds = 3.0

// engineRandomness is the root noise used when "vary the engine's moves" is on
// (evaluation units; a rook is about 200).
const engineRandomness = 8

// Thinking reports whether the engine is searching for its move.
func (et EngineTurn) Thinking() bool { return et.s.thinking }

// Error returns why the engine could not make its move, or nil.
func (et EngineTurn) Error() error { return et.s.engineErr }

// HintError returns why the last hint gave no move, or nil.
func (et EngineTurn) HintError() error { return et.s.hintErr }

// Hinting reports whether the engine is searching for a hint.
func (et EngineTurn) Hinting() bool { return et.s.hinting }

// FromBook reports whether the engine's last move came from the opening book.
func (et EngineTurn) FromBook() bool { return et.s.fromBook }

// Progress returns the latest search progress report.
func (et EngineTurn) Progress() engine.Info { return et.s.info }

// CanHint reports whether AskHint would ask the engine for a move.
func (et EngineTurn) CanHint() bool { return et.s.HumanToMove() && !et.s.hinting && !et.s.helpLocked }

// AskHint asks the engine for a move for the player; it is shown on the board.
func (et EngineTurn) AskHint() {
	if !et.CanHint() {
		return
	}
	et.s.marks.hint, et.s.hintErr = rules.NoMove, nil
	et.start(true)
}

// CanRetry reports whether it is the engine's turn but its last search failed.
func (et EngineTurn) CanRetry() bool {
	return et.s.engineErr != nil && !et.s.thinking && !et.s.m.Game().Result().Decided() && et.s.settings.engineMoves(et.s.m.Game().SideToMove())
}

// Retry lets the engine search again after a search that gave no playable move.
func (et EngineTurn) Retry() {
	if !et.CanRetry() {
		return
	}
	et.s.engineErr = nil
	et.start(false)
}

// Waits reports that the engine is to move but waits, as after a move of a finished
// game was deleted (it does not take the edit as a cue to play on): play goes on when the
// player takes back (Undo), or goes back and plays another move.
func (et EngineTurn) Waits() bool {
	return et.s.editedAfterEnd && !et.s.thinking && !et.s.m.Game().Result().Decided() && et.s.settings.engineMoves(et.s.m.Game().SideToMove()) && !et.s.Browser().freeMoves()
}

// maybeStart starts the engine's search when it is to move.
func (et EngineTurn) maybeStart() {
	if et.s.thinking || et.s.editedAfterEnd || et.s.m.Game().Result().Decided() || !et.s.settings.engineMoves(et.s.m.Game().SideToMove()) || et.s.Browser().freeMoves() {
		return
	}
	et.start(false)
}

// style is how the engine's search for a move (elo from the level, 0 for a hint) plays:
// the settings' book, randomness and rules and the evaluation for that strength, passed
// with the search instead of set on the shared searcher.
func (et EngineTurn) style(elo int) *engine.Style {
	st := &engine.Style{Elo: elo, Net: et.s.netFor(elo), Rules: et.s.settings.Rules,
		BookProbe: bookProbe(et.s.book, et.s.settings.Book, et.s.settings.Random)}
	if et.s.settings.Random {
		st.Randomness = engineRandomness
	}
	return st
}

func (et EngineTurn) start(hint bool) {
	et.cancel()
	if hint {
		et.s.hinting = true
	} else {
		et.s.thinking = true
	}
	et.s.info = engine.Info{}
	seconds := et.s.settings.Seconds
	if hint && seconds > maxHintSeconds {
		seconds = maxHintSeconds
	}
	pos := et.s.m.Game().Position()
	elo := et.s.settings.searchElo(hint) // levels.go
	// The search judges repetitions by the game's rules too, but it sees a loss only
	// where its tree reaches one; the moves the judge would punish are banned at the
	// root, as a referee bans them.
	limits := engine.Limits{MoveTime: secondsToDuration(seconds), BanMoves: et.s.m.Game().ForbiddenMoves(), Style: et.style(elo)}
	if tc := et.s.m.TimeControl(); tc.Timed() && !hint {
		// On a clock the engine plans its own time from what is left, not by the level's
		// seconds per move.
		limits.MoveTime = 0
		clock := et.s.Clocks().Side(pos.Side())
		limits.Time, limits.Increment = max(clock.Main, 0), tc.Increment
		if tc.IsByoyomi() {
			// The period the engine may spend on this move: what is left of the current
			// one (all of it, unless the clock was stopped mid-move). Later periods are a
			// reserve it does not plan to use.
			limits.Byoyomi = clock.PeriodLeft(tc)
		}
	}
	search := et.s.search
	et.s.changed(ChangeStatus | ChangeControls)
	et.s.searchJob.run(&et.s.running, et.s.post, func(ctx context.Context, deliver func(func())) {
		res := search(ctx, pos, limits, func(info engine.Info) {
			if !hint {
				deliver(func() {
					et.s.info = info
					et.s.changed(ChangeStatus)
				})
			}
		})
		deliver(func() { et.done(hint, res) })
	})
}

// done applies a finished search (the job drops one the game moved on from).
func (et EngineTurn) done(hint bool, res engine.SearchResult) {
	et.s.searchJob.finished()
	et.s.thinking, et.s.hinting = false, false
	var bad error
	lm, legal := et.s.m.Game().Legal(res.Move) // judged once: played as judged
	switch {
	case res.Move == rules.NoMove:
		bad = errors.New("the search returned no move")
	case !legal && !et.s.m.Game().Result().Decided():
		bad = fmt.Errorf("the search returned the illegal move %v", res.Move)
	}
	if hint {
		if bad == nil {
			et.s.marks.hint = res.Move
		}
		et.s.hintErr = bad
		et.s.changed(ChangeBoard | ChangeStatus | ChangeControls)
		return
	}
	if bad == nil {
		et.s.fromBook = res.FromBook
		if !res.FromBook {
			et.s.engineView = engineView{score: res.Score, known: true}
		}
		err := game.ErrGameOver // judged not legal yet no illegal move: the game is decided
		if legal {
			err = et.s.play(lm, true)
		}
		if err != nil {
			bad = fmt.Errorf("the game rejected the move %v: %w", res.Move, err)
		}
	}
	if bad != nil {
		et.failed(bad)
	}
}

// failed stops waiting for the engine after a search without a playable move and
// reports why; the user can retry, take back or start a new game.
func (et EngineTurn) failed(err error) {
	et.s.engineErr = err
	et.s.changed(ChangeStatus | ChangeControls)
	et.s.listeners.engineError(err)
}

// cancel stops a running search at once and makes its result stale.
func (et EngineTurn) cancel() {
	et.s.searchJob.stop()
	if et.s.thinking || et.s.hinting {
		et.s.thinking, et.s.hinting = false, false
		et.s.changed(ChangeStatus | ChangeControls)
	}
}

// Wait waits until the background search, if any, has returned (its result may still wait
// to be posted). Safe from any goroutine.
func (et EngineTurn) Wait() { et.s.running.Wait() }
