package play

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// rejectFlash is how long an illegal target stays marked.
const rejectFlash = 450 * time.Millisecond

// maxHintSeconds caps the time a hint may take, whatever the difficulty.
const maxHintSeconds = 3.0

// engineRandomness is the root noise used when "vary the engine's moves" is on
// (evaluation units; a rook is about 200).
const engineRandomness = 8

// Change says what a view has to redraw after a change.
type Change uint8

const (
	ChangeStatus   Change = 1 << iota // the status line (search progress)
	ChangeBoard                       // pieces, marks, orientation, coordinates
	ChangeMoves                       // the move list
	ChangeControls                    // which actions are possible now
	ChangeAll      = ChangeStatus | ChangeBoard | ChangeMoves | ChangeControls
)

// SearchFunc runs one engine search; Searcher.Search in the app.
type SearchFunc func(context.Context, *rules.Position, engine.Limits, func(engine.Info)) engine.SearchResult

// Config says where a session keeps its game and how it reaches the UI goroutine.
type Config struct {
	Store    *Store           // nil: nothing is saved
	Post     func(func())     // runs a function on the UI goroutine (fyne.Do in the app)
	Searcher *engine.Searcher // nil: a new one with 16 MB of hash
	Search   SearchFunc       // nil: Searcher.Search; tests put engines that answer badly here
	Language Language         // decides the default notation of a new save
	Time     TimeSource       // nil: the system clock; tests put a fake one here
	Sound    SoundPlayer      // nil: silent
}

// Session is one game in progress: the record, the settings, the selection state of the
// board, and the engine thinking on a background goroutine. All methods must be called on
// the UI goroutine; results of background work come back through post.
type Session struct {
	g        *game.Game
	settings Settings
	lang     Language
	writer   *writer // nil when nothing is saved
	searcher *engine.Searcher
	search   SearchFunc
	book     *book.Book // nil when the bundled book could not be read
	post     func(func())
	time     TimeSource
	clock    gameClock
	away     bool        // the app is out of sight (in the background): the clock waits
	sounds   SoundPlayer // nil: silent

	selected rules.Square
	targets  []rules.Square
	hint     rules.Move
	rejected rules.Square
	illegal  game.Illegality // why the last tapped move was not legal
	flashes  uint64          // identifies the latest reject flash
	animate  rules.Move      // the last move, when the board should slide it into place

	gen      uint64 // bumped whenever a running search becomes stale
	cancel   context.CancelFunc
	thinking bool
	hinting  bool
	info     engine.Info
	fromBook bool // the engine's last move came from the opening book
	// engineView is what the engine thought of its last searched move, for draw offers.
	engineView engineView
	running    sync.WaitGroup
	// engineErr is why the engine's last search gave no playable move; the engine then
	// waits until the user retries, takes back or starts a new game.
	engineErr error
	hintErr   error // why the last hint search gave no move

	tree     gameTree // the game with its variations (browse.go)
	analysis analysis // analysis mode (analysis.go)
	review   review   // the game review (review.go)

	// Hooks called on the UI goroutine; nil hooks are skipped.
	OnChange   func(Change)      // something visible changed
	OnGameOver func(game.Result) // a move ended the game
	OnError    func(error)       // a save failed
	// OnEngineError is told when the engine's search gave no playable move for its turn.
	OnEngineError func(error)
	// OnRepetitionWarning is asked before the player's move that would lose by a
	// repetition rule (when the setting is on): the view shows why and calls play if the
	// player plays it anyway. Without it the move is played.
	OnRepetitionWarning func(why game.Verdict, play func())
}

