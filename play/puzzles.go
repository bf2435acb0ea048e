package play

import (
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/puzzle"
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

// Select returns the indices of the puzzles that pass f: a chosen collection in its
// order (a book reads from its first position), all collections nearest the player's
// rating first (puzzle.NearFirst).
func (t *Puzzles) Select(f puzzle.Filter) []int {
	idx := puzzle.Select(t.cfg.Puzzles, f, t.progress)
	if f.Collection == "" {
		puzzle.NearFirst(t.cfg.Puzzles, idx, t.progress)
	}
	return idx
}

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

// record notes a result and the stars it earned, and saves the progress at once; it
// returns the player's rating change, and whether the result was rated
// (puzzle.Progress.Record).
func (t *Puzzles) record(p *puzzle.Puzzle, solved bool, stars int) (change int, rated bool) {
	change, rated = t.progress.Record(p, solved)
	t.progress.AwardStars(p.ID, stars)
	if t.cfg.Store == nil {
		return change, rated
	}
	if err := t.cfg.Store.Save(t.progress); err != nil && t.cfg.SaveError != nil {
		t.cfg.SaveError(err)
	}
	return change, rated
}

// award keeps a puzzle's best stars and saves the progress when they grew.
func (t *Puzzles) award(p *puzzle.Puzzle, stars int) {
	if stars <= t.progress.Stars[p.ID] {
		return
	}
	t.progress.AwardStars(p.ID, stars)
	if t.cfg.Store == nil {
		return
	}
	if err := t.cfg.Store.Save(t.progress); err != nil && t.cfg.SaveError != nil {
		t.cfg.SaveError(err)
	}
}

// Path is the chapters of the path over the trainer's puzzles (puzzle.Path).
func (t *Puzzles) Path() []puzzle.Chapter { return puzzle.Path(t.cfg.Puzzles) }

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
