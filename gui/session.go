package gui

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
)

// rejectFlash is how long an illegal target stays marked.
const rejectFlash = 450 * time.Millisecond

// maxHintSeconds caps the time a hint may take, whatever the difficulty.
const maxHintSeconds = 3.0

// Session is one game in progress: the record, the settings, the selection state of the
// board, and the engine thinking on a background goroutine. All methods must be called on
// the UI goroutine; results of the background search come back through post.
type Session struct {
	g        *game.Game
	settings Settings
	store    *Store
	searcher *engine.Searcher
	// search runs one search; searcher.Search in the app, replaced by tests that need the
	// engine to answer badly.
	search func(context.Context, *engine.Position, engine.Limits, func(engine.Info)) engine.Result
	book   *engine.Book // nil when the bundled book could not be read
	post   func(func())

	selected engine.Square
	targets  []engine.Square
	hint     engine.Move
	rejected engine.Square
	flashes  uint64 // identifies the latest reject flash

	gen      uint64 // bumped whenever a running search becomes stale
	cancel   context.CancelFunc
	thinking bool
	hinting  bool
	info     engine.Info
	fromBook bool // the engine's last move came from the opening book
	// engineStale: book or randomness changed while a search ran; applied before the next.
	engineStale bool
	running     sync.WaitGroup
	// engineErr is why the engine's last search gave no playable move; the engine then
	// waits until the user retries (Hint), takes back or starts a new game.
	engineErr error
	hintErr   error // why the last hint search gave no move

	// Hooks called on the UI goroutine; nil hooks are skipped.
	OnChange   func()            // something visible changed
	OnGameOver func(game.Result) // a move ended the game
	OnError    func(error)       // a save failed
	// OnEngineError is told when the engine's search gave no playable move for its turn.
	OnEngineError func(error)
}

// SessionConfig says where a session keeps its game and how it reaches the UI goroutine.
type SessionConfig struct {
	Store    *Store           // nil: nothing is saved
	Post     func(func())     // runs a function on the UI goroutine (fyne.Do in the app)
	Searcher *engine.Searcher // nil: a new one with 16 MB of hash
}

// NewSession restores the saved game, or starts a new one. When the save was unreadable
// the session starts a new game and also returns the *CorruptSaveError to show the user.
// Call Resume once the UI is ready so that the engine moves if it is its turn.
func NewSession(cfg SessionConfig) (*Session, error) {
	if cfg.Post == nil {
		return nil, errors.New("session: no way to post to the UI goroutine")
	}
	s := &Session{store: cfg.Store, post: cfg.Post, searcher: cfg.Searcher}
	if s.searcher == nil {
		s.searcher = engine.NewSearcher(engine.Options{HashMB: 16, Threads: 1})
	}
	s.search = s.searcher.Search
	var notice error
	if book, err := loadBook(); err == nil {
		s.book = book
	} else {
		notice = err
	}
	if s.store != nil {
		g, err := s.store.Load()
		switch {
		case err == nil:
			s.g = g
			s.settings = settingsOf(g)
		case errors.Is(err, ErrNoSave):
		default:
			notice = errors.Join(notice, err)
		}
	}
	if s.g == nil {
		g, err := game.New("")
		if err != nil {
			return nil, err
		}
		s.g = g
		s.settings = DefaultSettings()
		s.settings.store(g)
		s.save()
	}
	s.configureEngine()
	return s, notice
}

// Resume lets the engine move if it is its turn (after a launch or a restore).
func (s *Session) Resume() { s.maybeStartEngine() }

// Close cancels a running search and waits for its goroutine to end.
func (s *Session) Close() {
	s.cancelSearch()
	s.running.Wait()
}

// Game returns the record (read only for callers).
func (s *Session) Game() *game.Game { return s.g }

// Settings returns the current settings.
func (s *Session) Settings() Settings { return s.settings }

// Thinking reports whether the engine is searching for its move.
func (s *Session) Thinking() bool { return s.thinking }

// EngineError returns why the engine could not make its move, or nil.
func (s *Session) EngineError() error { return s.engineErr }

// HintError returns why the last hint gave no move, or nil.
func (s *Session) HintError() error { return s.hintErr }

// engineStuck reports whether it is the engine's turn but its last search failed.
func (s *Session) engineStuck() bool {
	return s.engineErr != nil && !s.thinking && !s.g.Result().Decided() && s.settings.engineMoves(s.g.SideToMove())
}

// Progress returns the latest search progress report.
func (s *Session) Progress() engine.Info { return s.info }

// View returns what the board should show.
func (s *Session) View() BoardView {
	pos := s.g.Position()
	v := BoardView{
		Selected: s.selected,
		Targets:  s.targets,
		LastMove: s.g.LastMove(),
		Hint:     s.hint,
		Rejected: s.rejected,
		Flipped:  s.settings.Flipped,
		Coords:   s.settings.Coords,
	}
	v.SetPieces(pos)
	if pos.InCheck() {
		v.Check = pos.KingSquare(pos.Side())
	}
	return v
}

