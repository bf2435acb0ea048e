package play

import (
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// Endings are the endings a player declares, as a part of a Session: resigning, offering
// and accepting a draw; and what follows every end of the game.
type Endings struct{ s *Session }

// Endings returns the session's declared endings.
func (s *Session) Endings() Endings { return Endings{s} }

// The engine looks at a draw offer only after minDrawOfferPlies plies (twenty moves
// each), and accepts it when its own score from its last search is at most
// drawAcceptScore (about a pawn): it does not give away a game it is winning.
const (
	minDrawOfferPlies = 40
	drawAcceptScore   = 10
)

// DrawAnswer is what came of a draw offer.
type DrawAnswer uint8

const (
	DrawDeclined    DrawAnswer = iota // the engine declined; the game goes on
	DrawAccepted                      // the game ended in a draw by agreement
	DrawAskOpponent                   // two players: the other player must answer (AcceptDraw)
)

// engineView is the engine's last judgement of the game, for draw offers.
type engineView struct {
	score int  // from the engine's side, after its last searched move
	known bool // false until the engine has searched a move (book moves say nothing)
}

// atEnd reports whether the game is at the end of its line and undecided, where a
// result can be declared.
func (en Endings) atEnd() bool { return en.s.m.AtEnd() }

// resigner is the side that resigns: the player's against the engine, the side to move
// between two players.
func (en Endings) resigner() rules.Color {
	if en.s.settings.Human == game.HumanBoth {
		return en.s.m.Game().SideToMove()
	}
	if en.s.settings.Human == game.HumanBlack {
		return rules.Black
	}
	return rules.Red
}

// CanResign reports whether the player can resign now.
func (en Endings) CanResign() bool { return en.atEnd() }

// Resign ends the game with the player (between two players, the side to move) losing by
// resignation; the engine stops at once.
func (en Endings) Resign() {
	if !en.CanResign() {
		return
	}
	en.s.Engine().cancel()
	if err := en.s.m.Resign(en.resigner()); err != nil {
		return
	}
	en.ended()
}

// CanOfferDraw reports whether the player may offer a draw: on the player's turn.
func (en Endings) CanOfferDraw() bool { return en.atEnd() && en.s.HumanToMove() }

// OfferDraw offers a draw. The engine answers at once (see drawAcceptScore); between two
// players the other player answers through AcceptDraw.
func (en Endings) OfferDraw() DrawAnswer {
	if !en.CanOfferDraw() {
		return DrawDeclined
	}
	if en.s.settings.Human == game.HumanBoth {
		return DrawAskOpponent
	}
	v := en.s.engineView
	if en.s.m.Game().Ply() < minDrawOfferPlies || !v.known || v.score > drawAcceptScore {
		return DrawDeclined
	}
	en.AcceptDraw()
	return DrawAccepted
}

// AcceptDraw ends the game as a draw by agreement.
func (en Endings) AcceptDraw() {
	if !en.atEnd() {
		return
	}
	en.s.Engine().cancel()
	if err := en.s.m.AgreeDraw(); err != nil {
		return
	}
	en.ended()
}

// ended saves and shows a game ended by a declared result, and announces it.
func (en Endings) ended() {
	en.s.sound(endSound(en.s.m.Game().Result(), en.s.settings.Human))
	en.s.Input().clearMarks()
	en.s.save()
	en.s.changed(ChangeAll)
	en.announce(en.s.m.Game().Result())
}

// announce tells the listeners the game is over, after emptying the engine's table: the
// finished game's entries serve no search to come (a new game clears them anyway), and a
// small table's pages go back to the system when cleared (engine.TranspositionTable.Clear),
// which is a phone's memory between games (docs/budget.md). An engine job still running
// (a hint asked for just before the end) is stopped first: no search may use the table
// while it is cleared.
func (en Endings) announce(r game.Result) {
	en.s.Engine().cancel()
	en.s.running.Wait()
	en.s.searcher.Clear()
	en.s.listeners.gameOver(r)
}
