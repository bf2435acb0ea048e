package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// gameScreen is the game: the board, the clocks, the status line, the controls, the move
// list, navigation and the analysis and review panels. It is the bottom of the window's
// screen stack and shows the session; what opens dialogs or other screens it calls back.
type gameScreen struct {
	gameDeps
	board       *board.Board
	check       *checkBanner // "Check!" over the board after a checking move
	moreMenus   moreMenus    // the "more" menu, made at its first opening
	checkPly    int          // the ply the banner last looked at
	clocks      *ClockWidget
	clockTicker play.Ticker // redraws the running clock
	status      *widget.Label
	turned      *faceStatus     // the status turned for the player across the board
	thinking    *fyne.Container // the thinking bar's slot (thinking_bar.go)
	moveList    *moveList
	notes       *notesView
	moves       moveRows
	undoBtn     *widget.Button
	redoBtn     *widget.Button
	hintBtn     *widget.Button
	newBtn      *widget.Button
	flipBtn     *widget.Button
	settBtn     *widget.Button
	resignBtn   *widget.Button
	drawBtn     *widget.Button
	// The same actions as icon-only buttons for the narrow portrait layout.
	iconBtns []*iconButton // each says its name when long-pressed
	content  *fyne.Container
	// Navigation, analysis and review (navigation.go, analysis.go, review.go).
	nav           *navBar
	analysisPanel *analysisPanel
	reviewPanel   *reviewPanel
	panels        *fyne.Container // the analysis and review panels
}

// captionColumns is how many labelled buttons a row of the landscape layout has.
const captionColumns = 4

// gameDeps is what the game screen works with.
type gameDeps struct {
	session *play.Session
	say     present.Say // renders the messages of game and play
	parent  fyne.Window // the window whose canvas the "more" menu pops up on
	look    *appLook
	post    func(func()) // runs a function on the UI goroutine
	// The actions that open dialogs or ask the player.
	newGame, settings, resign, draw, review func()
	more                                    func() []*fyne.MenuItem // the "more" menu's items
}

// newGameScreen builds the game screen and shows the session's game on it.
func newGameScreen(deps gameDeps) *gameScreen {
	g := &gameScreen{gameDeps: deps}
	s := g.session
	g.board = board.New(s.Input().Tap, s.Input().Drop)
	g.clocks = NewClockWidget(tr("side.red"), tr("side.black"))
	g.status = widget.NewLabel("")
	g.status.Wrapping = fyne.TextWrapWord
	g.turned = newFaceStatus(g.status)
	g.thinking = newThinkingSlot()
	g.newBtn = widget.NewButton(tr("action.new"), g.newGame)
	g.undoBtn = widget.NewButton(tr("action.undo"), s.Takeback().Undo)
	g.redoBtn = widget.NewButton(tr("action.redo"), s.Takeback().Redo)
	g.hintBtn = widget.NewButton(tr("action.hint"), s.Engine().AskHint)
	g.flipBtn = widget.NewButton(tr("action.flip"), s.Flip)
	g.settBtn = widget.NewButton(tr("action.settings"), g.settings)
	g.resignBtn = widget.NewButton(tr("action.resign"), g.resign)
	g.drawBtn = widget.NewButton(tr("action.draw"), g.draw)
	// The same actions as icons, in the same order; iconBtns[i] mirrors textBtns()[i].
	icon := func(key string, res fyne.Resource, do func()) *iconButton {
		return newIconButton(tr(key), res, do, g.flashStatus)
	}
	g.iconBtns = []*iconButton{
		icon("action.new", theme.ContentAddIcon(), g.newGame),
		icon("action.undo", theme.ContentUndoIcon(), s.Takeback().Undo),
		icon("action.redo", theme.ContentRedoIcon(), s.Takeback().Redo),
		icon("action.hint", appIcon("hint"), s.Engine().AskHint),
		icon("action.resign", appIcon("resign"), g.resign),
		icon("action.draw", appIcon("draw"), g.draw),
		icon("action.flip", appIcon("flip"), s.Flip),
		icon("action.settings", theme.SettingsIcon(), g.settings),
	}
	g.moveList = newMoveList(&g.moves, func(n *game.Node) {
		if err := g.session.Browser().GoToNode(n); err != nil {
			fyne.LogError("move list", err)
		}
	})
	g.notes = newNotesView(g.editComment, g.moveList.snug)
	g.notes.Hide()
	nav, panel := g.newSidePanel()
	g.check, g.checkPly = newCheckBanner(func() float32 { return g.board.Size().Width }), s.Game().Ply()
	g.content = newFrame(frameParts{board: g.board, over: g.check.object(), clocks: g.clocks, status: g.turned, thinking: g.thinking,
		captions: g.textBtns(), icons: g.iconBtns, extra: g.moreButtonFor, nav: nav, panel: panel,
		notes: g.notes, moveList: g.moveList, look: g.look, compact: g.reviewPanel.setCompact})
	return g
}