// humanToMove reports whether a person may move now.
func (s *Session) humanToMove() bool {
	return !s.thinking && !s.g.Result().Decided() && s.settings.Human.Plays(s.g.SideToMove())
}

// Tap handles a tap on a board point as article 003 §1 describes: an own piece becomes
// the selection; with a selection, any other point is a move, played if legal.
func (s *Session) Tap(sq engine.Square) {
	if !s.humanToMove() {
		return
	}
	pos := s.g.Position()
	if p := pos.At(sq); p != engine.NoPiece && p.Color() == pos.Side() {
		s.selected = sq
		s.targets = legalTargets(pos, sq)
		s.changed()
		return
	}
	if s.selected == NoSquare {
		return
	}
	m := engine.NewMove(s.selected, sq)
	if !pos.IsLegal(m) {
		s.flashReject(sq)
		return
	}
	if err := s.play(m); err != nil {
		s.flashReject(sq)
	}
}

func legalTargets(pos *engine.Position, from engine.Square) []engine.Square {
	var ts []engine.Square
	for _, m := range pos.LegalMoves() {
		if m.From() == from {
			ts = append(ts, m.To())
		}
	}
	return ts
}

// flashReject marks an illegal target briefly; the selection stays.
func (s *Session) flashReject(sq engine.Square) {
	s.rejected = sq
	s.flashes++
	id := s.flashes
	s.changed()
	time.AfterFunc(rejectFlash, func() {
		s.post(func() {
			if s.flashes == id && s.rejected != NoSquare {
				s.rejected = NoSquare
				s.changed()
			}
		})
	})
}

// play makes a move, saves, and hands over to the engine when it is its turn. A move the
// game rejects changes nothing and is returned as an error.
func (s *Session) play(m engine.Move) error {
	if err := s.g.Play(m); err != nil {
		return err
	}
	if s.hinting {
		s.cancelSearch() // a hint for the position before this move is stale
	}
	s.moved()
	return nil
}

// moved follows a move made or replayed: it clears the marks, saves, redraws, and then
// announces the end of the game or hands over to the engine when it is its turn.
func (s *Session) moved() {
	s.clearMarks()
	s.save()
	s.changed()
	if r := s.g.Result(); r.Decided() {
		if s.OnGameOver != nil {
			s.OnGameOver(r)
		}
		return
	}
	s.maybeStartEngine()
}

// clearMarks forgets the selection and everything tied to the previous position,
// including a failed search's report.
func (s *Session) clearMarks() {
	s.selected, s.targets, s.hint, s.rejected = NoSquare, nil, engine.NoMove, NoSquare
	s.engineErr, s.hintErr = nil, nil
}

// NewGame starts a fresh game with the given settings (the board faces the human).
func (s *Session) NewGame(set Settings) error {
	if err := checkSeconds(set.Seconds); err != nil {
		return err
	}
	g, err := game.New("")
	if err != nil {
		return err
	}
	s.cancelSearch()
	s.running.Wait()
	s.searcher.Clear()
	set.Flipped = set.Human == game.HumanBlack
	s.g, s.settings = g, set
	s.settings.store(g)
	g.Meta.Date = time.Now().Format("2006.01.02")
	s.configureEngine()
	s.clearMarks()
	s.save()
	s.changed()
	s.maybeStartEngine()
	return nil
}

// ApplySettings changes difficulty, book, randomness and coordinates during a game.
// The side played is changed only by NewGame.
func (s *Session) ApplySettings(set Settings) error {
	if err := checkSeconds(set.Seconds); err != nil {
		return err
	}
	set.Human, set.Flipped = s.settings.Human, s.settings.Flipped
	engineChanged := set.Book != s.settings.Book || set.Random != s.settings.Random
	s.settings = set
	s.settings.store(s.g)
	if engineChanged {
		if s.thinking || s.hinting {
			s.engineStale = true
		} else {
			s.configureEngine()
		}
	}
	s.save()
	s.changed()
	return nil
}

// Flip turns the board around.
func (s *Session) Flip() {
	s.settings.Flipped = !s.settings.Flipped
	s.settings.store(s.g)
	s.save()
	s.changed()
}

// sideAt returns the side to move at ply p of the current line.
func (s *Session) sideAt(p int) engine.Color {
	if (s.g.Ply()-p)%2 == 0 {
		return s.g.SideToMove()
	}
	return s.g.SideToMove().Opponent()
}

// CanUndo reports whether Undo would take a move back.
func (s *Session) CanUndo() bool { return s.undoTarget() >= 0 }

// undoTarget is the ply Undo goes back to, or -1. Against the engine it takes back the
// engine's reply and the player's own move, landing where the player is to move.
func (s *Session) undoTarget() int {
	t := s.g.Ply() - 1
	if s.settings.Human == game.HumanBoth {
		return t
	}
	for t > 0 && !s.settings.Human.Plays(s.sideAt(t)) {
		t--
	}
	if t < 0 || !s.settings.Human.Plays(s.sideAt(t)) {
		return -1
	}
	return t
}

