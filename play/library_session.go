package play

import "github.com/xqfyne/xiangqi/game"

// FileGames puts into the library every game that ends in s, and every unfinished game
// that s leaves for another (a new game, an opened one), which is then listed as
// unfinished and opens where it was, against the same players. kept (may be nil) is
// told of each unfinished game filed, so that the player can go back to it; onError (may
// be nil) why a game could not be filed.
func (l *Library) FileGames(s *Session, kept func(LibraryEntry), onError func(error)) {
	file := func(r *game.Record, who Players) (LibraryEntry, bool) {
		e, err := l.Add(r, who)
		if err != nil && onError != nil {
			onError(err)
		}
		return e, err == nil
	}
	s.Listen(Listener{
		GameOver: func(game.Result) { file(s.CurrentRecord(), s.Players()) },
		Leaving: func(r *game.Record, who Players) {
			if e, ok := file(r, who); ok && kept != nil {
				kept(e)
			}
		},
	})
}
