package play

import (
	"context"
	"fmt"
	"slices"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

// RunState is where a run at a puzzle stands.
type RunState int

// The states of a run.
const (
	RunSolving RunState = iota
	RunSolved
	RunFailed
)

// PuzzleRun is one try at a puzzle on the board: taps select and move as in a game; in a
// puzzle with a line the opponent answers from it (puzzle.Attempt), in endgame training
// the engine answers. A wrong move fails the try, and the engine's refutation is played
// on the board; a hint (the piece, then the move) counts as a failure too. The result is
// recorded once a try, the first time it is known.
type PuzzleRun struct {
	t       *Puzzles
	p       *puzzle.Puzzle
	attempt *puzzle.Attempt // nil in endgame training
	// g is the board shown, a game from the puzzle's position: in endgame training the
	// game against the engine; with a line, the solver's moves, the replies and the
	// refutation as the attempt (the judge) leaves them.
	g        *game.Game
	solver   rules.Color
	marks    boardMarks
	last     rules.Move
	hintFrom rules.Square
	state    RunState
	status   i18n.Message
	recorded bool
	// change is the player's rating change the try made, when it was rated (the
	// first try at a puzzle).
	change struct {
		points int
		rated  bool
	}
	first bool // no try at the puzzle was recorded before this one
	hints int  // endgame training: the engine's moves shown as hints in this try
	stars int  // earned by this try (puzzle.TryStars), once solved
	// refutation is the engine's line after a wrong move, from failedAt.
	refutation []rules.Move
	failedAt   *rules.Position
	job        job // the engine's reply or check (jobs.go)
	thinking   bool
	listeners  Listeners // told of every change of what the run shows (Listen)
}

// Start begins a run at p.
func (t *Puzzles) Start(p *puzzle.Puzzle) (*PuzzleRun, error) {
	if _, err := p.Position(); err != nil {
		return nil, err // the puzzle's own error, naming it
	}
	g, err := game.New(p.FEN)
	if err != nil {
		return nil, err
	}
	r := &PuzzleRun{t: t, p: p, g: g, solver: g.SideToMove(), marks: noMarks(), last: rules.NoMove, hintFrom: rules.NoSquare,
		first: t.progress.Results[p.ID].Attempts == 0}
	if p.Kind != puzzle.KindEndgame {
		if r.attempt, err = puzzle.NewAttempt(p); err != nil {
			return nil, err
		}
	}
	r.status = r.goal()
	return r, nil
}

// Puzzle is the puzzle tried.
func (r *PuzzleRun) Puzzle() *puzzle.Puzzle { return r.p }

// Rating is the puzzle's rating as the player's results have refined it.
func (r *PuzzleRun) Rating() float64 { return r.t.progress.PuzzleRating(r.p).Rating }

// Position is the position shown.
func (r *PuzzleRun) Position() *rules.Position { return r.g.Position() }

// isEndgame reports whether a run at p is endgame training (no line: the engine answers).
func isEndgame(p *puzzle.Puzzle) bool { return p != nil && p.Kind == puzzle.KindEndgame }

// Solver is the side the player moves.
func (r *PuzzleRun) Solver() rules.Color { return r.solver }

// State tells whether the run goes on, was solved or failed.
func (r *PuzzleRun) State() RunState { return r.state }

// Thinking reports whether the engine is answering or looking for a refutation.
func (r *PuzzleRun) Thinking() bool { return r.thinking }

// Status says what the player should do, or how the run ended; the end of a rated try
// says the rating change too: "Solved! (+12)".
func (r *PuzzleRun) Status() i18n.Message {
	if r.state == RunSolving || !r.change.rated {
		return r.status
	}
	return i18n.Message{Key: "puzzle.rated", Args: i18n.Args{"Result": r.status, "Change": SignedChange(r.change.points)}}
}

// Stars is what this try earned on the path (puzzle.TryStars): 0 until it is solved.
func (r *PuzzleRun) Stars() int { return r.stars }

// RatingChange is the change of the player's rating this try made, and whether it was
// rated (a retry or a puzzle tried before is not; nothing is known before the result).
func (r *PuzzleRun) RatingChange() (points int, rated bool) { return r.change.points, r.change.rated }

// SignedChange writes a rating change with its sign: "+12", "-7", "±0" (a hyphen-minus: the
// UI font's subset has no U+2212, and every other number the app shows uses the hyphen).
func SignedChange(points int) string {
	switch {
	case points > 0:
		return fmt.Sprintf("+%d", points)
	case points < 0:
		return fmt.Sprintf("-%d", -points)
	}
	return "\u00b10"
}

// Selected is the selected piece's point, or rules.NoSquare.
func (r *PuzzleRun) Selected() rules.Square { return r.marks.selected }

// Targets are the selected piece's legal destinations.
func (r *PuzzleRun) Targets() []rules.Square { return slices.Clone(r.marks.targets) }

// LastMove is the last move on the board, or rules.NoMove.
func (r *PuzzleRun) LastMove() rules.Move { return r.last }

// Animate is the move the board should slide into place, or rules.NoMove.
func (r *PuzzleRun) Animate() rules.Move { return r.marks.animate }

// Rejected is a point just tapped illegally, or rules.NoSquare.
func (r *PuzzleRun) Rejected() rules.Square { return r.marks.rejected }

// HintPiece is the point of the piece the first hint showed, or rules.NoSquare.
func (r *PuzzleRun) HintPiece() rules.Square { return r.hintFrom }

// HintMove is the move the second hint showed, or rules.NoMove.
func (r *PuzzleRun) HintMove() rules.Move { return r.marks.hint }

// Refutation is the engine's answer to the wrong move and what follows, from the
// position the wrong move made (nil before a failure, or while it is looked for).
func (r *PuzzleRun) Refutation() (from *rules.Position, line []rules.Move) {
	if r.failedAt == nil {
		return nil, nil
	}
	return r.failedAt.Copy(), slices.Clone(r.refutation)
}

// CanHint reports whether a hint can be given now: in a puzzle with a line, while it is
// being solved, up to the move itself; in endgame training, on the player's turn.
func (r *PuzzleRun) CanHint() bool {
	if isEndgame(r.p) { // the engine's move, one a turn
		return r.state == RunSolving && !r.thinking && r.g.SideToMove() == r.solver && r.marks.hint == rules.NoMove
	}
	return r.attempt != nil && r.state == RunSolving && !r.thinking && r.marks.hint == rules.NoMove
}

// goal is the status before the first move: what to do.
func (r *PuzzleRun) goal() i18n.Message {
	side := i18n.Message{Key: sideKey(r.solver)}
	switch {
	case isEndgame(r.p) && drawGoal(r.p):
		return i18n.Message{Key: "puzzle.goal.hold", Args: i18n.Args{"Side": side, "Moves": EndgameMoves}}
	case isEndgame(r.p):
		return i18n.Message{Key: "puzzle.goal.win", Args: i18n.Args{"Side": side, "Moves": EndgameMoves}}
	case r.p.Kind == puzzle.KindMate && r.p.Proof == puzzle.Proven && r.p.Stalemate():
		return i18n.Message{Key: "puzzle.goal.stalemate", Args: i18n.Args{"Side": side, "Moves": r.p.SolverMoves()}}
	case r.p.Kind == puzzle.KindMate && r.p.Proof == puzzle.Proven:
		return i18n.Message{Key: "puzzle.goal.mate", Args: i18n.Args{"Side": side, "Moves": r.p.SolverMoves()}}
	case r.p.Kind == puzzle.KindMaterial:
		return i18n.Message{Key: "puzzle.goal.material", Args: i18n.Args{"Side": side}}
	}
	return i18n.Message{Key: "puzzle.goal.line", Args: i18n.Args{"Side": side}}
}

func sideKey(c rules.Color) string {
	if c == rules.Red {
		return "side.red"
	}
	return "side.black"
}

// Tap handles a tap on a board point: an own piece becomes the selection; with a
// selection, another point is a move.
func (r *PuzzleRun) Tap(sq rules.Square) {
	pos := r.g.View()
	if r.state != RunSolving || r.thinking || pos.Side() != r.solver {
		return
	}
	r.marks.rejected, r.marks.animate = rules.NoSquare, rules.NoMove
	if p := pos.At(sq); p != rules.NoPiece && p.Color() == r.solver {
		r.marks.selected, r.marks.targets = sq, pos.LegalTargets(sq)
		r.changed()
		return
	}
	if r.marks.selected == rules.NoSquare {
		return
	}
	m := rules.NewMove(r.marks.selected, sq)
	if !pos.IsLegal(m) {
		r.marks.rejected = sq
		r.status = i18n.Message{Key: "status.illegal"}
		r.changed()
		return
	}
	r.marks.selected, r.marks.targets = rules.NoSquare, nil
	if isEndgame(r.p) {
		r.playEndgame(m)
	} else {
		r.playLine(m)
	}
	r.changed()
}

// Drop plays a piece dragged from one point to another, as two taps.
func (r *PuzzleRun) Drop(from, to rules.Square) {
	r.Tap(from)
	r.Tap(to)
}

// recordOnce records the try's result the first time it is known.
func (r *PuzzleRun) recordOnce(solved bool) {
	if r.recorded {
		return
	}
	r.recorded = true
	r.change.points, r.change.rated = r.t.record(r.p, solved, 0)
}

// solvedWith records a solve with hints hints and its stars, in one save; a hinted solve
// was recorded as failed at the first hint (for the ratings), and is solved for the
// stars.
func (r *PuzzleRun) solvedWith(hints int) {
	r.stars = puzzle.TryStars(true, hints, r.first)
	if !r.recorded {
		r.recorded = true
		r.change.points, r.change.rated = r.t.record(r.p, hints == 0, r.stars)
		return
	}
	r.t.award(r.p, r.stars)
}

// search runs the engine on pos off the UI goroutine and hands the result to done on
// it, unless the run was stopped or retried since.
func (r *PuzzleRun) search(pos *rules.Position, lim engine.Limits, done func(engine.SearchResult)) {
	search := r.t.cfg.Search
	r.background(func(ctx context.Context) func() {
		res := search(ctx, pos, lim, nil)
		return func() { done(res) }
	})
}

// background runs work off the UI goroutine (Close waits for it) and the function it
// returns on the UI goroutine, unless the run was stopped or retried since; the run
// takes no taps or hints meanwhile.
func (r *PuzzleRun) background(work func(context.Context) func()) {
	r.thinking = true
	r.job.run(&r.t.running, r.t.cfg.Post, func(ctx context.Context, deliver func(func())) {
		done := work(ctx)
		deliver(func() {
			r.thinking = false
			r.job.finished()
			done()
			r.changed()
		})
	})
}

// Stop cancels the engine's work and drops its answer: the screen was left, or the try
// starts again.
func (r *PuzzleRun) Stop() {
	r.job.stop()
	r.thinking = false
}

// Retry starts the same puzzle again from its position; a result is then recorded again
// (the ratings move for the first try only, puzzle.Progress.Record).
func (r *PuzzleRun) Retry() {
	r.Stop()
	fresh, err := r.t.Start(r.p)
	if err != nil {
		return
	}
	listeners := r.listeners
	*r = PuzzleRun{t: fresh.t, p: fresh.p, attempt: fresh.attempt, g: fresh.g, solver: fresh.solver,
		marks: fresh.marks, last: fresh.last, hintFrom: fresh.hintFrom, status: fresh.status, first: fresh.first, job: r.job,
		listeners: listeners}
	r.changed()
}

// Listen adds a listener of the run's changes (Listener.Change); forget takes it away.
func (r *PuzzleRun) Listen(l Listener) (forget func()) { return r.listeners.Listen(l) }

// changed tells the listeners that what the run shows changed.
func (r *PuzzleRun) changed() { r.listeners.Changed(ChangeAll) }
