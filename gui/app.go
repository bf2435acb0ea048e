package gui

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/resources"
)

// AppID is the application identifier (also in FyneApp.toml).
const AppID = "io.github.xqfyne.xiangqi"

// Window is the main window: the board, the status line, the controls and the move list.
type Window struct {
	win     fyne.Window
	app     fyne.App
	text    float32 // the text size chosen for the window's size
	session *play.Session
	lang    play.Language

	board     *board.Board
	clocks    *ClockWidget
	tickStop  chan struct{} // closes the running clock's ticker; nil when none runs
	post      func(func())
	status    *widget.Label
	turned    *faceStatus // the status turned for the player across the board
	thinking  *widget.ProgressBarInfinite
	moveList  *moveList
	moves     moveRows
	undoBtn   *widget.Button
	redoBtn   *widget.Button
	hintBtn   *widget.Button
	newBtn    *widget.Button
	flipBtn   *widget.Button
	settBtn   *widget.Button
	resignBtn *widget.Button
	drawBtn   *widget.Button
	// The same actions as icon-only buttons for the narrow portrait layout.
	iconBtns []*widget.Button
	content  *fyne.Container
	// Navigation, analysis and review (navigation.go, analysis.go, review.go).
	nav           *navBar
	analysisPanel *analysisPanel
	reviewPanel   *reviewPanel
	panels        *fyne.Container // the analysis and review panels
	io            ioState         // import/export, board editor and library (io.go, editor.go, library.go)
	screens       screenStack     // the game at the bottom, the editor or library over it
	files         *gameFiles      // opening and saving games
}

