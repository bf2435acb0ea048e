package play

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	"github.com/xqfyne/xiangqi/game"
)

// OpenRecord replaces the session's game by r (an imported file, a paste, a library
// entry): the board shows the end of its main line and the game is saved at once. A
// record that says who played keeps that (so an unfinished game against the engine goes
// on against it); any other record is opened for two people, so the engine does not start
// moving in a game someone is studying. On an error nothing changes.
func (s *Session) OpenRecord(r *game.Record) error {
	if r == nil {
		return errors.New("open: no game")
	}
	g, err := r.Game()
	if err != nil {
		return fmt.Errorf("open: %w", err)
	}
	set := s.settings
	switch r.Meta.Human {
	case game.HumanRed, game.HumanBlack, game.HumanBoth:
		set.Human = r.Meta.Human
	default:
		set.Human = game.HumanBoth
	}
	set.Flipped = set.Human == game.HumanBlack
	if CheckSeconds(r.Meta.DifficultySeconds) == nil {
		set.Seconds = r.Meta.DifficultySeconds
	}
	set.TimeControl = TimeControl{} // a game opened from a file is studied, not timed
	s.replaceGame(g, r, set)
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
	g.Meta.Date = time.Now().Format("2006.01.02")
	set.Flipped = set.Human == game.HumanBlack
	s.replaceGame(g, nil, set)
	return nil
}

// CurrentRecord returns the session's game as a record (its whole line, metadata and
// declared result), for export, copying and the library. The record is a copy: changing
// it does not change the game.
func (s *Session) CurrentRecord() *game.Record {
	var buf bytes.Buffer
	if err := s.Record().SaveRecord(&buf); err == nil {
		if rec, err := game.LoadRecord(&buf); err == nil {
			// The tree keeps no verdict; the game shown knows how its line ended.
			if r := game.RecordFromGame(s.g).Result; r.Decided() && !rec.Result.Decided() {
				rec.Result = r
			}
			return rec
		}
	}
	return game.RecordFromGame(s.g) // the main line at least, should the tree not copy
}

// replaceGame makes g the session's game, with rec its record (variations and comments;
// nil: g's own line): the engine stops and forgets the old game, the clock starts anew,
// the new game is saved and shown, and the engine moves if it is its turn.
func (s *Session) replaceGame(g *game.Game, rec *game.Record, set Settings) {
	s.cancelSearch()
	s.running.Wait()
	s.searcher.Clear()
	s.disarmFlag()
	s.g, s.settings, s.engineView, s.clock = g, set, engineView{}, newGameClock(set.TimeControl)
	if rec != nil {
		s.tree = gameTree{rec: rec, of: g}
	}
	s.settings.Record(g)
	s.configureEngine()
	s.clearMarks()
	s.save()
	s.changed(ChangeAll)
	s.maybeStartEngine()
}
