package play

import (
	"slices"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/rules"
)

// EndgameMoves is the limit of the player's moves in endgame training: a win must come
// within it, a draw is held by reaching it.
const EndgameMoves = 60

// drawGoal tells whether an endgame is to be held to a draw (themes "draw").
func (r *PuzzleRun) drawGoal() bool { return slices.Contains(r.p.Themes, "draw") }

// playEndgame plays the player's move in endgame training, then lets the engine answer.
func (r *PuzzleRun) playEndgame(m rules.Move) {
	if err := r.g.Play(m); err != nil {
		r.marks.rejected = m.To()
		return
	}
	r.pos = r.g.Position()
	r.last, r.marks.animate = m, m
	if r.judgeEndgame() {
		return
	}
	r.status = i18n.Message{Key: "status.thinking"}
	r.search(r.g.Position(), r.t.cfg.EngineLimits, func(res engine.SearchResult) {
		if res.Move == rules.NoMove || r.g.Play(res.Move) != nil {
			r.state = RunFailed
			r.status = i18n.Message{Key: "puzzle.engineFailed"}
			return
		}
		r.pos = r.g.Position()
		r.last, r.marks.animate = res.Move, res.Move
		if !r.judgeEndgame() {
			r.status = i18n.Message{Key: "status.yourMove", Args: i18n.Args{"Side": i18n.Message{Key: sideKey(r.solver)}}}
		}
	})
}

// judgeEndgame ends the training when the game is decided or the player has made
// EndgameMoves moves, and tells whether it ended.
func (r *PuzzleRun) judgeEndgame() bool {
	res := r.g.Result()
	moves := (r.g.Ply() + 1) / 2
	won := res.Decided() && res.Status != game.Draw && res.Winner == r.solver
	lost := res.Decided() && res.Status != game.Draw && res.Winner != r.solver
	drawn := res.Decided() && res.Status == game.Draw
	switch {
	case won || (r.drawGoal() && (drawn || moves >= EndgameMoves && !lost)):
		r.state = RunSolved
		r.status = i18n.Message{Key: "puzzle.endgame.reached"}
		r.solvedWith(0)
	case lost || drawn || moves >= EndgameMoves:
		r.state = RunFailed
		key := "puzzle.endgame.missedWin"
		if r.drawGoal() {
			key = "puzzle.endgame.missedDraw"
		}
		r.status = i18n.Message{Key: key, Args: i18n.Args{"Side": i18n.Message{Key: sideKey(r.solver)}, "Moves": EndgameMoves}}
		r.recordOnce(false)
	default:
		return false
	}
	return true
}
