package play

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/rules"
)

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
	Searcher *engine.Searcher // nil: a new one, one thread and sessionHashMB of hash
	Search   SearchFunc       // nil: Searcher.Search; tests put engines that answer badly here
	Language Language         // decides the default notation of a new save
	Time     match.TimeSource // nil: the system clock; tests put a fake one here
	Sound    SoundPlayer      // nil: silent
}

// Session is one game in progress on this device: a Match (the game, its clock and
// result) with the player's settings, the board input, the engine's jobs on background
// goroutines, saving and sounds. All methods must be called on the UI goroutine; results
// of background work come back through post.
type Session struct {
	m        *match.Match // the game, its clock and result
	settings Settings
	lang     Language
	writer   *writer // nil when nothing is saved
	searcher *engine.Searcher
	search   SearchFunc
	// net is the built-in net, decoded when the player first chooses the neural
	// evaluation (evaluation.go), shared by the engine and the analysis.
	net    *nnue.Net
	book   *book.Book // nil when the bundled book could not be read
	post   func(func())
	time   match.TimeSource // the clock's time
	away   bool             // the app is out of sight (in the background): the clock waits
	sounds SoundPlayer      // nil: silent

	marks boardMarks // what the board shows besides the position (board_input.go)

	checkpoint clockCheckpoint // the next save of a running clock (clock.go)

	searchJob job // the engine's move or a hint (engine_jobs.go)
	thinking  bool
	hinting   bool
	info      engine.Info
	fromBook  bool // the engine's last move came from the opening book
	// engineView is what the engine thought of its last searched move, for draw offers.
	engineView engineView
	running    sync.WaitGroup
	// engineErr is why the engine's last search gave no playable move; the engine then
	// waits until the user retries, takes back or starts a new game.
	engineErr error
	hintErr   error // why the last hint search gave no move
	// editedAfterEnd says that the record of a finished game was edited (a move deleted):
	// the engine, done with that game, waits for the next move played before it plays
	// again, instead of answering at once at the end of the edited line (issue 35).
	editedAfterEnd bool

	analysis analysis // analysis mode (analysis.go)
	// helpLocked turns hint, analysis and review off while the player has an online game
	// in play (the anti-cheat rule of every online server); SetHelpLocked.
	helpLocked bool
	review     review // the game review (review.go)

	listeners Listeners // listeners.go

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
		time: cfg.Time, sounds: cfg.Sound, marks: noMarks()}
	if s.time == nil {
		s.time = match.SystemTime{}
	}
	if s.searcher == nil {
		// One thread and no pondering on every platform: the app plays one game at a time, and on a
		// phone more cores mean a flatter battery (docs/budget.md).
		s.searcher = engine.NewSearcher(engine.Options{HashMB: sessionHashMB, Threads: 1})
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
			s.adoptSettings(settingsFrom(saved.settings, s.lang))
			g.SetRules(s.settings.Rules)
			s.m = s.newMatch(g, saved.clock)
			if saved.review != nil {
				// A review that no longer fits the game is dropped; the game is what matters.
				_ = s.restoreReview(saved.review)
			}
		}
		if err != nil && !errors.Is(err, ErrNoSave) {
			notice = errors.Join(notice, err)
		}
		s.writer = newWriter(cfg.Store, func(err error) { s.post(func() { s.listeners.saveError(err) }) })
	}
	if s.m == nil {
		g, err := game.New("")
		if err != nil {
			if s.writer != nil {
				s.writer.close()
			}
			return nil, err
		}
		s.adoptSettings(DefaultSettings(s.lang))
		g.SetRules(s.settings.Rules)
		s.m = s.newMatch(g, nil)
		s.save()
	}
	s.Clocks().sync()
	return s, notice
}

// Resume lets the engine move if it is its turn (after a launch or a restore).
func (s *Session) Resume() { s.Engine().maybeStart() }

// Close cancels a running search, waits for its goroutine to end and for the last save
// to be written.
func (s *Session) Close() {
	s.Engine().cancel()
	s.Analysis().stop()
	s.review.job.stop()
	if s.review.running {
		s.review.running = false
		s.save() // what the review found so far is kept with the game
	}
	s.running.Wait()
	if s.m.TimeControl().Timed() {
		s.m.StopClock()
		s.Clocks().armCheckpoint()
		s.save() // the exact time left, not the time at the last move
	}
	if s.writer != nil {
		s.writer.close()
	}
}

// Flush waits until every change so far is on storage.
func (s *Session) Flush() {
	if s.writer != nil {
		s.writer.flush()
	}
}

// Game returns the record with its cursor (read only for callers).
func (s *Session) Game() *game.Game { return s.m.Game() }

// Match returns the game being played, with its clock and result.
func (s *Session) Match() *match.Match { return s.m }