// view is the game screen: the bottom of the window's screen stack.
func (g *gameScreen) view() fyne.CanvasObject { return g.content }

// reshow shows the game again when the screen over it closes.
func (g *gameScreen) reshow() { g.refresh(play.ChangeAll) }

// refresh shows what changed in the session.
func (g *gameScreen) refresh(c play.Change) {
	s := g.session
	g.look.apply()
	if c&play.ChangeBoard != 0 {
		g.board.SetView(boardView(s))
		g.showCheck()
	}
	if c&play.ChangeStatus != 0 {
		g.status.SetText(g.statusText())
		g.turned.update(statusTurned(g.board.View(), s.Game().SideToMove(), s.Game().Result().Decided()))
		g.showThinking(s.Engine().Thinking())
	}
	if c&play.ChangeMoves != 0 {
		g.moveList.show(sessionMoves(s))
	}
	if c&(play.ChangeMoves|play.ChangeBoard|play.ChangeStatus) != 0 {
		g.refreshNotes()
	}
	if c&(play.ChangeBoard|play.ChangeControls) != 0 {
		g.showClock()
	}
	g.refreshPanels(c)
	if c&play.ChangeControls != 0 {
		can := []bool{true, s.Takeback().CanUndo(), s.Takeback().CanRedo(), s.Engine().CanHint(), s.Endings().CanResign(), s.Endings().CanOfferDraw(), true, true}
		for i, b := range g.textBtns() {
			enable(b, can[i])
			enable(g.iconBtns[i], can[i])
		}
	}
}

// showCheck puts the check banner up when the move just made gives check (not mate: the
// result screen says that), and takes it down with the next.
func (g *gameScreen) showCheck() {
	gm := g.session.Game()
	ply := gm.Ply()
	switch {
	case ply == g.checkPly+1 && gm.Position().InCheck() && !gm.Result().Decided():
		g.check.show()
	case ply != g.checkPly:
		g.check.hide()
	}
	g.checkPly = ply
}

// editComment opens the comment on the move shown, to read whole and edit.
func (g *gameScreen) editComment() {
	commentDialog{parent: g.parent, session: g.session}.show()
}

// textBtns are the labelled buttons in the order of iconBtns.
func (g *gameScreen) textBtns() []*widget.Button {
	return []*widget.Button{g.newBtn, g.undoBtn, g.redoBtn, g.hintBtn, g.resignBtn, g.drawBtn, g.flipBtn, g.settBtn}
}

// showThinking shows the progress bar while the engine thinks.
func (g *gameScreen) showThinking(on bool) { showThinkingBar(g.thinking, on) }

// boardView is what the board shows of the session.
func boardView(s *play.Session) board.View {
	g, in := s.Game(), s.Input()
	return gameBoardView(boardState{Pos: g.View(), LastMove: g.LastMove(), Selected: in.Selected(), Targets: in.Targets(),
		Animate: in.Animate(), Hint: in.Hint(), Rejected: in.Rejected(), Arrows: analysisArrows(analysisOf(s)),
		Flipped: s.Settings().Flipped, Pickable: s.HumanToMove(), PickSide: g.SideToMove(), Verdict: g}, s.Settings())
}