// Config says where the game is saved and how to reach the UI goroutine.
type Config struct {
	SaveDir string       // directory of the save files; "" uses the app's storage
	Post    func(func()) // nil uses fyne.Do
	// Search replaces the engine's search (tests use engines that answer badly).
	Search play.SearchFunc
	// Time replaces the system clock (tests drive the game clock with a fake one).
	Time  play.TimeSource
	Sound play.SoundPlayer // plays the game's sounds; nil: silent
	// AwayStopsClock stops the game clock while the app is in the background. It is always
	// so on a phone, where the board cannot be seen then; a desktop window that merely lost
	// the focus still shows the board, so its clock keeps running.
	AwayStopsClock bool
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
	if cfg.Post == nil {
		cfg.Post = fyne.Do
	}
	w := &Window{lang: systemLanguage(), post: cfg.Post, app: a, text: minTextSize}
	store, storeErr := openStore(a, cfg.SaveDir)
	session, notice := play.NewSession(play.Config{Store: store, Post: cfg.Post, Search: cfg.Search, Language: w.lang,
		Time: cfg.Time, Sound: cfg.Sound})
	if session == nil {
		return nil, notice
	}
	w.session = session
	// The player's theme before any widget is built: a renderer takes its colours when it
	// is made, and a theme set before the app runs redraws nothing, so buttons made under
	// the system's dark theme stayed dark in a light one.
	applyTheme(a, session.Settings().Appearance.Theme, w.text)
	w.win = a.NewWindow(tr("app.title"))
	w.build()
	session.OnChange = w.refresh
	session.OnGameOver = w.showGameOver
	session.OnError = func(err error) {
		dialog.ShowError(errors.New(tr("save.failed", map[string]any{"Error": err})), w.win)
	}
	session.OnEngineError = w.showEngineError
	session.OnRepetitionWarning = w.warnRepetition
	// setupIO wraps OnGameOver to file finished games: it stays after every hook is set.
	w.setupIO(a, cfg.SaveDir)
	if cfg.AwayStopsClock || fyne.CurrentDevice().IsMobile() {
		lc := a.Lifecycle()
		lc.SetOnExitedForeground(func() { session.SetAway(true) })
		lc.SetOnEnteredForeground(func() { session.SetAway(false) })
	}
	w.win.SetOnClosed(func() {
		w.keepClockTicking(false)
		session.Close()
	})
	w.refresh(play.ChangeAll)
	if storeErr != nil {
		w.showNotice(tr("save.unavailable", map[string]any{"Error": storeErr}))
	}
	w.showLoadNotice(notice)
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
func (w *Window) Board() *board.Board { return w.board }

func (w *Window) build() {
	s := w.session
	w.board = board.New(s.Tap, s.Drop)
	w.clocks = NewClockWidget(tr("side.red"), tr("side.black"))
	w.clocks.Hide()
	w.status = widget.NewLabel("")
	w.status.Wrapping = fyne.TextWrapWord
	w.turned = newFaceStatus(w.status)
	w.thinking = widget.NewProgressBarInfinite()
	w.thinking.Hide()
	w.newBtn = widget.NewButton(tr("action.new"), w.showNewGame)
	w.undoBtn = widget.NewButton(tr("action.undo"), s.Undo)
	w.redoBtn = widget.NewButton(tr("action.redo"), s.Redo)
	w.hintBtn = widget.NewButton(tr("action.hint"), s.AskHint)
	w.flipBtn = widget.NewButton(tr("action.flip"), s.Flip)
	w.settBtn = widget.NewButton(tr("action.settings"), w.showSettings)
	w.resignBtn = widget.NewButton(tr("action.resign"), w.confirmResign)
	w.drawBtn = widget.NewButton(tr("action.draw"), w.offerDraw)
	buttons := container.NewGridWithColumns(4, w.newBtn, w.undoBtn, w.redoBtn, w.hintBtn,
		w.resignBtn, w.drawBtn, w.flipBtn, w.settBtn)
	// The same actions as icons, in the same order; iconBtns[i] mirrors textBtns()[i].
	w.iconBtns = []*widget.Button{
		widget.NewButtonWithIcon("", theme.ContentAddIcon(), w.showNewGame),
		widget.NewButtonWithIcon("", theme.ContentUndoIcon(), s.Undo),
		widget.NewButtonWithIcon("", theme.ContentRedoIcon(), s.Redo),
		widget.NewButtonWithIcon("", appIcon("hint"), s.AskHint),
		widget.NewButtonWithIcon("", appIcon("resign"), w.confirmResign),
		widget.NewButtonWithIcon("", appIcon("draw"), w.offerDraw),
		widget.NewButtonWithIcon("", appIcon("flip"), s.Flip),
		widget.NewButtonWithIcon("", theme.SettingsIcon(), w.showSettings),
	}
	iconRow := container.NewGridWithColumns(len(w.iconBtns) + 1)
	for _, b := range w.iconBtns {
		iconRow.Add(b)
	}
	iconRow.Add(w.moreButton(""))

	w.moveList = w.newMoveList()
	nav, panel := w.newSidePanel()
	title := w.withMoreButton(widget.NewLabelWithStyle(tr("moves.title"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	moveRow := newRowText("1.")
	statusRows := widget.NewLabel(strings.Repeat("\n", statusLines-1))
	statusRowsWide := widget.NewLabel(strings.Repeat("\n", statusLinesWide-1))
	w.content = container.New(&mainLayout{
		board: w.board, clocks: w.clocks, status: w.turned.slot(), thinking: w.thinking,
		textButtons: buttons, title: title, iconButtons: iconRow,
		moveList: w.moveList, moveRow: moveRow, statusRows: statusRows, statusRowsWide: statusRowsWide, sized: w.fitText, nav: nav, panel: panel,
	}, w.board, w.clocks, w.turned.slot(), w.thinking, buttons, title, iconRow, nav, panel, w.moveList)
	w.screens = screenStack{win: w.win}
	w.screens.push(w)
	w.addShortcuts()
	w.addNavigationKeys()
	w.win.Resize(fyne.NewSize(900, 680))
}

// view is the game screen: the bottom of the window's screen stack.
func (w *Window) view() fyne.CanvasObject { return w.content }

// reshow shows the game again when the screen over it closes.
func (w *Window) reshow() { w.refresh(play.ChangeAll) }

// refresh shows what changed in the session.
func (w *Window) refresh(c play.Change) {
	s := w.session
	applyTheme(w.app, s.Settings().Appearance.Theme, w.text)
	if c&play.ChangeBoard != 0 {
		w.board.SetView(boardView(s))
	}
	if c&play.ChangeStatus != 0 {
		w.status.SetText(w.statusText())
		w.turned.update(statusTurned(w.board.View(), s.Game().SideToMove(), s.Game().Result().Decided()))
		w.showThinking(s.Thinking())
	}
	if c&play.ChangeMoves != 0 {
		w.refreshMoves()
	}
	if c&(play.ChangeBoard|play.ChangeControls) != 0 {
		w.showClock()
	}
	w.refreshPanels(c)
	if c&play.ChangeControls != 0 {
		can := []bool{true, s.CanUndo(), s.CanRedo(), s.CanHint(), s.CanResign(), s.CanOfferDraw(), true, true}
		for i, b := range w.textBtns() {
			enable(b, can[i])
			enable(w.iconBtns[i], can[i])
		}
	}
}

// textBtns are the labelled buttons in the order of iconBtns.
func (w *Window) textBtns() []*widget.Button {
	return []*widget.Button{w.newBtn, w.undoBtn, w.redoBtn, w.hintBtn, w.resignBtn, w.drawBtn, w.flipBtn, w.settBtn}
}

// showThinking shows the progress bar while the engine thinks.
func (w *Window) showThinking(on bool) {
	if on == w.thinking.Visible() {
		return
	}
	if on {
		w.thinking.Show()
		w.thinking.Start()
	} else {
		w.thinking.Stop()
		w.thinking.Hide()
	}
}

// boardView is what the board shows of the session.
func boardView(s *play.Session) board.View {
	g := s.Game()
	pos := g.Position()
	set := s.Settings()
	v := board.View{
		Selected: s.Selected(),
		Targets:  s.Targets(),
		LastMove: g.LastMove(),
		Animate:  s.Animate(),
		Check:    engine.NoSquare,
		Hint:     s.Hint(),
		Rejected: s.Rejected(),
		Flipped:  set.Flipped,
		Coords:   set.Coords,
		Pickable: s.HumanToMove(),
		PickSide: pos.Side(),
	}
	v.Arrows = analysisArrows(s)
	v.SetPieces(pos)
	setAppearance(&v, set)
	if pos.InCheck() {
		v.Check = pos.KingSquare(pos.Side())
	}
	if why, ok := g.RepetitionVerdict(); ok {
		v.Culprits, v.Victim = why.Offenders, why.Target
	}
	return v
}

// enable enables or disables a button; an unchanged button is left alone, since each
// change redraws it (and recolours its icon).
func enable(b *widget.Button, on bool) {
	if on == !b.Disabled() {
		return
	}
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

func (w *Window) statusText() string { return present.StatusText(trData, w.statusNow()) }

// statusNow is what the status line speaks of now.
func (w *Window) statusNow() present.Status {
	s := w.session
	g := s.Game()
	st := present.Status{Thinking: s.Thinking(), EngineErr: s.EngineError(), ToMove: g.SideToMove(),
		HintErr: s.HintError(), Check: g.Position().InCheck()}
	if g.Result().Decided() {
		st.Over = w.gameOverText(g)
	}
	if st.Thinking {
		info := s.Progress()
		st.Depth, st.Score, st.Mate = info.Depth, info.Score, info.Mate
	}
	st.YourMove = s.Settings().Human != game.HumanBoth && s.Settings().Human.Plays(st.ToMove)
	if hint := s.Hint(); hint != engine.NoMove {
		st.Hint = game.FormatMove(g.Position(), hint, s.Settings().Notation)
	}
	if why := s.Illegal(); why != game.NotIllegal {
		st.Illegal = present.InLanguage(w.lang, why)
	}
	return st
}

// flashStatus shows a short confirmation in the status line until the next change.
func (w *Window) flashStatus(text string) {
	st := w.statusNow()
	st.Confirming = text
	w.status.SetText(present.StatusText(trData, st))
}

func (w *Window) showGameOver(game.Result) {
	dialog.ShowInformation(tr("gameover.title"), w.gameOverText(w.session.Game()), w.win)
}

// gameOverText says how the game ended; a loss by a repetition rule says who did what.
func (w *Window) gameOverText(g *game.Game) string {
	why, byRepetition := g.RepetitionVerdict()
	return present.GameOverText(w.lang, g.Result(), why, byRepetition)
}

// warnRepetition asks, as an arbiter would, before a move that loses by a repetition rule.
func (w *Window) warnRepetition(why game.Verdict, playAnyway func()) {
	question{title: tr("repetition.title"), yes: tr("action.playAnyway"), no: tr("action.cancel"), wrap: true,
		text:  tr("repetition.warning", map[string]any{"Verdict": present.InLanguage(w.lang, why)}),
		onYes: playAnyway}.show(w.win)
}

// confirmResign asks before resigning.
func (w *Window) confirmResign() {
	question{title: tr("action.resign"), text: tr("resign.confirm"), onYes: w.session.Resign}.show(w.win)
}

// offerDraw offers a draw: the engine answers at once, a second player in a dialog.
func (w *Window) offerDraw() {
	s := w.session
	side := sideName(s.Game().SideToMove())
	switch s.OfferDraw() {
	case play.DrawDeclined:
		w.showNotice(tr("draw.declined"))
	case play.DrawAskOpponent:
		question{title: tr("action.draw"), text: tr("draw.offer", map[string]any{"Side": side}), onYes: s.AcceptDraw}.show(w.win)
	}
}

// showEngineError says why the engine could not move and offers to let it try again.
func (w *Window) showEngineError(err error) {
	question{title: tr("error.title"), yes: tr("action.retry"), no: tr("action.close"),
		text: tr("engine.failed", map[string]any{"Error": err}), onYes: w.session.RetryEngine}.show(w.win)
}
