package gui

import (
	"errors"
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/resources"
)

// AppID is the application identifier (also in FyneApp.toml).
const AppID = "io.github.xqfyne.xiangqi"

// Window is the main window: the board, the status line, the controls and the move list.
type Window struct {
	win     fyne.Window
	session *Session

	board    *BoardWidget
	status   *widget.Label
	thinking *widget.ProgressBarInfinite
	moveList *widget.List
	moveRows []string
	undoBtn  *widget.Button
	redoBtn  *widget.Button
	hintBtn  *widget.Button
	newBtn   *widget.Button
	flipBtn  *widget.Button
	settBtn  *widget.Button
	// The same actions as icon-only buttons for the narrow portrait layout.
	iconBtns []*widget.Button
	content  *fyne.Container
}

// Config says where the game is saved and how to reach the UI goroutine.
type Config struct {
	SaveDir string       // directory of the save files; "" uses the app's storage
	Post    func(func()) // nil uses fyne.Do
}

// SetupApp applies the bundled theme font and translations to a Fyne app.
func SetupApp(a fyne.App) {
	setupTranslations()
	a.Settings().SetTheme(newAppTheme())
	a.SetIcon(fyne.NewStaticResource("Icon.png", resources.IconBytes()))
}

// NewWindow builds the main window on a, restoring the saved game. It does not show it.
func NewWindow(a fyne.App, cfg Config) (*Window, error) {
	SetupApp(a)
	if cfg.Post == nil {
		cfg.Post = fyne.Do
	}
	store, err := openStore(a, cfg.SaveDir)
	if err != nil {
		return nil, err
	}
	session, notice := NewSession(SessionConfig{Store: store, Post: cfg.Post})
	if session == nil {
		return nil, notice
	}
	w := &Window{win: a.NewWindow(tr("app.title")), session: session}
	w.build()
	session.OnChange = w.refresh
	session.OnGameOver = w.showGameOver
	session.OnError = func(err error) {
		dialog.ShowError(errors.New(tr("save.failed", map[string]any{"Error": err})), w.win)
	}
	session.OnEngineError = func(err error) {
		dialog.ShowInformation(tr("error.title"), tr("engine.failed", map[string]any{"Error": err}), w.win)
	}
	w.win.SetOnClosed(session.Close)
	w.refresh()
	var corrupt *CorruptSaveError
	if errors.As(notice, &corrupt) {
		dialog.ShowInformation(tr("error.title"), tr("save.corrupt", map[string]any{"Path": corrupt.Aside}), w.win)
	} else if notice != nil {
		dialog.ShowError(notice, w.win)
	}
	session.Resume()
	return w, nil
}

// openStore keeps the game in dir, or else in the app's storage: a local directory on the
// desktop and on phones, the browser's storage on the web.
func openStore(a fyne.App, dir string) (*Store, error) {
	if dir != "" {
		if !localFiles {
			return nil, errors.New("a save directory needs local files, which a browser does not have")
		}
		return NewStore(filepath.Clean(dir))
	}
	root := a.Storage().RootURI()
	if root == nil {
		return nil, errors.New("the app has no storage")
	}
	if root.Scheme() == "file" && localFiles {
		return NewStore(root.Path())
	}
	return NewURIStore(root)
}

// Fyne returns the underlying window.
func (w *Window) Fyne() fyne.Window { return w.win }

// Session returns the game session shown in the window.
func (w *Window) Session() *Session { return w.session }

// Board returns the board widget.
func (w *Window) Board() *BoardWidget { return w.board }

