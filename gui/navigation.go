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

// moveSource is what the move list shows, from the game screen's session or an online
// game: the record, the node of the position shown (nil or the root at the start), the
// notation and the review of a move (nil where none is reviewed).
type moveSource struct {
	rec    *game.Record
	cur    *game.Node
	style  game.Notation
	review func(*game.Node) (play.MoveReview, bool)
}

// sessionMoves is the session's game as the move list shows it.
func sessionMoves(s *play.Session) moveSource {
	return moveSource{rec: s.Record(), cur: s.Browser().CurrentNode(), style: s.Settings().Notation, review: s.Review().Of}
}

// update rebuilds the rows from src; it reports whether any text changed.
func (m *moveRows) update(src moveSource) bool {
	list := src.rec.MoveList(src.style)
	rows := make([]moveRow, len(list))
	current := -1
	for i, e := range list {
		var mr play.MoveReview
		reviewed := false
		if src.review != nil {
			mr, reviewed = src.review(e.Node)
		}
		rows[i] = moveRow{node: e.Node, text: present.MoveRowText(e, mr.Class, reviewed), cell: present.MoveCellText(e, mr.Class, reviewed)}
		if e.Node == src.cur {
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
	rows *moveRows // the lines shown
	snug *bool     // the lines leave no space above and below their text (a short phone)
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
	if i := l.rows.currentLine(); changed && i >= 0 {
		l.ScrollTo(i)
	}
}

// newMoveList makes the move list of rows: tapping a move shows the position after it
// (goTo its node); tapping a line's number, its first move.
func newMoveList(rows *moveRows, goTo func(*game.Node)) *moveList {
	rows.current = -1
	list := &moveList{rows: rows, snug: new(bool)}
	tap := func(i int) {
		if i >= 0 && i < len(rows.rows) && i != rows.current {
			goTo(rows.rows[i].node)
		}
	}
	list.Length = func() int { return len(rows.lines) }
	list.CreateItem = func() fyne.CanvasObject { return newMoveLineView(tap, list.snug) }
	list.UpdateItem = func(i widget.ListItemID, o fyne.CanvasObject) {
		if i >= 0 && i < len(rows.lines) {
			l := rows.lines[i]
			o.(*moveLineView).show(l.Lead, l.Moves, l.Close, rows.cells, rows.current)
		}
	}
	list.ExtendBaseWidget(list)
	list.OnSelected = func(i widget.ListItemID) {
		list.UnselectAll() // the move shown is marked in its line, not the whole line
		if i >= 0 && i < len(rows.lines) {
			tap(rows.lines[i].Moves[0])
		}
	}
	return list
}

// show shows the lines of src again and keeps the line of the position shown in view.
func (l *moveList) show(src moveSource) {
	if !l.rows.update(src) {
		return
	}
	l.Refresh()
	if line := l.rows.currentLine(); line >= 0 {
		l.ScrollTo(line)
	} else {
		l.ScrollToTop()
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

// navActions are what the navigation bar's buttons do; a nil action's button stays off.
type navActions struct {
	first, back, forward, last, promote, remove, analyse, review func()
}

// navState is what the navigation bar's buttons can do now and which switches are on.
type navState struct {
	canBack, canForward, canPromote, canDelete bool
	// helpLocked: no analysis or review (an online game in play, or online altogether).
	helpLocked, analysing, reviewing bool
}

// newNavBar makes the navigation bar; say shows a button's name when long-pressed.
func newNavBar(do navActions, say func(string)) *navBar {
	icon := func(key string, res fyne.Resource, tapped func()) *iconButton {
		return newIconButton(tr(key), res, tapped, say)
	}
	n := &navBar{
		first:   icon("nav.first", theme.MediaSkipPreviousIcon(), do.first),
		back:    icon("nav.back", theme.NavigateBackIcon(), do.back),
		forward: icon("nav.forward", theme.NavigateNextIcon(), do.forward),
		last:    icon("nav.last", theme.MediaSkipNextIcon(), do.last),
		promote: icon("nav.promote", theme.MoveUpIcon(), do.promote),
		remove:  icon("nav.delete", theme.DeleteIcon(), do.remove),
		analyse: icon("nav.analyse", theme.SearchIcon(), do.analyse),
		review:  icon("nav.review", theme.HistoryIcon(), do.review),
	}
	n.row = container.NewGridWithColumns(8, n.first, n.back, n.forward, n.last, n.promote, n.remove, n.analyse, n.review)
	return n
}

// sessionNav is what the navigation bar does in the session's game.
func (g *gameScreen) sessionNav() navActions {
	s := g.session
	return navActions{first: s.Browser().GoFirst, back: s.Browser().GoBack, forward: s.Browser().GoForward, last: s.Browser().GoLast,
		promote: s.Browser().PromoteToMainLine,
		remove: func() {
			if err := s.Browser().DeleteFromHere(); err != nil {
				fyne.LogError("delete", err)
			}
		},
		analyse: func() { s.Analysis().Set(!s.Analysis().On()) }, review: g.review}
}

// sessionNavState is what the navigation bar can do in the session's game now.
func sessionNavState(s *play.Session) navState {
	return navState{canBack: s.Browser().CanGoBack(), canForward: s.Browser().CanGoForward(), canPromote: s.Browser().CanPromote(),
		canDelete: s.Browser().CanDelete(), helpLocked: s.HelpLocked(), analysing: s.Analysis().On(), reviewing: s.Review().Running()}
}

// refresh enables the buttons that can act now and shows which switches are on.
func (n *navBar) refresh(st navState) {
	enable(n.first, st.canBack)
	enable(n.back, st.canBack)
	enable(n.forward, st.canForward)
	enable(n.last, st.canForward)
	enable(n.promote, st.canPromote && n.promote.OnTapped != nil)
	enable(n.remove, st.canDelete && n.remove.OnTapped != nil)
	// No analysis or review while an online game is in play.
	enable(n.analyse, !st.helpLocked && n.analyse.OnTapped != nil)
	enable(n.review, !st.helpLocked && n.review.OnTapped != nil)
	highlight(&n.analyse.Button, st.analysing)
	highlight(&n.review.Button, st.reviewing)
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

// addNavigationKeys binds Left/Right/Home/End to the navigation buttons of the game
// that to() says: the session's, or an online game's on the Online screen.
func (g *gameScreen) addNavigationKeys(to func() navActions) {
	c := g.parent.Canvas()
	previous := c.OnTypedKey()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		do := to()
		switch ev.Name {
		case fyne.KeyLeft:
			do.back()
		case fyne.KeyRight:
			do.forward()
		case fyne.KeyHome:
			do.first()
		case fyne.KeyEnd:
			do.last()
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
	g.nav = newNavBar(g.sessionNav(), g.flashStatus)
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
		g.nav.refresh(sessionNavState(s))
	}
	if c&(play.ChangeStatus|play.ChangeBoard) != 0 {
		g.analysisPanel.refresh(analysisOf(s))
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
