package gui

import (
	"errors"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/internal/starttrace"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/resources"
)

// AppID is the application identifier (also in FyneApp.toml).
const AppID = "io.github.xqfyne.xiangqi"

// Window is the main window: a stack of screens, the game at the bottom, and what every
// screen and dialog shares: the session, the language, the game library and the files.
// It wires them together; each screen and dialog gets only what it needs.
type Window struct {
	win     fyne.Window
	session *play.Session
	lang    play.Language
	look    *appLook
	game    *gameScreen
	screens screenStack // the game at the bottom, the editor or library over it
	io      ioState     // the game library (library.go)
	files   *gameFiles  // opening and saving games (io.go)
	// store keeps the game (nil when it cannot be saved, storeErr says why); the
	// puzzle progress and the online sign-in are kept beside it.
	store    *play.Store
	storeErr error
	// puzzles is the puzzle trainer, read when the puzzles are first shown (puzzles.go).
	puzzles      *play.Puzzles
	puzzleLimits engine.Limits
	now          func() time.Time
	online       *online.Controller // online play (online.go), made at the start when signed in before
	// onlineScreen is the Online screen last opened (nil before), which the controller's
	// changes refresh while it is shown.
	onlineScreen *onlineScreen
	sync         windowSync // the registered account's sync (online_sync.go)
}

// Config says where the game is saved and how to reach the UI goroutine.
type Config struct {
	SaveDir string       // directory of the save files; "" uses the app's storage
	Post    func(func()) // nil uses fyne.Do
	// Search replaces the engine's search (tests use engines that answer badly).
	Search play.SearchFunc
	// Searcher is the game's engine, whose options the session sets before each search
	// (nil: a new one; tests read those options).
	Searcher *engine.Searcher
	// Time replaces the system clock (tests drive the game clock with a fake one).
	Time  match.TimeSource
	Sound play.SoundPlayer // plays the game's sounds; nil: silent
	// AwayStopsClock stops the game clock while the app is in the background. It is always
	// so on a phone, where the board cannot be seen then; a desktop window that merely lost
	// the focus still shows the board, so its clock keeps running.
	AwayStopsClock bool
	// PuzzleLimits bound the engine in the puzzles: its replies in endgame training and
	// its refutations of wrong moves (zero: play's defaults; tests make it shallow).
	PuzzleLimits engine.Limits
	// ReleaseMemory, when set, is called as the app goes into the background and when a
	// game ends: main gives the heap's free pages back to the system then
	// (debug.FreeOSMemory), since a phone chooses the background apps it ends by the
	// memory they hold.
	ReleaseMemory func()
}

// SetupApp applies the bundled theme font and translations to a Fyne app.
func SetupApp(a fyne.App) {
	setupTranslations()
	a.Settings().SetTheme(newAppTheme())
	a.SetIcon(fyne.NewStaticResource("Icon.png", resources.IconBytes()))
}

