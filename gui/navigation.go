package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
)

// moveRow is one move of the move list: its node, its text alone ("1. 炮二平五", indented by
// how deep in variations it lies, with its review mark) and as its line shows it.
type moveRow struct {
	node *game.Node
	text string
	cell string
}

// moveRows is the move list as shown: every move of the game's tree in reading order
// (each main-line move, then the variations that replace it), laid out in lines of
// numbered pairs.
type moveRows struct {
	rows    []moveRow
	lines   []present.MoveLine
	lineOf  []int // the line of each move
	cells   []string
	current int // the move of the position shown, -1 at the start position
}

// update rebuilds the rows from the session; it reports whether any text changed.
func (m *moveRows) update(s *play.Session) bool {
	rec, cur := s.Record(), s.CurrentNode()
	list := rec.MoveList(s.Settings().Notation)
	rows := make([]moveRow, len(list))
	current := -1
	for i, e := range list {
		mr, reviewed := s.ReviewOf(e.Node)
		rows[i] = moveRow{node: e.Node, text: present.MoveRowText(e, mr.Class, reviewed), cell: present.MoveCellText(e, mr.Class, reviewed)}
		if e.Node == cur {
			current = i
		}
	}
	changed := len(rows) != len(m.rows)
	for i := 0; !changed && i < len(rows); i++ {
		changed = rows[i] != m.rows[i]
	}
	m.rows = rows
	if changed {
		m.lines = present.MoveLines(list)
		m.lineOf = make([]int, len(rows))
		m.cells = make([]string, len(rows))
		for l, line := range m.lines {
			for _, i := range line.Moves {
				m.lineOf[i] = l
			}
		}
		for i, r := range rows {
			m.cells[i] = r.cell
		}
	}
	moved := current != m.current
	m.current = current
	return changed || moved
}

// currentLine is the line of the move shown, -1 at the start position.
func (m *moveRows) currentLine() int {
	if m.current < 0 || m.current >= len(m.lineOf) {
		return -1
	}
	return m.lineOf[m.current]
}

// texts returns the moves' texts (for tests and messages).
func (m *moveRows) texts() []string {
	out := make([]string, len(m.rows))
	for i, r := range m.rows {
		out[i] = r.text
	}
	return out
}

// lineTexts returns the lines as shown ("1. 炮二平五 马８进７"), for tests.
func (m *moveRows) lineTexts() []string {
	out := make([]string, len(m.lines))
	for i, l := range m.lines {
		out[i] = l.Text(m.cells)
	}
	return out
}

// moveList is the move list widget: a list that keeps the line of the position shown in
// view when its height changes (the window resized, a panel shown above it).
type moveList struct {
	widget.List
	current func() int // the line to keep in view, -1 for none
	snug    *bool      // the lines leave no space above and below their text (a short phone)
}

// setSnug makes the lines snug or not.
func (l *moveList) setSnug(on bool) {
	if *l.snug != on {
		*l.snug = on
		l.Refresh() // measures a line again
	}
}

// Resize implements fyne.Widget.
func (l *moveList) Resize(size fyne.Size) {
	changed := size != l.Size()
	l.List.Resize(size)
	if i := l.current(); changed && i >= 0 {
		l.ScrollTo(i)
	}
}

// newMoveList makes the move list: tapping a move shows the position after it; tapping a
// line's number, its first move.
func (g *gameScreen) newMoveList() *moveList {
	g.moves.current = -1
	list := &moveList{current: g.moves.currentLine, snug: new(bool)}
	goTo := func(i int) {
		if i >= 0 && i < len(g.moves.rows) && i != g.moves.current {
			if err := g.session.GoToNode(g.moves.rows[i].node); err != nil {
				fyne.LogError("move list", err)
			}
		}
	}
	list.Length = func() int { return len(g.moves.lines) }
	list.CreateItem = func() fyne.CanvasObject { return newMoveLineView(goTo, list.snug) }
	list.UpdateItem = func(i widget.ListItemID, o fyne.CanvasObject) {
		if i >= 0 && i < len(g.moves.lines) {
			l := g.moves.lines[i]
			o.(*moveLineView).show(l.Lead, l.Moves, l.Close, g.moves.cells, g.moves.current)
		}
	}
	list.ExtendBaseWidget(list)
	list.OnSelected = func(i widget.ListItemID) {
		list.UnselectAll() // the move shown is marked in its line, not the whole line
		if i >= 0 && i < len(g.moves.lines) {
			goTo(g.moves.lines[i].Moves[0])
		}
	}
	return list
}

// refreshMoves shows the lines again and keeps the line of the position shown in view.
func (g *gameScreen) refreshMoves() {
	if !g.moves.update(g.session) {
		return
	}
	g.moveList.Refresh()
	if line := g.moves.currentLine(); line >= 0 {
		g.moveList.ScrollTo(line)
	} else {
		g.moveList.ScrollToTop()
	}
}

