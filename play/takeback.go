package play

import (
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// Takeback takes moves back and replays them, as a part of a Session: against the engine a
// takeback lands where the player is to move.
type Takeback struct{ s *Session }

// Takeback returns the session's takebacks.
func (s *Session) Takeback() Takeback { return Takeback{s} }

// sideAt returns the side to move at ply p of the current line.
func (tb Takeback) sideAt(p int) rules.Color {
	if (tb.s.m.Game().Ply()-p)%2 == 0 {
		return tb.s.m.Game().SideToMove()
	}
	return tb.s.m.Game().SideToMove().Opponent()
}

// CanUndo reports whether Undo would take a move back.
func (tb Takeback) CanUndo() bool { return tb.undoTarget() >= 0 }

// undoTarget is the ply Undo goes back to, or -1. Against the engine it takes back the
// engine's reply and the player's own move, landing where the player is to move. A game
// lost on time stays lost: a fallen flag ends the game under every rule book and the
// clock gives no time back, so taking moves back would only show a position to move in
// with an empty clock and a result already declared (issue 51). Browsing still shows it.
func (tb Takeback) undoTarget() int {
	if r := tb.s.m.Result(); r.Reason == game.ReasonTime || r.Reason == game.ReasonTimeNoAttackers {
		return -1
	}
	t := tb.s.m.Game().Ply() - 1
	if tb.s.settings.Human == game.HumanBoth {
		return t
	}
	for t > 0 && !tb.s.settings.Human.Plays(tb.sideAt(t)) {
		t--
	}
	if t < 0 || !tb.s.settings.Human.Plays(tb.sideAt(t)) {
		return -1
	}
	return t
}

// Undo takes back moves (see undoTarget), cancelling a running search. A different move
// played then carries the game on: its line becomes the main line, the moves taken back a
// variation.
func (tb Takeback) Undo() {
	t := tb.undoTarget()
	if t < 0 {
		return
	}
	tb.s.Engine().cancel()
	if err := tb.s.m.Game().TakeBack(t); err != nil {
		return
	}
	tb.s.engineView, tb.s.editedAfterEnd = engineView{}, false
	tb.s.Input().clearMarks()
	tb.s.save()
	tb.s.changed(ChangeAll)
	tb.s.Engine().maybeStart()
}

// CanRedo reports whether Redo would replay a move.
func (tb Takeback) CanRedo() bool { return tb.s.m.Game().Ply() < tb.s.m.Game().Len() }

// Redo replays taken-back moves: against the engine up to the player's next turn.
func (tb Takeback) Redo() {
	if !tb.CanRedo() {
		return
	}
	tb.s.Engine().cancel()
	tb.s.m.Game().Redo()
	for tb.s.settings.Human != game.HumanBoth && !tb.s.settings.Human.Plays(tb.s.m.Game().SideToMove()) && tb.s.m.Game().Redo() {
	}
	tb.s.moved(true, false)
}