// newMatch makes the session's match of g with the settings' time control and the time
// clocks each side has (nil: full clocks).
func (s *Session) newMatch(g *game.Game, clocks *[2]match.SideClock) *match.Match {
	m := match.NewMatch(g, s.settings.TimeControl, clocks, s.time, s.post)
	m.OnFlagFall = s.Clocks().flagFell
	m.OnCountdown = s.countdown
	return m
}

// Settings returns the current settings.
func (s *Session) Settings() Settings { return s.settings }

// play makes a move the game judged legal (a tap's, the engine's: judged once, there),
// saves, and hands over to the engine when it is its turn. A move the game rejects
// changes nothing and is returned as an error.
func (s *Session) play(lm game.LegalMove, animate bool) error {
	captured := captures(s.m.Game().View(), lm.Move())
	var before *rules.Position // for the spoken move, which names it from where it starts
	if s.settings.Speech {
		before = s.m.Game().Position()
	}
	if err := s.m.PlayLegal(lm); err != nil {
		return err
	}
	s.sound(moveSound(s.m.Game(), s.settings.Human, captured))
	s.speak(before, lm.Move())
	if s.hinting {
		s.Engine().cancel() // a hint for the position before this move is stale
	}
	s.moved(animate, true)
	return nil
}

// moved follows a move made (announce) or replayed: it clears the marks, saves, redraws,
// and then announces the end of the game, when the move is new, or hands over to the
// engine when it is its turn. A piece the player picked while the engine thought stays
// selected if it is still there.
func (s *Session) moved(animate, announce bool) {
	s.editedAfterEnd = false
	picked := s.marks.selected
	s.Input().clearMarks()
	if animate {
		s.marks.animate = s.m.Game().LastMove()
	}
	if picked != rules.NoSquare && s.HumanToMove() {
		if p := s.m.Game().View().At(picked); p != rules.NoPiece && p.Color() == s.m.Game().SideToMove() {
			s.marks.selected, s.marks.targets = picked, s.m.Game().View().LegalTargets(picked)
		}
	}
	s.save()
	s.changed(ChangeAll)
	if r := s.m.Game().Result(); r.Decided() {
		if announce {
			s.Endings().announce(r)
		}
		return
	}
	s.Engine().maybeStart()
}

// NewGame starts a fresh game with the given settings (the board faces the human).
func (s *Session) NewGame(set Settings) error {
	if err := CheckSeconds(set.Seconds); err != nil {
		return err
	}
	if err := s.prepareNet(set); err != nil {
		return err
	}
	g, err := game.New("")
	if err != nil {
		return err
	}
	s.leaveGame()
	s.Engine().cancel()
	s.running.Wait()
	s.searcher.Clear()
	set.Flipped = set.Human == game.HumanBlack
	s.m.StopClock()
	s.Review().forget() // its marks belong to the game replaced
	s.settings, s.engineView, s.editedAfterEnd = set, engineView{}, false
	s.m = s.newMatch(g, nil)
	g.SetRules(set.Rules)
	g.Record().Meta.Date = time.Now().Format("2006.01.02")
	s.Input().clearMarks()
	s.save()
	s.changed(ChangeAll)
	s.Engine().maybeStart()
	return nil
}

// ApplySettings changes difficulty, book, randomness, coordinates, notation, rules, the
// repetition warning and the evaluation during a game. The side played is changed only by
// NewGame.
func (s *Session) ApplySettings(set Settings) error {
	if err := CheckSeconds(set.Seconds); err != nil {
		return err
	}
	if err := s.prepareNet(set); err != nil {
		return err
	}
	set.Human, set.Flipped, set.TimeControl = s.settings.Human, s.settings.Flipped, s.settings.TimeControl
	evalChanged := set.Evaluation != s.settings.Evaluation
	s.settings = set
	s.m.Game().SetRules(set.Rules)
	if evalChanged && s.analysis.on {
		s.Analysis().start() // its lines were judged by the other evaluation
	}
	s.save()
	s.changed(ChangeAll)
	return nil
}

// Flip turns the board around.
func (s *Session) Flip() {
	s.settings.Flipped = !s.settings.Flipped
	s.save()
	s.changed(ChangeBoard)
}

// save encodes the game here, which is cheap, and leaves the writing to the writer.
func (s *Session) save() {
	if s.writer == nil {
		return
	}
	data, err := encodeSave(s.m.Game(), s.settings, s.m.ClocksToKeep(), s.review.saved())
	if err != nil {
		s.listeners.saveError(err)
		return
	}
	s.writer.save(data)
}

// changed follows every change of the game, however it came about: first the session's
// own state follows it (the clock runs for the side to move and stops when the game is
// decided; the analysis moves to a new position), then the listeners hear of it.
func (s *Session) changed(c Change) {
	s.Clocks().sync()
	if c&ChangeBoard != 0 {
		s.Analysis().follow()
	}
	s.listeners.change(c)
}