// NewSession restores the saved game, or starts a new one. The error, when the session is
// not nil, is a notice for the user: the book could not be read, the save was unreadable
// and the backup was restored (*RecoveredError), or neither could be read and a new game
// started (*CorruptSaveError). Call Resume once the view is ready so that the engine moves
// if it is its turn.
func NewSession(cfg Config) (*Session, error) {
	if cfg.Post == nil {
		return nil, errors.New("session: no way to post to the UI goroutine")
	}
	s := &Session{post: cfg.Post, searcher: cfg.Searcher, search: cfg.Search, lang: cfg.Language,
		time: cfg.Time, sounds: cfg.Sound, selected: rules.NoSquare, rejected: rules.NoSquare}
	if s.time == nil {
		s.time = systemTime{}
	}
	if s.searcher == nil {
		s.searcher = engine.NewSearcher(engine.Options{HashMB: engine.DefaultHashMB, Threads: 1})
	}
	if s.search == nil {
		s.search = s.searcher.Search
	}
	var notice error
	if book, err := loadBook(); err == nil {
		s.book = book
	} else {
		notice = err
	}
	if cfg.Store != nil {
		saved, err := cfg.Store.loadSession()
		if g := saved.game; g != nil {
			s.g = g
			s.settings = settingsOf(g, s.lang)
			s.clock = restoreClock(g, s.settings.TimeControl)
			if saved.tree != nil {
				s.tree = gameTree{rec: saved.tree, of: g}
			}
		}
		if err != nil && !errors.Is(err, ErrNoSave) {
			notice = errors.Join(notice, err)
		}
		s.writer = newWriter(cfg.Store, func(err error) { s.post(func() { s.saveFailed(err) }) })
	}
	if s.g == nil {
		g, err := game.New("")
		if err != nil {
			s.Close()
			return nil, err
		}
		s.g = g
		s.settings = DefaultSettings(s.lang)
		s.settings.Record(g)
		s.save()
	}
	s.configureEngine()
	s.syncClock()
	return s, notice
}

// Resume lets the engine move if it is its turn (after a launch or a restore).
func (s *Session) Resume() { s.maybeStartEngine() }

// Close cancels a running search, waits for its goroutine to end and for the last save
// to be written.
func (s *Session) Close() {
	s.cancelSearch()
	s.stopAnalysis()
	s.forgetReview()
	s.running.Wait()
	if s.clock.tc.Timed() {
		s.stopClock()
		s.save() // the exact time left, not the time at the last move
	}
	if s.writer != nil {
		s.writer.close()
	}
}

// WaitSearch waits until the background search, if any, has returned (its result may
// still wait to be posted). Safe from any goroutine.
func (s *Session) WaitSearch() { s.running.Wait() }

