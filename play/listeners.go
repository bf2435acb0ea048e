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
func (s *Session) Listen(l Listener) { s.listeners.Listen(l) }

// Listeners are the listeners of a session, an online controller or a puzzle run, told in
// turn on the UI goroutine: the one way the controller's parts tell the view of a change.
type Listeners []Listener

// Listen adds l; forget takes it away again (a screen that is left stops hearing).
func (ls *Listeners) Listen(l Listener) (forget func()) {
	*ls = append(*ls, l)
	i := len(*ls) - 1
	return func() { (*ls)[i] = Listener{} }
}

// Changed tells the listeners what changed.
func (ls Listeners) Changed(c Change) { ls.change(c) }

// change tells the listeners what changed.
func (ls Listeners) change(c Change) {
	for _, l := range ls {
		if l.Change != nil {
			l.Change(c)
		}
	}
}

// gameOver tells the listeners how the game ended.
func (ls Listeners) gameOver(r game.Result) {
	for _, l := range ls {
		if l.GameOver != nil {
			l.GameOver(r)
		}
	}
}

// saveError tells the listeners why a save failed.
func (ls Listeners) saveError(err error) {
	for _, l := range ls {
		if l.SaveError != nil {
			l.SaveError(err)
		}
	}
}

// engineError tells the listeners why the engine could not move.
func (ls Listeners) engineError(err error) {
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
