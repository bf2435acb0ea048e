package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

// puzzleScreen is one puzzle on the board: its title and facts (proven or a reference
// line), what to do or how it went, and the hint, retry, next, analysis and editor
// buttons. The run (play.PuzzleRun) decides everything; the screen shows it.
type puzzleScreen struct {
	puzzleDeps
	run        *play.PuzzleRun
	forget     func() // stops hearing the run's changes
	board      *board.Board
	title      *widget.Label
	facts      *widget.Label
	status     *widget.Label
	stars      *widget.Label // what a solved try earned on the path
	left       *widget.Label // endgame training: the moves left of the limit
	theory     *widget.Label // endgame training: the known result, then the player's beside it
	moves      *widget.Label // the moves played in this try
	hintBtn    *widget.Button
	retryBtn   *widget.Button
	nextBtn    *widget.Button
	analyseBtn *widget.Button
	editBtn    *widget.Button
	content    fyne.CanvasObject
}

// puzzleDeps is what the puzzle screen works with.
type puzzleDeps struct {
	wide     bool                 // a landscape window
	say      present.Say          // renders the run's status
	settings func() play.Settings // the board's look
	next     func(after *puzzle.Puzzle)
	analyse  func(*puzzle.Puzzle)
	edit     func(*puzzle.Puzzle)
	close    func()
}

func newPuzzleScreen(run *play.PuzzleRun, deps puzzleDeps) *puzzleScreen {
	ps := &puzzleScreen{puzzleDeps: deps, run: run}
	ps.board = board.New(run.Tap, run.Drop)
	ps.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	ps.title.Wrapping = fyne.TextWrapWord
	ps.facts = widget.NewLabel("")
	ps.facts.Wrapping = fyne.TextWrapWord
	ps.status = widget.NewLabel("")
	ps.status.Wrapping = fyne.TextWrapWord
	ps.status.TextStyle.Bold = true
	ps.stars = widget.NewLabel("")
	ps.stars.Importance = widget.WarningImportance
	ps.left = widget.NewLabel("")
	ps.left.TextStyle.Bold = true
	ps.theory = widget.NewLabel("")
	ps.theory.Wrapping = fyne.TextWrapWord
	ps.moves = widget.NewLabel("")
	ps.moves.Wrapping = fyne.TextWrapWord
	p := run.Puzzle()
	// A phone in portrait has room for a row of icons under the board, with the status
	// first; a wide window labels the buttons, two a row, under the title.
	label := func(key string) string {
		if ps.wide {
			return tr(key)
		}
		return ""
	}
	ps.hintBtn = widget.NewButtonWithIcon(label("action.hint"), theme.HelpIcon(), run.Hint)
	ps.retryBtn = widget.NewButtonWithIcon(label("puzzle.retry"), theme.ViewRefreshIcon(), run.Retry)
	ps.nextBtn = widget.NewButtonWithIcon(label("puzzles.next"), theme.MediaSkipNextIcon(), func() { ps.leave(); ps.next(p) })
	ps.nextBtn.Importance = widget.HighImportance
	ps.analyseBtn = widget.NewButtonWithIcon(label("puzzle.analyse"), theme.SearchIcon(), func() { ps.leave(); ps.analyse(p) })
	ps.editBtn = widget.NewButtonWithIcon(label("puzzle.edit"), theme.DocumentCreateIcon(), func() { ps.leave(); ps.edit(p) })
	back := widget.NewButtonWithIcon(label("action.back"), theme.NavigateBackIcon(), func() { ps.leave(); ps.close() })
	// The status keeps room for two lines, so that the buttons do not move as it changes.
	status := container.New(atLeastLines{lines: 2}, ps.status)
	var controls *fyne.Container
	if ps.wide {
		controls = container.NewVBox(ps.title, ps.facts, ps.left, ps.theory, status, ps.stars,
			container.NewGridWithColumns(2, ps.hintBtn, ps.retryBtn),
			container.NewGridWithColumns(2, ps.analyseBtn, ps.editBtn),
			container.NewGridWithColumns(2, back, ps.nextBtn), ps.moves)
	} else {
		controls = container.NewVBox(ps.left, ps.theory, status, ps.stars,
			container.NewGridWithColumns(6, back, ps.hintBtn, ps.retryBtn, ps.analyseBtn, ps.editBtn, ps.nextBtn),
			ps.title, ps.facts, ps.moves)
	}
	scroll := container.NewVScroll(container.New(fitWidth{}, controls))
	ps.content = container.New(&editorLayout{board: ps.board, controls: scroll, inner: controls}, ps.board, scroll)
	ps.forget = run.Listen(play.Listener{Change: func(play.Change) { ps.refresh() }})
	ps.refresh()
	return ps
}

func (ps *puzzleScreen) view() fyne.CanvasObject { return ps.content }

// leave stops the engine's work for the run: the screen is closed.
func (ps *puzzleScreen) leave() {
	ps.forget()
	ps.run.Stop()
}

// refresh shows the run: the board from the solver's side, the texts and the buttons.
func (ps *puzzleScreen) refresh() {
	r := ps.run
	p := r.Puzzle()
	pos := r.Position()
	st := boardState{Pos: pos, Selected: r.Selected(), Targets: r.Targets(), LastMove: r.LastMove(), Animate: r.Animate(),
		Hint: r.HintMove(), Rejected: r.Rejected(), Flipped: r.Solver() == rules.Black,
		Pickable: r.State() == play.RunSolving && !r.Thinking() && pos.Side() == r.Solver(), PickSide: r.Solver()}
	if st.Selected == rules.NoSquare {
		st.Selected = r.HintPiece() // the first hint rings the piece to move
	}
	ps.board.SetView(gameBoardView(st, ps.settings()))
	ps.title.SetText(present.PuzzleTitle(trData, p))
	ps.facts.SetText(present.PuzzleFacts(trData, p, r.Rating()))
	ps.status.SetText(ps.say(r.Status()))
	switch r.State() {
	case play.RunSolved:
		ps.status.Importance = widget.SuccessImportance
	case play.RunFailed:
		ps.status.Importance = widget.DangerImportance
	default:
		ps.status.Importance = widget.MediumImportance
	}
	ps.status.Refresh()
	ps.stars.SetText(present.TryStarsLine(trData, r.Stars()))
	showIf(r.Stars() > 0, ps.stars)
	left, limited := r.MovesLeft()
	ps.left.SetText(present.MovesLeft(trData, left, play.EndgameMoves, r.Hints()))
	showIf(limited, ps.left)
	theory, endgame := r.Theory()
	ps.theory.SetText(present.EndgameTheory(trData, theory, theory.Outcome))
	showIf(endgame, ps.theory)
	ps.moves.SetText(r.PlayedText())
	showIf(ps.moves.Text != "", ps.moves)
	enable(ps.hintBtn, r.CanHint())
	enable(ps.retryBtn, r.State() != play.RunSolving || len(pos.Moves()) > 0)
}
