package play

import "github.com/xqfyne/xiangqi/game"

// Listener hears what happens in a session, on the UI goroutine; any of its functions may
// be nil. A session tells any number of listeners, in no promised order, and hearing
// changes nothing in the session: each listener stands on its own.
type Listener struct {
	Change      func(Change)      // something visible changed
	GameOver    func(game.Result) // a move, a resignation, an agreement or a flag ended the game
	SaveError   func(error)       // a save failed
	EngineError func(error)       // the engine's search gave no playable move for its turn
	// Leaving is told the record and players of a game that another (a new game, an
	// opened one) is about to replace while it has moves and has not ended.
	Leaving func(r *game.Record, who Players)
}

// Listen adds a listener.
func (s *Session) Listen(l Listener) { s.listeners = append(s.listeners, l) }

// listeners are a session's listeners, told in turn.
type listeners []Listener

// change tells the listeners what changed.
func (ls listeners) change(c Change) {
	for _, l := range ls {
		if l.Change != nil {
			l.Change(c)
		}
	}
}

// gameOver tells the listeners how the game ended.
func (ls listeners) gameOver(r game.Result) {
	for _, l := range ls {
		if l.GameOver != nil {
			l.GameOver(r)
		}
	}
}

// saveError tells the listeners why a save failed.
func (ls listeners) saveError(err error) {
	for _, l := range ls {
		if l.SaveError != nil {
			l.SaveError(err)
		}
	}
}

// engineError tells the listeners why the engine could not move.
func (ls listeners) engineError(err error) {
	for _, l := range ls {
		if l.EngineError != nil {
			l.EngineError(err)
		}
	}
}

// leaveGame tells the listeners of the game about to be replaced, when it is unfinished
// and has moves: a game left for another is not lost (issue 35).
func (s *Session) leaveGame() {
	if len(s.m.Game().Record().Root.Children) == 0 || s.m.Game().Over() {
		return
	}
	r, who := s.CurrentRecord(), s.Players()
	for _, l := range s.listeners {
		if l.Leaving != nil {
			l.Leaving(r, who)
		}
	}
}
