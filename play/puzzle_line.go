package play

import (
	"context"
	"slices"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

// playLine plays the solver's move in a puzzle with a line.
func (r *PuzzleRun) playLine(m rules.Move) {
	if !r.attempt.Expects(m) && r.p.Kind == puzzle.KindMate && r.p.Proof == puzzle.Proven {
		// Another move than the line's: the prover judges whether it still mates, which
		// can take a second or more, off the UI goroutine; the move is shown meanwhile.
		// A retry or leaving drops the answer; the old attempt is then no one's.
		if r.g.Play(m) != nil {
			return // Tap checked it: cannot happen
		}
		r.last, r.marks.animate = m, m
		r.status = i18n.Message{Key: "puzzle.checking"}
		attempt := r.attempt
		r.background(func(context.Context) func() {
			reply, err := attempt.Play(m)
			return func() { r.playedLine(m, reply, err) }
		})
		return
	}
	reply, err := r.attempt.Play(m)
	r.playedLine(m, reply, err)
}

// playedLine shows the attempt after the solver's move m and the reply.
func (r *PuzzleRun) playedLine(m, reply rules.Move, err error) {
	if err != nil {
		return
	}
	r.hintFrom, r.marks.hint = rules.NoSquare, rules.NoMove
	r.g = followLine(r.g, r.p.FEN, r.attempt.Played())
	r.last, r.marks.animate = m, m
	if reply != rules.NoMove {
		r.last, r.marks.animate = reply, reply
	}
	switch r.attempt.State() {
	case puzzle.Solved:
		r.state = RunSolved
		r.status = i18n.Message{Key: "puzzle.solved"}
		if r.attempt.Hints() > 0 {
			r.status = i18n.Message{Key: "puzzle.solvedWithHints"}
		}
		r.solvedWith(r.attempt.Hints())
	case puzzle.Failed:
		r.state = RunFailed
		r.status = i18n.Message{Key: "puzzle.wrong"}
		r.recordOnce(false)
		r.refute()
	default:
		r.status = i18n.Message{Key: "puzzle.correct"}
	}
}

// followLine brings board to the moves an attempt has played: those it lacks are played
// on (the board may already show the solver's move); a board that went another way is
// set up again from the puzzle's position fen.
func followLine(board *game.Game, fen string, played []rules.Move) *game.Game {
	have := board.Moves()
	if len(have) > len(played) || !slices.Equal(have, played[:len(have)]) {
		g, err := game.New(fen)
		if err != nil {
			return board
		}
		board, have = g, nil
	}
	for _, m := range played[len(have):] {
		if board.Play(m) != nil {
			break
		}
	}
	return board
}

// refutationPlies is how much of the engine's line after a wrong move is kept and
// named: its answer and a move each more, two lines of a phone's status.
const refutationPlies = 3

// refute asks the engine for the opponent's best answer to the wrong move just made and
// plays it on the board with the line that follows.
func (r *PuzzleRun) refute() {
	at := r.g.Position()
	r.failedAt = at
	r.search(at, r.t.cfg.RefuteLimits, func(res engine.SearchResult) {
		line := res.PV
		if len(line) == 0 && res.Move != rules.NoMove {
			line = []rules.Move{res.Move}
		}
		r.refutation = line[:min(len(line), refutationPlies)]
		if len(line) == 0 || r.g.Play(line[0]) != nil {
			r.status = i18n.Message{Key: "puzzle.wrong"}
			return
		}
		r.last, r.marks.animate = line[0], line[0]
		r.status = i18n.Message{Key: "puzzle.refuted", Args: i18n.Args{"Line": lineText(at, r.refutation, r.t.cfg.Notation())}}
	})
}

// lineText writes moves from pos in notation.
func lineText(pos *rules.Position, line []rules.Move, notation game.Notation) string {
	p := pos.Copy()
	text := ""
	for i, m := range line {
		if !p.IsLegal(m) {
			break
		}
		if i > 0 {
			text += " "
		}
		text += game.FormatMove(p, m, notation)
		p.MakeMove(m)
	}
	return text
}

// Hint gives the next hint, first the piece to move, then the move; the first counts
// the try as failed. In endgame training it shows the engine's move (endgameHint).
func (r *PuzzleRun) Hint() {
	if !r.CanHint() {
		return
	}
	if isEndgame(r.p) {
		r.endgameHint()
		r.changed()
		return
	}
	from, m, ok := r.attempt.Hint()
	if !ok {
		return
	}
	r.recordOnce(false)
	r.hintFrom = from
	if m != rules.NoMove {
		r.marks.hint = m
		r.status = i18n.Message{Key: "puzzle.hintMove", Args: i18n.Args{"Move": game.FormatMove(r.g.Position(), m, r.t.cfg.Notation())}}
	} else {
		r.status = i18n.Message{Key: "puzzle.hintPiece"}
	}
	r.changed()
}
