package play

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

// PuzzleConfig says what a Puzzles trainer works with.
type PuzzleConfig struct {
	Puzzles []puzzle.Puzzle
	Store   *PuzzleStore // nil: the progress is not saved
	Post    func(func()) // runs a function on the UI goroutine
	Search  SearchFunc   // nil: a searcher of its own
	// EngineLimits bound the engine's replies in endgame training (no depth, nodes or
	// time: a second a move, the full engine), RefuteLimits its search for the
	// refutation of a wrong move (none: depth 8 or a second).
	EngineLimits engine.Limits
	RefuteLimits engine.Limits
	// Notation writes the moves of the refutation line.
	Notation func() game.Notation
	// SaveError hears of a progress that could not be saved.
	SaveError func(error)
}

// Puzzles is the player's puzzle trainer: the bundled puzzles, the player's progress
// (saved after every result), the choices of the list (filter, daily, next) and the
// runs at single puzzles. All methods must be called on the UI goroutine.
type Puzzles struct {
	cfg      PuzzleConfig
	progress *puzzle.Progress
	searcher *engine.Searcher
	running  sync.WaitGroup // the engine's searches, which Close waits for
}

// NewPuzzles loads the progress from cfg.Store. A progress that could not be read is
// replaced as PuzzleStore.Load says, and the error is returned with a usable trainer.
func NewPuzzles(cfg PuzzleConfig) (*Puzzles, error) {
	if cfg.Post == nil {
		return nil, errors.New("puzzles: no way to post to the UI goroutine")
	}
	if cfg.Notation == nil {
		cfg.Notation = func() game.Notation { return game.Chinese }
	}
	if cfg.EngineLimits.Depth == 0 && cfg.EngineLimits.MoveTime == 0 && cfg.EngineLimits.Nodes == 0 {
		cfg.EngineLimits = engine.Limits{MoveTime: time.Second}
	}
	if cfg.RefuteLimits.Depth == 0 && cfg.RefuteLimits.MoveTime == 0 && cfg.RefuteLimits.Nodes == 0 {
		cfg.RefuteLimits = engine.Limits{Depth: 8, MoveTime: time.Second}
	}
	t := &Puzzles{cfg: cfg, progress: puzzle.NewProgress()}
	if cfg.Search == nil {
		t.searcher = engine.NewSearcher(engine.Options{Threads: 1, HashMB: 16, Seed: 1})
		t.cfg.Search = t.searcher.Search
	}
	var err error
	if cfg.Store != nil {
		t.progress, err = cfg.Store.Load()
	}
	return t, err
}

// All returns the puzzles, in the files' order; they must not be changed.
func (t *Puzzles) All() []puzzle.Puzzle { return t.cfg.Puzzles }

// Progress returns the player's progress; it must not be changed.
func (t *Puzzles) Progress() *puzzle.Progress { return t.progress }

// Select returns the indices of the puzzles that pass f.
func (t *Puzzles) Select(f puzzle.Filter) []int { return puzzle.Select(t.cfg.Puzzles, f, t.progress) }

// Daily returns the puzzle of day's date.
func (t *Puzzles) Daily(day time.Time) (*puzzle.Puzzle, bool) {
	return puzzle.Daily(t.cfg.Puzzles, day)
}

// Next returns the puzzle to offer among those that pass f: one not yet tried, whose
// rating is nearest the player's.
func (t *Puzzles) Next(f puzzle.Filter) (*puzzle.Puzzle, bool) {
	idx := t.Select(f)
	ps := make([]puzzle.Puzzle, len(idx))
	for i, j := range idx {
		ps[i] = t.cfg.Puzzles[j]
	}
	p, ok := t.progress.Next(ps)
	if !ok {
		return nil, false
	}
	return &t.cfg.Puzzles[idx[slices.IndexFunc(ps, func(q puzzle.Puzzle) bool { return q.ID == p.ID })]], true
}

// Close stops the engine and waits for its searches.
func (t *Puzzles) Close() { t.running.Wait() }

// record notes a result and saves the progress at once.
func (t *Puzzles) record(p *puzzle.Puzzle, solved bool) {
	t.progress.Record(p, solved)
	if t.cfg.Store == nil {
		return
	}
	if err := t.cfg.Store.Save(t.progress); err != nil && t.cfg.SaveError != nil {
		t.cfg.SaveError(err)
	}
}

// RunState is where a run at a puzzle stands.
type RunState int

// The states of a run.
const (
	RunSolving RunState = iota
	RunSolved
	RunFailed
)

// EndgameMoves is the limit of the player's moves in endgame training: a win must come
// within it, a draw is held by reaching it.
const EndgameMoves = 60

