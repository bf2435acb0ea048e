package play

import "github.com/xqfyne/xiangqi/game"

// AddFinishedGames puts every game that ends in s into the library; onError (may be nil)
// is told why one could not be added.
func (l *Library) AddFinishedGames(s *Session, onError func(error)) {
	s.Listen(Listener{GameOver: func(game.Result) {
		if _, err := l.Add(s.CurrentRecord(), s.Players()); err != nil && onError != nil {
			onError(err)
		}
	}})
}