// Flush waits until every change so far is on storage.
func (s *Session) Flush() {
	if s.writer != nil {
		s.writer.flush()
	}
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

// Hinting reports whether the engine is searching for a hint.
func (s *Session) Hinting() bool { return s.hinting }

// EngineMoveFromBook reports whether the engine's last move came from the opening book.
func (s *Session) EngineMoveFromBook() bool { return s.fromBook }

// Progress returns the latest search progress report.
func (s *Session) Progress() engine.Info { return s.info }

// Selected is the selected piece's point, or rules.NoSquare.
func (s *Session) Selected() rules.Square { return s.selected }

// Targets are the legal destinations of the selected piece.
func (s *Session) Targets() []rules.Square { return slices.Clone(s.targets) }

// Hint is the engine's suggestion for the player, or rules.NoMove.
func (s *Session) Hint() rules.Move { return s.hint }

// Rejected is a point just tapped illegally, flashed briefly, or rules.NoSquare.
func (s *Session) Rejected() rules.Square { return s.rejected }

// Illegal is why the last move the player tried was not legal (game.NotIllegal after any
// other tap).
func (s *Session) Illegal() game.Illegality { return s.illegal }

// Animate is the last move when the board should slide it into place: a move made by a
// tap, by the engine or by Redo, but not one the player dropped there by dragging.
func (s *Session) Animate() rules.Move { return s.animate }

// HumanToMove reports whether a person may move now.
func (s *Session) HumanToMove() bool {
	return !s.thinking && !s.g.Result().Decided() && (s.settings.Human.Plays(s.g.SideToMove()) || s.freeMoves())
}

// Tap handles a tap on a board point as article 003 §1 describes: an own piece becomes
// the selection; with a selection, any other point is a move, played if legal.
func (s *Session) Tap(sq rules.Square) { s.tap(sq, true) }

// Drop plays the move of a piece dragged from one point and dropped on another: the same
// as tapping both, except that the piece is already where it lands.
func (s *Session) Drop(from, to rules.Square) {
	if p := s.g.Position().At(from); p == rules.NoPiece || p.Color() != s.g.SideToMove() {
		return
	}
	s.tap(from, false)
	s.tap(to, false)
}

func (s *Session) tap(sq rules.Square, animate bool) {
	s.illegal = game.NotIllegal
	pos := s.g.Position()
	p := pos.At(sq)
	if !s.HumanToMove() {
		// While the engine thinks, the player may pick the piece to move next; it stays
		// selected when the engine's move leaves it in place.
		if s.thinking && p != rules.NoPiece && s.settings.Human.Plays(p.Color()) {
			s.selected, s.targets = sq, nil
			s.changed(ChangeBoard)
		}
		return
	}
	if p != rules.NoPiece && p.Color() == pos.Side() {
		s.selected = sq
		s.targets = legalTargets(pos, sq)
		s.changed(ChangeBoard | ChangeStatus)
		return
	}
	if s.selected == rules.NoSquare {
		return
	}
	m := rules.NewMove(s.selected, sq)
	if why := game.WhyIllegal(pos, m); why != game.NotIllegal {
		s.illegal = why
		s.flashReject(sq)
		return
	}
	if s.settings.WarnRepetition && s.OnRepetitionWarning != nil {
		if why, loses := s.g.WouldLoseByRepetition(m); loses {
			g, ply := s.g, s.g.Ply()
			s.OnRepetitionWarning(why, func() {
				if s.g == g && s.g.Ply() == ply && s.HumanToMove() {
					s.playTapped(m, sq, animate)
				}
			})
			return
		}
	}
	s.playTapped(m, sq, animate)
}

// playTapped plays the move of a tap, flashing the point when the game refuses it.
func (s *Session) playTapped(m rules.Move, sq rules.Square, animate bool) {
	if err := s.play(m, animate); err != nil {
		s.flashReject(sq)
	}
}

func legalTargets(pos *rules.Position, from rules.Square) []rules.Square {
	var ts []rules.Square
	for _, m := range pos.LegalMoves() {
		if m.From() == from {
			ts = append(ts, m.To())
		}
	}
	return ts
}

// flashReject marks an illegal target briefly; the selection stays.
func (s *Session) flashReject(sq rules.Square) {
	s.rejected = sq
	s.sound(SoundIllegal)
	s.flashes++
	id := s.flashes
	s.changed(ChangeBoard | ChangeStatus)
	time.AfterFunc(rejectFlash, func() {
		s.post(func() {
			if s.flashes == id && s.rejected != rules.NoSquare {
				s.rejected = rules.NoSquare
				s.changed(ChangeBoard)
			}
		})
	})
}

// play makes a move, saves, and hands over to the engine when it is its turn. A move the
// game rejects changes nothing and is returned as an error.
func (s *Session) play(m rules.Move, animate bool) error {
	mover := s.g.SideToMove()
	if !s.g.Result().Decided() && s.g.Position().IsLegal(m) && !s.clockBeforeMove() {
		return errors.New("the time ran out before the move")
	}
	s.beforeMove()
	captured := s.captures(m)
	if err := s.g.Play(m); err != nil {
		return err
	}
	s.clockAfterMove(mover)
	s.sound(s.moveSound(captured))
	if s.hinting {
		s.cancelSearch() // a hint for the position before this move is stale
	}
	s.moved(animate, true)
	return nil
}

// moved follows a move made (announce) or replayed: it clears the marks, saves, redraws,
// and then announces the end of the game, when the move is new, or hands over to the
// engine when it is its turn. A piece the player picked while the engine thought stays
// selected if it is still there.
func (s *Session) moved(animate, announce bool) {
	picked := s.selected
	s.clearMarks()
	if animate {
		s.animate = s.g.LastMove()
	}
	if picked != rules.NoSquare && s.HumanToMove() {
		if p := s.g.Position().At(picked); p != rules.NoPiece && p.Color() == s.g.SideToMove() {
			s.selected, s.targets = picked, legalTargets(s.g.Position(), picked)
		}
	}
	s.save()
	s.changed(ChangeAll)
	if r := s.g.Result(); r.Decided() {
		if announce && s.OnGameOver != nil {
			s.OnGameOver(r)
		}
		return
	}
	s.maybeStartEngine()
}

// clearMarks forgets the selection and everything tied to the previous position,
// including a failed search's report.
func (s *Session) clearMarks() {
	s.selected, s.targets, s.hint, s.rejected = rules.NoSquare, nil, rules.NoMove, rules.NoSquare
	s.animate, s.illegal = rules.NoMove, game.NotIllegal
	s.engineErr, s.hintErr = nil, nil
}

// NewGame starts a fresh game with the given settings (the board faces the human).
func (s *Session) NewGame(set Settings) error {
	if err := CheckSeconds(set.Seconds); err != nil {
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
	s.disarmFlag()
	s.g, s.settings, s.engineView, s.clock = g, set, engineView{}, newGameClock(set.TimeControl)
	s.settings.Record(g)
	g.Meta.Date = time.Now().Format("2006.01.02")
	s.configureEngine()
	s.clearMarks()
	s.save()
	s.changed(ChangeAll)
	s.maybeStartEngine()
	return nil
}

// ApplySettings changes difficulty, book, randomness, coordinates, notation, rules and the
// repetition warning during a game. The side played is changed only by NewGame.
func (s *Session) ApplySettings(set Settings) error {
	if err := CheckSeconds(set.Seconds); err != nil {
		return err
	}
	set.Human, set.Flipped, set.TimeControl = s.settings.Human, s.settings.Flipped, s.settings.TimeControl
	s.settings = set
	s.settings.Record(s.g)
	s.configureEngine()
	s.save()
	s.changed(ChangeAll)
	return nil
}

// Flip turns the board around.
func (s *Session) Flip() {
	s.settings.Flipped = !s.settings.Flipped
	s.settings.Record(s.g)
	s.save()
	s.changed(ChangeBoard)
}

// sideAt returns the side to move at ply p of the current line.
func (s *Session) sideAt(p int) rules.Color {
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
	s.engineView = engineView{}
	s.clearMarks()
	s.save()
	s.changed(ChangeAll)
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
	s.moved(true, false)
}

// CanHint reports whether AskHint would ask the engine for a move.
func (s *Session) CanHint() bool { return s.HumanToMove() && !s.hinting }

// AskHint asks the engine for a move for the player; it is shown on the board.
func (s *Session) AskHint() {
	if !s.CanHint() {
		return
	}
	s.hint, s.hintErr = rules.NoMove, nil
	s.startSearch(true)
}

// CanRetryEngine reports whether it is the engine's turn but its last search failed.
func (s *Session) CanRetryEngine() bool {
	return s.engineErr != nil && !s.thinking && !s.g.Result().Decided() && s.settings.engineMoves(s.g.SideToMove())
}

// RetryEngine lets the engine search again after a search that gave no playable move.
func (s *Session) RetryEngine() {
	if !s.CanRetryEngine() {
		return
	}
	s.engineErr = nil
	s.startSearch(false)
}

// maybeStartEngine starts the engine's search when it is to move.
func (s *Session) maybeStartEngine() {
	if s.thinking || s.g.Result().Decided() || !s.settings.engineMoves(s.g.SideToMove()) || s.freeMoves() {
		return
	}
	s.startSearch(false)
}

// configureEngine applies the book, randomness and rules settings. A search copies the
// searcher's options when it starts, so a change during a search applies to the next.
func (s *Session) configureEngine() {
	randomness := 0
	if s.settings.Random {
		randomness = engineRandomness
	}
	s.searcher.SetRandomness(randomness)
	s.searcher.SetBookProbe(bookProbe(s.book, s.settings.Book, s.settings.Random))
	s.searcher.SetRules(s.settings.Rules)
}

func (s *Session) startSearch(hint bool) {
	s.cancelSearch()
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
	s.searcher.SetElo(s.settings.searchElo(hint)) // levels.go
	// The search judges repetitions by the game's rules too, but it sees a loss only
	// where its tree reaches one; the moves the judge would punish are banned at the
	// root, as a referee bans them.
	limits := engine.Limits{MoveTime: secondsToDuration(seconds), BanMoves: s.g.ForbiddenMoves()}
	if tc := s.clock.tc; tc.Timed() && !hint {
		// On a clock the engine plans its own time from what is left, not by the level's
		// seconds per move.
		limits.MoveTime = 0
		limits.Time, limits.Increment = s.ClockLeft(pos.Side()), tc.Increment
	}
	search := s.search
	s.changed(ChangeStatus | ChangeControls)
	s.running.Add(1)
	go func() {
		defer s.running.Done()
		res := search(ctx, pos, limits, func(info engine.Info) {
			s.post(func() {
				if gen == s.gen && !hint {
					s.info = info
					s.changed(ChangeStatus)
				}
			})
		})
		s.post(func() { s.searchDone(gen, hint, res) })
	}()
}

// searchDone applies a finished search unless the game moved on since it started.
func (s *Session) searchDone(gen uint64, hint bool, res engine.SearchResult) {
	if gen != s.gen {
		return
	}
	s.cancel()
	s.cancel = nil
	s.thinking, s.hinting = false, false
	pos := s.g.Position()
	var bad error
	switch {
	case res.Move == rules.NoMove:
		bad = errors.New("the search returned no move")
	case !pos.IsLegal(res.Move):
		bad = fmt.Errorf("the search returned the illegal move %v", res.Move)
	}
	if hint {
		if bad == nil {
			s.hint = res.Move
		}
		s.hintErr = bad
		s.changed(ChangeBoard | ChangeStatus | ChangeControls)
		return
	}
	if bad == nil {
		s.fromBook = res.FromBook
		if !res.FromBook {
			s.engineView = engineView{score: res.Score, known: true}
		}
		if err := s.play(res.Move, true); err != nil {
			bad = fmt.Errorf("the game rejected the move %v: %w", res.Move, err)
		}
	}
	if bad != nil {
		s.engineFailed(bad)
	}
}

// engineFailed stops waiting for the engine after a search without a playable move and
// reports why; the user can retry, take back or start a new game.
func (s *Session) engineFailed(err error) {
	s.engineErr = err
	s.changed(ChangeStatus | ChangeControls)
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
		s.changed(ChangeStatus | ChangeControls)
	}
}

// save encodes the game here, which is cheap, and leaves the writing to the writer.
func (s *Session) save() {
	if s.writer == nil {
		return
	}
	s.clock.settle(s.time.Now())
	s.clock.record(s.g)
	data, err := encodeSession(s.g, s.Record())
	if err != nil {
		s.saveFailed(err)
		return
	}
	s.writer.save(data)
}

func (s *Session) saveFailed(err error) {
	if s.OnError != nil {
		s.OnError(err)
	}
}

func (s *Session) changed(c Change) {
	// Every change of the game passes here, so the clock follows the side to move and
	// stops when the game is decided, however the change came about.
	s.syncClock()
	if c&ChangeBoard != 0 {
		s.followAnalysis()
	}
	if s.OnChange != nil {
		s.OnChange(c)
	}
}