// PuzzleRun is one try at a puzzle on the board: taps select and move as in a game; in a
// puzzle with a line the opponent answers from it (puzzle.Attempt), in endgame training
// the engine answers. A wrong move fails the try, and the engine's refutation is played
// on the board; a hint (the piece, then the move) counts as a failure too. The result is
// recorded once a try, the first time it is known.
type PuzzleRun struct {
	t        *Puzzles
	p        *puzzle.Puzzle
	attempt  *puzzle.Attempt // nil in endgame training
	g        *game.Game      // endgame training: the game against the engine
	solver   rules.Color
	pos      *rules.Position // shown
	marks    boardMarks
	last     rules.Move
	hintFrom rules.Square
	state    RunState
	status   i18n.Message
	recorded bool
	// refutation is the engine's line after a wrong move, from failedAt.
	refutation []rules.Move
	failedAt   *rules.Position
	job        struct {
		gen    uint64
		cancel context.CancelFunc
	}
	thinking bool
	// OnChange hears of every change of what the run shows.
	OnChange func()
}

// Start begins a run at p.
func (t *Puzzles) Start(p *puzzle.Puzzle) (*PuzzleRun, error) {
	pos, err := p.Position()
	if err != nil {
		return nil, err
	}
	r := &PuzzleRun{t: t, p: p, solver: pos.Side(), pos: pos, marks: noMarks(), last: rules.NoMove, hintFrom: rules.NoSquare}
	if p.Kind == puzzle.KindEndgame {
		if r.g, err = game.New(p.FEN); err != nil {
			return nil, err
		}
	} else if r.attempt, err = puzzle.NewAttempt(p); err != nil {
		return nil, err
	}
	r.status = r.goal()
	return r, nil
}

// Puzzle is the puzzle tried.
func (r *PuzzleRun) Puzzle() *puzzle.Puzzle { return r.p }

// Rating is the puzzle's rating as the player's results have refined it.
func (r *PuzzleRun) Rating() float64 { return r.t.progress.PuzzleRating(r.p).Rating }

// Position is the position shown.
func (r *PuzzleRun) Position() *rules.Position { return r.pos.Copy() }

// Solver is the side the player moves.
func (r *PuzzleRun) Solver() rules.Color { return r.solver }

// State tells whether the run goes on, was solved or failed.
func (r *PuzzleRun) State() RunState { return r.state }

// Thinking reports whether the engine is answering or looking for a refutation.
func (r *PuzzleRun) Thinking() bool { return r.thinking }

// Status says what the player should do, or how the run ended.
func (r *PuzzleRun) Status() i18n.Message { return r.status }

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
// being solved, up to the move itself.
func (r *PuzzleRun) CanHint() bool {
	return r.attempt != nil && r.state == RunSolving && !r.thinking && r.marks.hint == rules.NoMove
}

