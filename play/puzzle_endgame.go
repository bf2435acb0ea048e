package play

import (
	"slices"
	"strconv"
	"strings"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

// EndgameMoves is the limit of the player's moves in endgame training: a win must come
// within it, a draw is held by reaching it.
const EndgameMoves = 60

// drawGoal tells whether endgame p is to be held to a draw (themes "draw").
func drawGoal(p *puzzle.Puzzle) bool { return slices.Contains(p.Themes, "draw") }

// playEndgame plays the player's move in endgame training, then lets the engine answer.
func (r *PuzzleRun) playEndgame(m rules.Move) {
	if err := r.g.Play(m); err != nil {
		r.marks.rejected = m.To()
		return
	}
	r.last, r.marks.animate = m, m
	r.hintFrom, r.marks.hint = rules.NoSquare, rules.NoMove
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
	case won || (drawGoal(r.p) && (drawn || moves >= EndgameMoves && !lost)):
		r.state = RunSolved
		r.status = i18n.Message{Key: "puzzle.endgame.reached"}
		r.solvedWith(r.hints)
	case lost || drawn || moves >= EndgameMoves:
		r.state = RunFailed
		key := "puzzle.endgame.missedWin"
		if drawGoal(r.p) {
			key = "puzzle.endgame.missedDraw"
		}
		r.status = i18n.Message{Key: key, Args: i18n.Args{"Side": i18n.Message{Key: sideKey(r.solver)}, "Moves": EndgameMoves}}
		r.recordOnce(false)
	default:
		return false
	}
	return true
}

// MovesLeft is, in endgame training, how many of the EndgameMoves the player still has
// (the player moves first: their moves made are half the plies, rounded up); ok is false
// in a puzzle with a line.
func (r *PuzzleRun) MovesLeft() (left int, ok bool) {
	if !isEndgame(r.p) {
		return 0, false
	}
	return max(0, EndgameMoves-(r.g.Ply()+1)/2), true
}

// PlayedText is the moves on the board in this try, from the puzzle's position, numbered
// by the player's moves in the chosen notation: "1. 车二平五 将5平4 2. …"; "" before the
// first.
func (r *PuzzleRun) PlayedText() string {
	start, err := r.p.Position()
	if err != nil {
		return ""
	}
	var parts []string
	for i, m := range r.g.Moves() {
		if m == rules.NoMove || !start.IsLegal(m) {
			break
		}
		text := game.FormatMove(start, m, r.t.cfg.Notation())
		if i%2 == 0 {
			text = strconv.Itoa(i/2+1) + ". " + text
		}
		parts = append(parts, text)
		start.MakeMove(m)
	}
	return strings.Join(parts, " ")
}

// endgameHint shows the engine's move for the player, searched as its replies are; each
// is counted (Hints), the first fails the rated try, and a goal reached with hints earns
// the stars of a hinted solve.
func (r *PuzzleRun) endgameHint() {
	r.hints++
	r.recordOnce(false)
	r.status = i18n.Message{Key: "status.thinking"}
	r.search(r.g.Position(), r.t.cfg.EngineLimits, func(res engine.SearchResult) {
		if res.Move == rules.NoMove || !r.g.View().IsLegal(res.Move) {
			r.status = i18n.Message{Key: "puzzle.engineFailed"}
			return
		}
		r.hintFrom, r.marks.hint = res.Move.From(), res.Move
		r.status = i18n.Message{Key: "puzzle.hintMove", Args: i18n.Args{"Move": game.FormatMove(r.g.Position(), res.Move, r.t.cfg.Notation())}}
	})
}

// Hints is how many hints this try of endgame training took.
func (r *PuzzleRun) Hints() int { return r.hints }