// Undo takes back moves (see undoTarget), cancelling a running search.
func (s *Session) Undo() {
	t := s.undoTarget()
	if t < 0 {
		return
	}
	s.cancelSearch()
	if err := s.g.GoTo(t); err != nil {
		return
	}
	s.clearMarks()
	s.save()
	s.changed()
	s.maybeStartEngine()
}

// CanRedo reports whether Redo would replay a move.
func (s *Session) CanRedo() bool { return s.g.Ply() < s.g.Len() }

// Redo replays taken-back moves: against the engine up to the player's next turn.
func (s *Session) Redo() {
	if !s.CanRedo() {
		return
	}
	s.cancelSearch()
	s.g.Redo()
	for s.settings.Human != game.HumanBoth && !s.settings.Human.Plays(s.g.SideToMove()) && s.g.Redo() {
	}
	s.moved()
}

// CanHint reports whether Hint does something: ask for a hint, or let the engine try
// again after its search failed.
func (s *Session) CanHint() bool { return (s.humanToMove() && !s.hinting) || s.engineStuck() }

// Hint asks the engine for a move for the player; it is shown on the board. When the
// engine is to move but its last search failed, Hint lets it search again instead.
func (s *Session) Hint() {
	if s.engineStuck() {
		s.engineErr = nil
		s.startSearch(false)
		return
	}
	if !s.humanToMove() || s.hinting {
		return
	}
	s.hint, s.hintErr = engine.NoMove, nil
	s.startSearch(true)
}

// maybeStartEngine starts the engine's search when it is to move.
func (s *Session) maybeStartEngine() {
	if s.thinking || s.g.Result().Decided() || !s.settings.engineMoves(s.g.SideToMove()) {
		return
	}
	s.startSearch(false)
}

// configureEngine applies the book and randomness settings; call it only while no search
// runs, because the searcher's setters wait for a running search.
func (s *Session) configureEngine() {
	s.engineStale = false
	randomness := 0
	if s.settings.Random {
		randomness = engineRandomness
	}
	s.searcher.SetRandomness(randomness)
	s.searcher.SetBookProbe(bookProbe(s.book, s.settings.Book, s.settings.Random))
}

// engineRandomness is the root noise used when "vary the engine's moves" is on
// (evaluation units; a rook is about 200).
const engineRandomness = 8

func (s *Session) startSearch(hint bool) {
	s.cancelSearch()
	if s.engineStale {
		// The cancelled search, if any, ends within milliseconds; the setters wait for it.
		s.configureEngine()
	}
	s.gen++
	gen := s.gen
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	if hint {
		s.hinting = true
	} else {
		s.thinking = true
	}
	s.info = engine.Info{}
	seconds := s.settings.Seconds
	if hint && seconds > maxHintSeconds {
		seconds = maxHintSeconds
	}
	pos := s.g.Position()
	// The engine knows perpetual check but not perpetual chase; the judge knows
	// both, so the moves it would punish are banned from the search.
	limits := engine.Limits{MoveTime: secondsToDuration(seconds), BanMoves: s.g.ForbiddenMoves()}
	search := s.search
	s.changed()
	s.running.Add(1)
	go func() {
		defer s.running.Done()
		res := search(ctx, pos, limits, func(info engine.Info) {
			s.post(func() {
				if gen == s.gen && !hint {
					s.info = info
					s.changed()
				}
			})
		})
		s.post(func() { s.searchDone(gen, hint, res) })
	}()
}

// searchDone applies a finished search unless the game moved on since it started.
func (s *Session) searchDone(gen uint64, hint bool, res engine.Result) {
	if gen != s.gen {
		return
	}
	s.cancel()
	s.cancel = nil
	s.thinking, s.hinting = false, false
	pos := s.g.Position()
	var bad error
	switch {
	case res.Move == engine.NoMove:
		bad = errors.New("the search returned no move")
	case !pos.IsLegal(res.Move):
		bad = fmt.Errorf("the search returned the illegal move %v", res.Move)
	}
	if hint {
		if bad == nil {
			s.hint = res.Move
		}
		s.hintErr = bad
		s.changed()
		return
	}
	if bad == nil {
		s.fromBook = res.FromBook
		if err := s.play(res.Move); err != nil {
			bad = fmt.Errorf("the game rejected the move %v: %w", res.Move, err)
		}
	}
	if bad != nil {
		s.engineFailed(bad)
	}
}

// engineFailed stops waiting for the engine after a search without a playable move and
// reports why; the user can retry (Hint), take back or start a new game.
func (s *Session) engineFailed(err error) {
	s.engineErr = err
	s.changed()
	if s.OnEngineError != nil {
		s.OnEngineError(err)
	}
}

// cancelSearch stops a running search at once and makes its result stale.
func (s *Session) cancelSearch() {
	s.gen++
	if s.cancel != nil {
		s.cancel()
		s.cancel = nil
	}
	if s.thinking || s.hinting {
		s.thinking, s.hinting = false, false
		s.changed()
	}
}

func (s *Session) save() {
	if s.store == nil {
		return
	}
	if err := s.store.Save(s.g); err != nil && s.OnError != nil {
		s.OnError(err)
	}
}

func (s *Session) changed() {
	if s.OnChange != nil {
		s.OnChange()
	}
}
