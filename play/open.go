package play

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
)

// Players says who played a game: the side(s) a person played (empty: unknown) and the
// engine's time per move (zero: unknown). The app keeps it beside the game record.
type Players struct {
	Human   game.HumanSide
	Seconds float64
}

// Players returns who plays the session's game.
func (s *Session) Players() Players {
	return Players{Human: s.settings.Human, Seconds: s.settings.Seconds}
}

// OpenRecord replaces the session's game by r (an imported file, a paste, a library
// entry), which the session then owns: the board shows the end of its main line and the
// game is saved at once. A game whose players are known keeps them (so an unfinished game
// against the engine goes on against it); any other is opened for two people, so the
// engine does not start moving in a game someone is studying. On an error nothing
// changes.
func (s *Session) OpenRecord(r *game.Record, who Players) error {
	if r == nil {
		return errors.New("open: no game")
	}
	// A game that could not be saved, or not filed in the library, is refused now rather
	// than lost at the next start.
	if err := r.SaveRecord(io.Discard); err != nil {
		return fmt.Errorf("open: %w", err)
	}
	g, err := game.Open(r, nil)
	if err != nil {
		return fmt.Errorf("open: %w", err)
	}
	set := s.settings
	switch who.Human {
	case game.HumanRed, game.HumanBlack, game.HumanBoth:
		set.Human = who.Human
	default:
		set.Human = game.HumanBoth
	}
	set.Flipped = set.Human == game.HumanBlack
	if CheckSeconds(who.Seconds) == nil {
		set.Seconds = who.Seconds
	}
	set.TimeControl = match.TimeControl{} // a game opened from a file is studied, not timed
	s.replaceGame(g, set)
	return nil
}

// NewGameFrom starts a new game from a position given as a FEN (the board editor's
// result), with the given settings; the board faces the human. On an error nothing
// changes.
func (s *Session) NewGameFrom(fen string, set Settings) error {
	if err := CheckSeconds(set.Seconds); err != nil {
		return err
	}
	g, err := game.New(fen)
	if err != nil {
		return err
	}
	g.Record().Meta.Date = time.Now().Format("2006.01.02")
	set.Flipped = set.Human == game.HumanBlack
	s.replaceGame(g, set)
	return nil
}

// CurrentRecord returns a copy of the session's game record (its tree, metadata and
// recorded result), for export, copying and the library: changing it does not change the
// game.
func (s *Session) CurrentRecord() *game.Record { return s.m.Game().Record().Copy() }

// replaceGame makes g the session's game: the listeners hear of the old game when it is
// unfinished (Listener.Leaving), the engine stops and forgets it, the
// clock starts anew, the new game is saved and shown, and the engine moves if it is its
// turn.
func (s *Session) replaceGame(g *game.Game, set Settings) {
	s.leaveGame()
	s.Engine().cancel()
	s.running.Wait()
	s.searcher.Clear()
	s.m.StopClock()
	s.Review().forget() // its marks belong to the game replaced
	s.settings, s.engineView, s.editedAfterEnd = set, engineView{}, false
	s.m = s.newMatch(g, nil)
	g.SetRules(set.Rules)
	s.Input().clearMarks()
	s.save()
	s.changed(ChangeAll)
	s.Engine().maybeStart()
}