// navBar holds the buttons that move through the game and edit its tree, and the
// switches of analysis and review.
type navBar struct {
	first, back, forward, last *iconButton
	promote, remove            *iconButton
	analyse, review            *iconButton
	row                        *fyne.Container
}

func (g *gameScreen) newNavBar() *navBar {
	s := g.session
	icon := func(key string, res fyne.Resource, do func()) *iconButton {
		return newIconButton(tr(key), res, do, g.flashStatus)
	}
	n := &navBar{
		first:   icon("nav.first", theme.MediaSkipPreviousIcon(), s.GoFirst),
		back:    icon("nav.back", theme.NavigateBackIcon(), s.GoBack),
		forward: icon("nav.forward", theme.NavigateNextIcon(), s.GoForward),
		last:    icon("nav.last", theme.MediaSkipNextIcon(), s.GoLast),
		promote: icon("nav.promote", theme.MoveUpIcon(), s.PromoteToMainLine),
		remove: icon("nav.delete", theme.DeleteIcon(), func() {
			if err := s.DeleteFromHere(); err != nil {
				fyne.LogError("delete", err)
			}
		}),
		analyse: icon("nav.analyse", theme.SearchIcon(), func() { s.SetAnalysis(!s.Analysing()) }),
		review:  icon("nav.review", theme.HistoryIcon(), g.review),
	}
	n.row = container.NewGridWithColumns(8, n.first, n.back, n.forward, n.last, n.promote, n.remove, n.analyse, n.review)
	return n
}

// refresh enables the buttons that can act now and shows which switches are on.
func (n *navBar) refresh(s *play.Session) {
	enable(n.first, s.CanGoBack())
	enable(n.back, s.CanGoBack())
	enable(n.forward, s.CanGoForward())
	enable(n.last, s.CanGoForward())
	enable(n.promote, s.CanPromote())
	enable(n.remove, s.CanDelete())
	// No analysis or review while an online game is in play.
	enable(n.analyse, !s.HelpLocked())
	enable(n.review, !s.HelpLocked())
	highlight(&n.analyse.Button, s.Analysing())
	highlight(&n.review.Button, s.Reviewing())
}

// highlight marks a switch button as on.
func highlight(b *widget.Button, on bool) {
	want := widget.MediumImportance
	if on {
		want = widget.HighImportance
	}
	if b.Importance != want {
		b.Importance = want
		b.Refresh()
	}
}

// addNavigationKeys binds Left/Right/Home/End to the navigation buttons.
func (g *gameScreen) addNavigationKeys() {
	s := g.session
	c := g.parent.Canvas()
	previous := c.OnTypedKey()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		switch ev.Name {
		case fyne.KeyLeft:
			s.GoBack()
		case fyne.KeyRight:
			s.GoForward()
		case fyne.KeyHome:
			s.GoFirst()
		case fyne.KeyEnd:
			s.GoLast()
		default:
			if previous != nil {
				previous(ev)
			}
		}
	})
}

// newSidePanel builds the navigation bar, and the analysis and review panels stacked in
// one container that is hidden while both are.
func (g *gameScreen) newSidePanel() (nav, panels *fyne.Container) {
	g.nav = g.newNavBar()
	g.analysisPanel = newAnalysisPanel()
	g.reviewPanel = newReviewPanel(g.session)
	g.panels = container.NewVBox(g.analysisPanel.box, g.reviewPanel.box)
	g.panels.Hide()
	return g.nav.row, g.panels
}

// refreshPanels shows what changed in navigation, analysis and review.
func (g *gameScreen) refreshPanels(c play.Change) {
	s := g.session
	before := g.panelHeight()
	if c&(play.ChangeControls|play.ChangeBoard|play.ChangeMoves) != 0 {
		g.nav.refresh(s)
	}
	if c&(play.ChangeStatus|play.ChangeBoard) != 0 {
		g.analysisPanel.refresh(s)
	}
	if c&(play.ChangeStatus|play.ChangeBoard|play.ChangeMoves) != 0 {
		g.reviewPanel.refresh(s)
	}
	showIf(g.analysisPanel.box.Visible() || g.reviewPanel.box.Visible(), g.panels)
	if g.content != nil && g.panelHeight() != before {
		g.content.Refresh() // a panel shown or hidden, or grown, changes the layout
	}
}

func (g *gameScreen) panelHeight() float32 {
	h := g.nav.row.MinSize().Height
	for _, box := range []*fyne.Container{g.analysisPanel.box, g.reviewPanel.box} {
		if box.Visible() {
			h += box.MinSize().Height
		}
	}
	return h
}