// goal is the status before the first move: what to do.
func (r *PuzzleRun) goal() i18n.Message {
	side := i18n.Message{Key: sideKey(r.solver)}
	switch {
	case r.g != nil && r.drawGoal():
		return i18n.Message{Key: "puzzle.goal.hold", Args: i18n.Args{"Side": side, "Moves": EndgameMoves}}
	case r.g != nil:
		return i18n.Message{Key: "puzzle.goal.win", Args: i18n.Args{"Side": side, "Moves": EndgameMoves}}
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

// drawGoal tells whether an endgame is to be held to a draw (themes "draw").
func (r *PuzzleRun) drawGoal() bool { return slices.Contains(r.p.Themes, "draw") }

// Tap handles a tap on a board point: an own piece becomes the selection; with a
// selection, another point is a move.
func (r *PuzzleRun) Tap(sq rules.Square) {
	if r.state != RunSolving || r.thinking || r.pos.Side() != r.solver {
		return
	}
	r.marks.rejected, r.marks.animate = rules.NoSquare, rules.NoMove
	if p := r.pos.At(sq); p != rules.NoPiece && p.Color() == r.solver {
		r.marks.selected, r.marks.targets = sq, r.pos.LegalTargets(sq)
		r.changed()
		return
	}
	if r.marks.selected == rules.NoSquare {
		return
	}
	m := rules.NewMove(r.marks.selected, sq)
	if !r.pos.IsLegal(m) {
		r.marks.rejected = sq
		r.status = i18n.Message{Key: "status.illegal"}
		r.changed()
		return
	}
	r.marks.selected, r.marks.targets = rules.NoSquare, nil
	if r.g != nil {
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

// playLine plays the solver's move in a puzzle with a line.
func (r *PuzzleRun) playLine(m rules.Move) {
	if !r.attempt.Expects(m) && r.p.Kind == puzzle.KindMate && r.p.Proof == puzzle.Proven {
		// Another move than the line's: the prover judges whether it still mates, which
		// can take a second or more, off the UI goroutine; the move is shown meanwhile.
		// A retry or leaving drops the answer; the old attempt is then no one's.
		r.pos.MakeMove(m)
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
	r.pos = r.attempt.Position()
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
		r.recordOnce(r.attempt.Hints() == 0)
	case puzzle.Failed:
		r.state = RunFailed
		r.status = i18n.Message{Key: "puzzle.wrong"}
		r.recordOnce(false)
		r.refute()
	default:
		r.status = i18n.Message{Key: "puzzle.correct"}
	}
}

// recordOnce records the try's result the first time it is known.
func (r *PuzzleRun) recordOnce(solved bool) {
	if r.recorded {
		return
	}
	r.recorded = true
	r.t.record(r.p, solved)
}

// refutationPlies is how much of the engine's line after a wrong move is kept and
// named: its answer and a move each more, two lines of a phone's status.
const refutationPlies = 3

// refute asks the engine for the opponent's best answer to the wrong move just made and
// plays it on the board with the line that follows.
func (r *PuzzleRun) refute() {
	at := r.pos.Copy()
	r.failedAt = at
	r.search(at, r.t.cfg.RefuteLimits, func(res engine.SearchResult) {
		line := res.PV
		if len(line) == 0 && res.Move != rules.NoMove {
			line = []rules.Move{res.Move}
		}
		r.refutation = line[:min(len(line), refutationPlies)]
		if len(line) == 0 || !r.pos.IsLegal(line[0]) {
			r.status = i18n.Message{Key: "puzzle.wrong"}
			return
		}
		r.pos.MakeMove(line[0])
		r.last, r.marks.animate = line[0], line[0]
		r.status = i18n.Message{Key: "puzzle.refuted", Args: i18n.Args{"Line": r.lineText(at, r.refutation)}}
	})
}

// lineText writes moves from pos in the player's notation.
func (r *PuzzleRun) lineText(pos *rules.Position, line []rules.Move) string {
	p := pos.Copy()
	text := ""
	for i, m := range line {
		if !p.IsLegal(m) {
			break
		}
		if i > 0 {
			text += " "
		}
		text += game.FormatMove(p, m, r.t.cfg.Notation())
		p.MakeMove(m)
	}
	return text
}

// Hint gives the next hint, first the piece to move, then the move; the first counts
// the try as failed.
func (r *PuzzleRun) Hint() {
	if !r.CanHint() {
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
		r.status = i18n.Message{Key: "puzzle.hintMove", Args: i18n.Args{"Move": game.FormatMove(r.pos, m, r.t.cfg.Notation())}}
	} else {
		r.status = i18n.Message{Key: "puzzle.hintPiece"}
	}
	r.changed()
}

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
		r.recordOnce(true)
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
	r.stopSearch()
	gen := r.job.gen
	ctx, cancel := context.WithCancel(context.Background())
	r.job.cancel = cancel
	r.thinking = true
	post := r.t.cfg.Post
	r.t.running.Add(1)
	go func() {
		defer r.t.running.Done()
		done := work(ctx)
		post(func() {
			if r.job.gen != gen {
				return
			}
			r.thinking = false
			cancel()
			done()
			r.changed()
		})
	}()
}

// stopSearch cancels the engine's search and drops its answer.
func (r *PuzzleRun) stopSearch() {
	r.job.gen++
	r.thinking = false
	if r.job.cancel != nil {
		r.job.cancel()
		r.job.cancel = nil
	}
}

// Stop cancels the engine's work: the screen was left.
func (r *PuzzleRun) Stop() { r.stopSearch() }

// Retry starts the same puzzle again from its position; a result is then recorded again
// (the ratings move for the first try only, puzzle.Progress.Record).
func (r *PuzzleRun) Retry() {
	r.stopSearch()
	fresh, err := r.t.Start(r.p)
	if err != nil {
		return
	}
	onChange := r.OnChange
	*r = PuzzleRun{t: fresh.t, p: fresh.p, attempt: fresh.attempt, g: fresh.g, solver: fresh.solver, pos: fresh.pos,
		marks: fresh.marks, last: fresh.last, hintFrom: fresh.hintFrom, status: fresh.status, job: r.job, OnChange: onChange}
	r.changed()
}

func (r *PuzzleRun) changed() {
	if r.OnChange != nil {
		r.OnChange()
	}
}

// PuzzleRecord is a puzzle as a game record: its position with the solution's line as
// the main line, titled with the book's title and source, to open in analysis.
func PuzzleRecord(p *puzzle.Puzzle) (*game.Record, error) {
	g, err := game.New(p.FEN)
	if err != nil {
		return nil, err
	}
	for _, m := range p.Moves {
		if err := g.Play(m); err != nil {
			return nil, err
		}
	}
	rec := g.Record()
	rec.Meta.Title = p.Title
	rec.Meta.Event = p.Source
	return rec, nil
}
