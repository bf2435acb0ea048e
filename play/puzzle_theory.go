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
	// Outcome is what the player made of it so far: OutcomeNone while the try goes on.
	Outcome EndgameOutcome
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
	if drawGoal(r.p) {
		return Theory{Draw: true, Outcome: outcomeOf(r)}, true
	}
	return Theory{Winner: r.solver, Outcome: outcomeOf(r)}, true
}

// outcomeOf is how the try ended for the player, read from the game against the engine:
// OutcomeNone while it goes on. Reaching the limit with the game undecided holds a drawn
// ending (OutcomeDrawn) and misses a won one (OutcomeUndecided).
func outcomeOf(r *PuzzleRun) EndgameOutcome {
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
	case drawGoal(r.p) && r.state == RunSolved:
		return OutcomeDrawn
	}
	return OutcomeUndecided
}