// markVerdict marks on v the pieces a repetition verdict on g speaks of: the offenders
// and the piece they chased.
func markVerdict(v *board.View, g *game.Game) {
	if why, ok := g.RepetitionVerdict(); ok {
		v.Culprits, v.Victim = why.Offenders, why.Target
	}
}

// enable enables or disables a button; an unchanged button is left alone, since each
// change redraws it (and recolours its icon).
func enable(b fyne.Disableable, on bool) {
	if on == !b.Disabled() {
		return
	}
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

func (g *gameScreen) statusText() string { return present.StatusText(trData, g.statusNow()) }

// statusNow is what the status line speaks of now.
func (g *gameScreen) statusNow() present.Status {
	s := g.session
	gm := s.Game()
	st := present.Status{Thinking: s.Engine().Thinking(), EngineErr: s.Engine().Error(), ToMove: gm.SideToMove(),
		HintErr: s.Engine().HintError(), Check: gm.View().InCheck()}
	if gm.Result().Decided() {
		st.Over = gameOverText(g.say, gm)
	}
	if st.Thinking {
		info := s.Engine().Progress()
		st.Depth, st.Score, st.Mate = info.Depth, info.Score, info.Mate
	}
	st.YourMove = s.Settings().Human != game.HumanBoth && s.Settings().Human.Plays(st.ToMove)
	st.EngineWaits = s.Engine().Waits()
	if hint := s.Input().Hint(); hint != rules.NoMove {
		st.Hint = game.FormatMove(gm.Position(), hint, s.Settings().Notation)
	}
	if why := s.Input().Illegal(); why != game.NotIllegal {
		st.Illegal = g.say(why.Message())
	}
	return st
}

// flashStatus shows a short confirmation in the status line until the next change.
func (g *gameScreen) flashStatus(text string) {
	st := g.statusNow()
	st.Confirming = text
	g.status.SetText(present.StatusText(trData, st))
}

// gameOverText says how the game ended; a loss by a repetition rule says who did what.
func gameOverText(say present.Say, g *game.Game) string {
	why, byRepetition := g.RepetitionVerdict()
	return present.GameOverText(say, g.Result(), why, byRepetition)
}

// boardState is what a game's board shows besides the player's settings: the position and
// the marks of the board input. The game, online game and puzzle screens each fill one
// from their own source; gameBoardView turns it into the board's view, so the three
// boards draw the same things the same way (the editor keeps a board of its own).
type boardState struct {
	Pos      rules.PositionView // nil: an empty board
	LastMove rules.Move
	Selected rules.Square
	Targets  []rules.Square
	Animate  rules.Move
	Hint     rules.Move
	Rejected rules.Square
	Arrows   []board.Arrow
	Flipped  bool
	Pickable bool        // a person may pick up a piece now
	PickSide rules.Color // whose pieces
	Verdict  *game.Game  // whose repetition verdict marks its pieces; nil for none
}

// gameBoardView is the board's view of st drawn with set's appearance: its pieces, the
// marks, the king in check, and the pieces a repetition verdict speaks of.
func gameBoardView(st boardState, set play.Settings) board.View {
	v := board.View{
		Selected: st.Selected,
		Targets:  st.Targets,
		LastMove: st.LastMove,
		Animate:  st.Animate,
		Check:    rules.NoSquare,
		Hint:     st.Hint,
		Rejected: st.Rejected,
		Victim:   rules.NoSquare,
		Arrows:   st.Arrows,
		Flipped:  st.Flipped,
		Coords:   set.Coords,
		Pickable: st.Pickable,
		PickSide: st.PickSide,
	}
	setAppearance(&v, set)
	if st.Pos == nil {
		return v
	}
	v.SetPieces(st.Pos)
	if st.Pos.InCheck() {
		v.Check = st.Pos.KingSquare(st.Pos.Side())
	}
	if st.Verdict != nil {
		markVerdict(&v, st.Verdict)
	}
	return v
}
