package play

import (
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

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
func (s *Session) atEnd() bool { return s.m.AtEnd() }

// resigner is the side that resigns: the player's against the engine, the side to move
// between two players.
func (s *Session) resigner() rules.Color {
	if s.settings.Human == game.HumanBoth {
		return s.m.Game().SideToMove()
	}
	if s.settings.Human == game.HumanBlack {
		return rules.Black
	}
	return rules.Red
}

// CanResign reports whether the player can resign now.
func (s *Session) CanResign() bool { return s.atEnd() }

// Resign ends the game with the player (between two players, the side to move) losing by
// resignation; the engine stops at once.
func (s *Session) Resign() {
	if !s.CanResign() {
		return
	}
	s.cancelSearch()
	if err := s.m.Resign(s.resigner()); err != nil {
		return
	}
	s.ended()
}

// CanOfferDraw reports whether the player may offer a draw: on the player's turn.
func (s *Session) CanOfferDraw() bool { return s.atEnd() && s.HumanToMove() }

// OfferDraw offers a draw. The engine answers at once (see drawAcceptScore); between two
// players the other player answers through AcceptDraw.
func (s *Session) OfferDraw() DrawAnswer {
	if !s.CanOfferDraw() {
		return DrawDeclined
	}
	if s.settings.Human == game.HumanBoth {
		return DrawAskOpponent
	}
	v := s.engineView
	if s.m.Game().Ply() < minDrawOfferPlies || !v.known || v.score > drawAcceptScore {
		return DrawDeclined
	}
	s.AcceptDraw()
	return DrawAccepted
}

// AcceptDraw ends the game as a draw by agreement.
func (s *Session) AcceptDraw() {
	if !s.atEnd() {
		return
	}
	s.cancelSearch()
	if err := s.m.AgreeDraw(); err != nil {
		return
	}
	s.ended()
}

// ended saves and shows a game ended by a declared result, and announces it.
func (s *Session) ended() {
	s.sound(s.endSound(s.m.Game().Result()))
	s.clearMarks()
	s.save()
	s.changed(ChangeAll)
	s.notifyGameOver(s.m.Game().Result())
}