// NewWindow builds the main window on a, restoring the saved game, and does not show it.
// When the game cannot be saved or restored the window still opens, with a notice.
func NewWindow(a fyne.App, cfg Config) (*Window, error) {
	SetupApp(a)
	starttrace.Mark("gui: SetupApp")
	if cfg.Post == nil {
		cfg.Post = fyne.Do
	}
	w := &Window{lang: systemLanguage(), puzzleLimits: cfg.PuzzleLimits, now: time.Now}
	if cfg.Time != nil {
		w.now = cfg.Time.Now
	}
	store, storeErr := openStore(a, cfg.SaveDir)
	starttrace.Mark("gui: openStore")
	w.store, w.storeErr = store, storeErr
	session, notice := play.NewSession(play.Config{Store: store, Post: cfg.Post, Searcher: cfg.Searcher, Search: cfg.Search, Language: w.lang,
		Time: cfg.Time, Sound: cfg.Sound})
	starttrace.Mark("gui: NewSession")
	if session == nil {
		return nil, notice
	}
	w.session, w.store = session, store
	w.look = &appLook{app: a, text: minTextSize, post: cfg.Post,
		theme: func() play.ThemeChoice { return session.Settings().Appearance.Theme }}
	// The player's theme before any widget is built: a renderer takes its colours when it
	// is made, and a theme set before the app runs redraws nothing, so buttons made under
	// the system's dark theme stayed dark in a light one.
	w.look.apply()
	w.win = a.NewWindow(tr("app.title"))
	w.game = newGameScreen(gameDeps{session: session, say: w.say, parent: w.win, look: w.look, post: cfg.Post,
		newGame: w.showNewGame, settings: w.showSettings, resign: w.confirmResign, draw: w.offerDraw,
		review: w.toggleReview, more: w.moreItems})
	starttrace.Mark("gui: newGameScreen")
	w.screens = screenStack{win: w.win}
	w.screens.push(w.game)
	starttrace.Mark("gui: screens.push")
	w.addShortcuts()
	w.game.addNavigationKeys(w.navKeys)
	w.win.Resize(fyne.NewSize(900, 680))
	session.Listen(play.Listener{
		Change: w.game.refresh,
		GameOver: func(r game.Result) {
			w.showGameOver(r)
			if cfg.ReleaseMemory != nil {
				cfg.ReleaseMemory() // the finished game's garbage, while the result shows
			}
		},
		SaveError: func(err error) {
			dialog.ShowError(errors.New(tr("save.failed", map[string]any{"Error": err})), w.win)
		},
		EngineError: w.showEngineError,
	})
	session.OnRepetitionWarning = w.warnRepetition
	w.setupIO(a, cfg.SaveDir)
	starttrace.Mark("gui: setupIO")
	// A phone's app in the background stops its clock; coming back, every app redials a
	// dropped online socket at once instead of waiting out its back-off.
	awayStops := cfg.AwayStopsClock || fyne.CurrentDevice().IsMobile()
	lc := a.Lifecycle()
	lc.SetOnExitedForeground(func() {
		if awayStops {
			session.Clocks().SetAway(true)
		}
		if cfg.ReleaseMemory != nil {
			cfg.ReleaseMemory()
		}
	})
	lc.SetOnEnteredForeground(func() {
		if awayStops {
			session.Clocks().SetAway(false)
		}
		if w.online != nil {
			w.online.Foreground()
		}
	})
	w.win.SetOnClosed(func() {
		w.game.keepClockTicking(false)
		if w.puzzles != nil {
			w.puzzles.Close()
		}
		if w.online != nil {
			w.online.Close()
		}
		session.Close()
	})
	w.game.refresh(play.ChangeAll)
	starttrace.Mark("gui: refresh")
	if storeErr != nil {
		w.showNotice(tr("save.unavailable", map[string]any{"Error": storeErr}))
	}
	w.showLoadNotice(notice)
	if store != nil {
		if kept, err := store.LoadOnline(); err == nil && kept.Token != "" {
			w.startOnline()
		}
	}
	session.Resume()
	return w, nil
}

// showLoadNotice tells what happened to an unreadable save.
func (w *Window) showLoadNotice(notice error) {
	var recovered *play.RecoveredError
	var corrupt *play.CorruptSaveError
	switch {
	case notice == nil:
	case errors.As(notice, &recovered):
		w.showNotice(tr("save.recovered", map[string]any{"Path": recovered.Aside}))
	case errors.As(notice, &corrupt):
		w.showNotice(tr("save.corrupt", map[string]any{"Path": strings.Join(corrupt.Asides, ", ")}))
	default:
		dialog.ShowError(notice, w.win)
	}
}

func (w *Window) showNotice(text string) {
	dialog.ShowInformation(tr("notice.title"), text, w.win)
}

// Fyne returns the underlying window.
func (w *Window) Fyne() fyne.Window { return w.win }

// Session returns the game session shown in the window.
func (w *Window) Session() *play.Session { return w.session }

// Board returns the board widget.
func (w *Window) Board() *board.Board { return w.game.board }

// setupIO opens the game library next to the save, files finished and left games in it, and
// binds the desktop keys of the file actions.
func (w *Window) setupIO(a fyne.App, saveDir string) {
	w.io.library, w.io.libraryErr = openLibrary(a, saveDir)
	if w.io.library != nil {
		w.io.library.FileGames(w.session, w.offerResume, func(err error) {
			dialog.ShowError(errors.New(tr("library.addFailed", map[string]any{"Error": err})), w.win)
		})
	}
	if w.io.libraryErr != nil {
		w.showNotice(tr("library.notice", map[string]any{"Error": w.io.libraryErr}))
	}
	w.files = &gameFiles{parent: w.win, source: w.session, flash: w.game.flashStatus, notice: w.showNotice,
		open: w.session.OpenRecord, openAnswered: w.openQuietly, now: w.now}
	w.win.SetOnDropped(w.files.openDropped) // a game file dropped on the window opens
	w.addIOShortcuts()
}

// navKeys are what the navigation keys do: browse the online game on the Online screen,
// else the session's game.
func (w *Window) navKeys() navActions {
	if s, ok := w.screens.top().(*onlineScreen); ok && s.deps.c.Current() != nil {
		return s.navActions()
	}
	return w.game.sessionNav()
}
