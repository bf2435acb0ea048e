package play

import "github.com/xqfyne/xiangqi/game"

// AddFinishedGames puts every game that ends in s into the library, before the view
// hears of the end; onError (may be nil) is told why one could not be added. Call it
// after the view has set s.OnGameOver.
func (l *Library) AddFinishedGames(s *Session, onError func(error)) {
	announce := s.OnGameOver
	s.OnGameOver = func(r game.Result) {
		if _, err := l.Add(s.CurrentRecord(), s.Players()); err != nil && onError != nil {
			onError(err)
		}
		if announce != nil {
			announce(r)
		}
	}
}