func (w *Window) build() {
	w.board = NewBoardWidget(w.session.Tap)
	w.board.SetPost(w.session.post)
	w.status = widget.NewLabel("")
	w.status.Wrapping = fyne.TextWrapWord
	w.thinking = widget.NewProgressBarInfinite()
	w.thinking.Hide()
	w.newBtn = widget.NewButton(tr("action.new"), w.showNewGame)
	w.undoBtn = widget.NewButton(tr("action.undo"), w.session.Undo)
	w.redoBtn = widget.NewButton(tr("action.redo"), w.session.Redo)
	w.hintBtn = widget.NewButton(tr("action.hint"), w.session.Hint)
	w.flipBtn = widget.NewButton(tr("action.flip"), w.session.Flip)
	w.settBtn = widget.NewButton(tr("action.settings"), w.showSettings)
	buttons := container.NewGridWithColumns(3, w.newBtn, w.undoBtn, w.redoBtn, w.hintBtn, w.flipBtn, w.settBtn)
	w.iconBtns = []*widget.Button{
		widget.NewButtonWithIcon("", theme.ContentAddIcon(), w.showNewGame),
		widget.NewButtonWithIcon("", theme.ContentUndoIcon(), w.session.Undo),
		widget.NewButtonWithIcon("", theme.ContentRedoIcon(), w.session.Redo),
		widget.NewButtonWithIcon("", theme.HelpIcon(), w.session.Hint),
		widget.NewButtonWithIcon("", theme.ViewRefreshIcon(), w.session.Flip),
		widget.NewButtonWithIcon("", theme.SettingsIcon(), w.showSettings),
	}
	iconRow := container.NewGridWithColumns(len(w.iconBtns))
	for _, b := range w.iconBtns {
		iconRow.Add(b)
	}

	w.moveList = widget.NewList(
		func() int { return len(w.moveRows) },
		func() fyne.CanvasObject { return widget.NewLabel("99. 炮二平五 马８进７") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i >= 0 && i < len(w.moveRows) {
				o.(*widget.Label).SetText(w.moveRows[i])
			}
		})
	title := widget.NewLabelWithStyle(tr("moves.title"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	moveRow := widget.NewLabel("1.")
	w.content = container.New(&mainLayout{
		board: w.board, status: w.status, thinking: w.thinking,
		textButtons: buttons, title: title, iconButtons: iconRow,
		moveList: w.moveList, moveRow: moveRow,
	}, w.board, w.status, w.thinking, buttons, title, iconRow, w.moveList)
	w.win.SetContent(w.content)
	w.addShortcuts()
	w.win.Resize(fyne.NewSize(900, 680))
}

// addShortcuts binds the desktop keys: Ctrl/Cmd+N new game, +Z undo, +Y or +Shift+Z redo.
func (w *Window) addShortcuts() {
	c := w.win.Canvas()
	key := func(k fyne.KeyName, mod fyne.KeyModifier, do func()) {
		c.AddShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: mod}, func(fyne.Shortcut) { do() })
	}
	key(fyne.KeyN, fyne.KeyModifierShortcutDefault, w.showNewGame)
	key(fyne.KeyZ, fyne.KeyModifierShortcutDefault, w.session.Undo)
	key(fyne.KeyY, fyne.KeyModifierShortcutDefault, w.session.Redo)
	key(fyne.KeyZ, fyne.KeyModifierShortcutDefault|fyne.KeyModifierShift, w.session.Redo)
}

// refresh shows the session's state; called after every change.
func (w *Window) refresh() {
	s := w.session
	w.board.SetView(s.View())
	w.status.SetText(w.statusText())
	if s.Thinking() && !w.thinking.Visible() {
		w.thinking.Show()
		w.thinking.Start()
		w.content.Refresh() // the bar takes room from the move list
	} else if !s.Thinking() && w.thinking.Visible() {
		w.thinking.Stop()
		w.thinking.Hide()
		w.content.Refresh()
	}
	rows := moveRows(s.Game().MoveTexts(notationStyle())[:s.Game().Ply()])
	if fmt.Sprint(rows) != fmt.Sprint(w.moveRows) {
		w.moveRows = rows
		w.moveList.Refresh()
		if len(rows) > 0 {
			w.moveList.ScrollToBottom()
		}
	}
	for _, set := range [][]*widget.Button{{w.undoBtn, w.redoBtn, w.hintBtn}, w.iconBtns[1:4]} {
		enable(set[0], s.CanUndo())
		enable(set[1], s.CanRedo())
		enable(set[2], s.CanHint())
	}
}

func enable(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// moveRows pairs the moves of each round: "1. 炮二平五 马８进７".
func moveRows(texts []string) []string {
	var rows []string
	for i := 0; i < len(texts); i += 2 {
		row := fmt.Sprintf("%d. %s", i/2+1, texts[i])
		if i+1 < len(texts) {
			row += "  " + texts[i+1]
		}
		rows = append(rows, row)
	}
	return rows
}

func (w *Window) statusText() string {
	s := w.session
	g := s.Game()
	if r := g.Result(); r.Decided() {
		return tr("status.gameOver", map[string]any{"Result": resultText(r)})
	}
	if s.Thinking() {
		info := s.Progress()
		if info.Depth == 0 {
			return tr("status.thinking")
		}
		return tr("status.progress", map[string]any{"Depth": info.Depth, "Score": scoreText(info)})
	}
	if err := s.EngineError(); err != nil {
		return tr("engine.failed", map[string]any{"Error": err})
	}
	side := g.SideToMove()
	text := tr("status.toMove", map[string]any{"Side": sideName(side)})
	if s.Settings().Human != game.HumanBoth && s.Settings().Human.Plays(side) {
		text = tr("status.yourMove", map[string]any{"Side": sideName(side)})
	}
	if hint := s.View().Hint; hint != engine.NoMove {
		text = tr("status.hint", map[string]any{"Move": game.FormatMove(g.Position(), hint, notationStyle())}) + " · " + text
	}
	if err := s.HintError(); err != nil {
		text = tr("engine.noHint", map[string]any{"Error": err}) + " · " + text
	}
	if g.Position().InCheck() {
		text = tr("status.check") + " " + text
	}
	return text
}

// scoreText shows a search score from the engine's side: centipawn-like units or a mate.
func scoreText(info engine.Info) string {
	if info.Mate != 0 {
		return fmt.Sprintf("M%d", info.Mate)
	}
	return fmt.Sprintf("%+d", info.Score)
}

func (w *Window) showGameOver(r game.Result) {
	dialog.ShowInformation(tr("gameover.title"), resultText(r), w.win)
}
