package play

import (
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

// Theory is the known result of an endgame with best play on both sides: a side wins, or
// it is a draw. The endgames' files tag it ("win": the side to move wins; "draw").
type Theory struct {
	Draw   bool
	Winner rules.Color // when not a draw
}

// EndgameOutcome is how a finished try at endgame training came out for the player.
type EndgameOutcome int

// The outcomes of a try.
const (
	OutcomeNone      EndgameOutcome = iota // not finished, or not endgame training
	OutcomeWon                             // the player won the game
	OutcomeDrawn                           // the game was drawn (by the rules, or held to the limit)
	OutcomeLost                            // the engine won
	OutcomeUndecided                       // the limit of moves came with a win still to find
)

// Theory is the endgame's known result; ok is false for a puzzle with a line.
func (r *PuzzleRun) Theory() (t Theory, ok bool) {
	if r.g == nil || r.p.Kind != puzzle.KindEndgame {
		return Theory{}, false
	}
	if r.drawGoal() {
		return Theory{Draw: true}, true
	}
	return Theory{Winner: r.solver}, true
}

// Outcome is how the try ended for the player, read from the game against the engine:
// OutcomeNone while it goes on. Reaching the limit with the game undecided holds a drawn
// ending (OutcomeDrawn) and misses a won one (OutcomeUndecided).
func (r *PuzzleRun) Outcome() EndgameOutcome {
	if r.g == nil || r.state == RunSolving {
		return OutcomeNone
	}
	res := r.g.Result()
	switch {
	case res.Decided() && res.Status == game.Draw:
		return OutcomeDrawn
	case res.Decided() && res.Winner == r.solver:
		return OutcomeWon
	case res.Decided():
		return OutcomeLost
	case r.drawGoal() && r.state == RunSolved:
		return OutcomeDrawn
	}
	return OutcomeUndecided
}
