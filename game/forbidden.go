package game

import "github.com/xqfyne/xiangqi/engine"

// ForbiddenMoves returns the legal moves of the side to move that would hand
// the opponent a win by the repetition rules (perpetual check or chase): a
// move after which the judge already gives the game to the opponent, or a
// move back into an earlier position after which some reply of the opponent
// completes the repetition that the mover loses. These are the moves a
// referee bans (UCCI "banmoves") and the app's engine must not play. When
// every legal move is forbidden the side loses whatever it plays, and the
// result is nil: there is nothing to choose between.
func (g *Game) ForbiddenMoves() []engine.Move {
	if g.Result().Decided() {
		return nil
	}
	mover := g.pos.Side()
	pos := g.pos.Copy()
	legal := pos.LegalMoves()
	var forbidden []engine.Move
	for _, m := range legal {
		if !pos.MakeMove(m) {
			continue
		}
		if losesByRepetition(judge(pos), mover) || pos.RepStatus(1)&engine.RepFound != 0 && replyWinsByRepetition(pos, mover) {
			forbidden = append(forbidden, m)
		}
		pos.UnmakeMove()
	}
	if len(forbidden) == len(legal) {
		return nil
	}
	return forbidden
}

// replyWinsByRepetition reports whether the side to move in pos has a reply
// after which the judge gives the game against loser by perpetual check or chase.
func replyWinsByRepetition(pos *engine.Position, loser engine.Color) bool {
	for _, r := range pos.LegalMoves() {
		if !pos.MakeMove(r) {
			continue
		}
		lost := losesByRepetition(judge(pos), loser)
		pos.UnmakeMove()
		if lost {
			return true
		}
	}
	return false
}

func losesByRepetition(r Result, c engine.Color) bool {
	return r.Decided() && r.Status != Draw && r.Winner != c &&
		(r.Reason == ReasonPerpetualCheck || r.Reason == ReasonPerpetualChase)
}
