package gui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/rules"
)

// onlineGame is an online game, in play or finished, on the game screen's own layout and
// parts (newFrame: the board, the players' clocks, the status line, the move list in
// numbered pairs, navigation and the buttons as captions or icons). What differs from a
// game against the engine: the buttons (resign, draw, takeback, the claim of an
// abandoned game, flip, review, back to the lobby), the players' names and ratings and
// the server's clocks, and the status line's offers, connection and abandonment
// countdown. Hint, analysis and the engine are off.
type onlineGame struct {
	deps       *onlineDeps
	board      *board.Board
	clocks     *ClockWidget
	gameStatus *widget.Label
	moves      moveRows
	moveList   *moveList
	nav        *navBar
	// The labelled buttons, in the order of icons.
	resign, draw, decline, takeback, claimWin, claimDraw, flip, review *widget.Button
	icons                                                              []*iconButton
	lobbyBtn                                                           *widget.Button
	play                                                               *fyne.Container
	chat                                                               *onlineChat // in the panel's place (online_chat.go)

	game int64 // the game shown: browsing and flipping start afresh with another
	// browse is the ply of the earlier position shown, -1 for the live one. Moves are
	// made from the live position only. When the opponent moves while the player
	// browses, the position browsed stays on the board (the move list grows, the clocks
	// and the status line go on): Last position, or a tap on the board, goes back to
	// the game. A takeback past the position browsed shows the live one again.
	browse int
	// turned: the player turned the board from its side's view.
	turned bool
	// liveGame is the last game seen in play and resultShown the last whose result
	// screen was shown: a game first seen over (resumed from the list) gets none.
	liveGame, resultShown int64
}

func newOnlineGame(deps *onlineDeps) *onlineGame {
	o := &onlineGame{deps: deps, browse: -1}
	c := deps.c
	o.board = board.New(o.tap, o.drop)
	o.clocks = NewClockWidget(tr("side.red"), tr("side.black"))
	o.gameStatus = widget.NewLabel("")
	o.gameStatus.Wrapping = fyne.TextWrapWord
	thinking := newThinkingSlot() // never filled: no engine here
	o.resign = widget.NewButton(tr("action.resign"), o.confirmResign)
	o.draw = widget.NewButton(tr("online.offerDraw"), o.drawTapped)
	o.decline = widget.NewButton(tr("online.decline"), o.declineTapped)
	o.takeback = widget.NewButton(tr("online.takeback"), o.takebackTapped)
	o.claimWin = widget.NewButton(tr("online.claimWin"), c.Actions().ClaimWin)
	o.claimDraw = widget.NewButton(tr("online.claimDraw"), c.Actions().ClaimDraw)
	o.flip = widget.NewButton(tr("action.flip"), o.flipTapped)
	o.review = widget.NewButton(tr("online.review"), o.openReview)
	icon := func(b *widget.Button, res fyne.Resource) *iconButton {
		return newIconButton(b.Text, res, b.OnTapped, o.flash)
	}
	o.icons = []*iconButton{
		icon(o.resign, appIcon("resign")), icon(o.draw, appIcon("draw")), icon(o.decline, theme.CancelIcon()),
		icon(o.takeback, theme.ContentUndoIcon()), icon(o.claimWin, theme.ConfirmIcon()),
		icon(o.claimDraw, theme.ContentRemoveIcon()), icon(o.flip, appIcon("flip")), icon(o.review, theme.DocumentIcon()),
	}
	o.moveList = newMoveList(&o.moves, o.goToNode)
	notes := newNotesView(nil, o.moveList.snug) // online moves carry no comments
	notes.Hide()
	o.nav = newNavBar(o.navActions(), o.flash)
	// No variations to promote online: the chat's button takes Promote's place.
	o.chat = newOnlineChat(deps, o.flash)
	o.nav.row.Objects[4] = o.chat.open
	// No analysis or review panel during an online game: the chat is in its place.
	o.play = newFrame(frameParts{board: o.board, clocks: o.clocks, status: newFaceStatus(o.gameStatus), thinking: thinking,
		captions: o.captions(), icons: o.icons, extra: o.lobbyButton, nav: o.nav.row, panel: o.chat.slot,
		notes: notes, moveList: o.moveList, look: deps.look, compact: o.chat.setCompact})
	return o
}

// navActions browse the game's positions; the tree is the server's, not to be edited,
// and analysis and review are off.
func (o *onlineGame) navActions() navActions {
	return navActions{first: func() { o.goTo(0) }, back: func() { o.goTo(o.shownPly() - 1) },
		forward: func() { o.goTo(o.shownPly() + 1) }, last: func() { o.goTo(-1) }}
}

// captions are the labelled buttons in the order of icons.
func (o *onlineGame) captions() []*widget.Button {
	return []*widget.Button{o.resign, o.draw, o.decline, o.takeback, o.claimWin, o.claimDraw, o.flip, o.review}
}

// lobbyButton goes back to the lobby: labelled beside the "Moves" title, an icon at the
// end of the phone's icon row.
func (o *onlineGame) lobbyButton(icon bool) fyne.CanvasObject {
	if icon {
		return newIconButton(tr("online.lobby"), theme.HomeIcon(), o.deps.c.Leave, o.flash)
	}
	o.lobbyBtn = widget.NewButtonWithIcon(tr("online.lobby"), theme.HomeIcon(), o.deps.c.Leave)
	return o.lobbyBtn
}

// flash shows a button's name (long-pressed) in the status line until the next change.
func (o *onlineGame) flash(text string) { o.gameStatus.SetText(text) }

func (o *onlineGame) confirmResign() {
	question{title: tr("action.resign"), text: tr("resign.confirm"), onYes: o.deps.c.Actions().Resign}.show(o.deps.parent)
}

// drawTapped accepts the opponent's offer, or offers a draw.
func (o *onlineGame) drawTapped() {
	if g := o.deps.c.Current(); g != nil {
		if by, ok := g.DrawOfferedBy(); ok && by != g.Me {
			o.deps.c.Actions().AcceptDraw()
			return
		}
	}
	o.deps.c.Actions().OfferDraw()
}

// declineTapped declines the opponent's draw offer, else its takeback request.
func (o *onlineGame) declineTapped() {
	if g := o.deps.c.Current(); g != nil {
		if by, ok := g.DrawOfferedBy(); ok && by != g.Me {
			o.deps.c.Actions().DeclineDraw()
			return
		}
	}
	o.deps.c.Actions().DeclineTakeback()
}

// takebackTapped allows the opponent's takeback, or asks for one.
func (o *onlineGame) takebackTapped() {
	if g := o.deps.c.Current(); g != nil {
		if by, ok := g.TakebackAskedBy(); ok && by != g.Me {
			o.deps.c.Actions().AcceptTakeback()
			return
		}
	}
	o.deps.c.Actions().OfferTakeback()
}

func (o *onlineGame) flipTapped() {
	o.turned = !o.turned
	o.redraw()
}

// openReview opens the finished game from its library entry on the game screen.
func (o *onlineGame) openReview() {
	if g := o.deps.c.Current(); g != nil {
		if id, err := g.Filed(); id != "" && err == nil && o.deps.review != nil {
			o.deps.review(id)
		} else if g.Over() && o.deps.c.Lobby().Watching(g.ID) && o.deps.reviewRecord != nil {
			o.deps.reviewRecord(o.deps.c.Lobby().WatchedRecord(g))
		}
	}
}

// tap passes a tap on the board to the controller; while an earlier position is shown,
// a tap goes back to the game instead (moves are made in the live position only).
func (o *onlineGame) tap(sq rules.Square) {
	if o.browse >= 0 {
		o.goTo(-1)
		return
	}
	o.deps.c.Actions().Tap(sq)
}

func (o *onlineGame) drop(from, to rules.Square) {
	if o.browse < 0 {
		o.deps.c.Actions().Drop(from, to)
	}
}

// plies is the number of moves of the game so far.
func plies(g *online.Game) int {
	if g == nil || g.Record() == nil {
		return 0
	}
	return g.Record().Len()
}

// shownPly is the ply of the position shown.
func (o *onlineGame) shownPly() int {
	if o.browse >= 0 {
		return o.browse
	}
	return plies(o.deps.c.Current())
}

// goTo shows the position after ply moves, the live one for -1 or the last ply.
func (o *onlineGame) goTo(ply int) {
	g := o.deps.c.Current()
	if ply < 0 || ply >= plies(g) {
		ply = -1
	}
	o.browse = ply
	o.redraw()
}

// goToNode shows the position at a move tapped in the move list.
func (o *onlineGame) goToNode(n *game.Node) { o.goTo(n.Ply()) }

// shownNode is the node of the position shown: the root before the first move.
func (o *onlineGame) shownNode(gm *game.Game) *game.Node {
	ply := o.shownPly()
	if ply <= 0 {
		return gm.Record().Root
	}
	return gm.Line()[ply-1]
}

// redraw shows the current game again after a change of the view alone.
func (o *onlineGame) redraw() {
	if g := o.deps.c.Current(); g != nil {
		o.refresh(g, time.Now())
	}
}

// refresh shows game g at now.
func (o *onlineGame) refresh(g *online.Game, now time.Time) {
	if g.ID != o.game {
		o.game, o.browse, o.turned = g.ID, -1, false
	}
	if o.browse >= plies(g) {
		o.browse = -1
	}
	o.board.SetView(o.boardView(g))
	o.showClocks(g, now)
	o.gameStatus.SetText(present.OnlineStatusText(trData, o.statusNow(g, now)))
	if gm := g.Record(); gm != nil {
		o.moveList.show(moveSource{rec: gm.Record(), cur: o.shownNode(gm), style: o.deps.settings().Notation})
	}
	o.nav.refresh(navState{canBack: o.shownPly() > 0, canForward: o.browse >= 0, helpLocked: true})
	o.refreshButtons(g, now)
	o.chat.refresh(g)
	o.maybeShowResult(g)
}

// statusNow is what the status line says of g at now.
func (o *onlineGame) statusNow(g *online.Game, now time.Time) present.OnlineStatus {
	c := o.deps.c
	s := present.OnlineStatus{Started: g.Started(), Sending: g.Pending() != rules.NoMove, MyTurn: g.MyTurn(),
		Away: awayText(g, now), Watching: c.Lobby().Watching(g.ID), Watchers: c.Lobby().Watchers(g.ID)}
	if s.Watching {
		s.ToMove = tr(map[rules.Color]string{rules.Red: "side.red", rules.Black: "side.black"}[g.ToMove()])
	}
	if g.Over() {
		s.Over = o.endText(g)
	}
	if o.browse >= 0 {
		var moves []game.MoveListEntry
		if gm := g.Record(); gm != nil {
			moves = gm.Record().MoveList(o.deps.settings().Notation)
		}
		s.Browsing = present.BrowsingText(trData, moves, o.browse)
	}
	if why := g.Illegal(); why != game.NotIllegal {
		s.Illegal = o.deps.say(why.Message())
	}
	drawBy, draw := g.DrawOfferedBy()
	takebackBy, takeback := g.TakebackAskedBy()
	s.Draw, s.Takeback = present.OfferOf(drawBy, draw, g.Me), present.OfferOf(takebackBy, takeback, g.Me)
	if c.State() == online.Reconnecting {
		s.Reconnect = c.Attempts() + 1
	}
	if err := c.Err(); err != nil {
		s.Err = present.OnlineErrorText(trData, err, o.deps.typedName())
	}
	return s
}

// awayText is g's abandonment countdown at now; "" while both players are here.
func awayText(g *online.Game, now time.Time) string {
	side, claimAt, forfeitAt, ok := g.Away()
	if !ok || g.Over() {
		return ""
	}
	return present.AwayText(trData, present.Away{Mine: side == g.Me, CanClaim: g.CanClaim(now),
		ClaimIn: claimAt.Sub(now), ForfeitIn: forfeitAt.Sub(now)})
}

// endText says how g ended, the rating change of a rated game and that it was filed.
func (o *onlineGame) endText(g *online.Game) string {
	e := present.OnlineEnd{End: g.End(), Me: g.Me, Player: g.Player}
	e.Away, _, _, e.AwayKnown = g.Away()
	if gm := g.Record(); gm != nil {
		e.Result = gameOverText(o.deps.say, gm)
	}
	id, err := g.Filed()
	e.Filed = id != "" && err == nil
	return present.OnlineEndText(trData, e)
}

// refreshButtons enables what the player can do now and names what the shared buttons do.
func (o *onlineGame) refreshButtons(g *online.Game, now time.Time) {
	c := o.deps.c
	playing := g.Player && !g.Over() && c.State() == online.Connected
	drawBy, offered := g.DrawOfferedBy()
	theirDraw := offered && drawBy != g.Me
	tbBy, asked := g.TakebackAskedBy()
	theirTakeback := asked && tbBy != g.Me
	drawKey, takebackKey := "online.offerDraw", "online.takeback"
	if theirDraw {
		drawKey = "online.acceptDraw"
	}
	if theirTakeback {
		takebackKey = "online.acceptTakeback"
	}
	o.rename(1, tr(drawKey))
	o.rename(3, tr(takebackKey))
	id, fileErr := g.Filed()
	can := []bool{
		playing,
		playing && (!offered || theirDraw),
		playing && (theirDraw || theirTakeback),
		playing && (theirTakeback || !asked && c.Actions().CanTakeback()),
		playing && g.CanClaim(now),
		playing && g.CanClaim(now),
		true,
		g.Over() && (id != "" && fileErr == nil && o.deps.review != nil || c.Lobby().Watching(g.ID) && o.deps.reviewRecord != nil),
	}
	for i, b := range o.captions() {
		enable(b, can[i])
		enable(o.icons[i], can[i])
	}
}

// rename names button i, labelled and as an icon, where what it does changed.
func (o *onlineGame) rename(i int, text string) {
	if b := o.captions()[i]; b.Text != text {
		b.SetText(text)
		o.icons[i].name = text
	}
}

// boardView is what the board shows of g: the position browsed or the live one, with
// the player's selection and, after the game, the repetition verdict's marks.
func (o *onlineGame) boardView(g *online.Game) board.View {
	live := o.browse < 0
	st := boardState{Flipped: (g.Player && g.Me == rules.Black) != o.turned, Pickable: live && g.MyTurn(), PickSide: g.Me}
	if gm := g.Record(); gm != nil {
		st.Pos, st.LastMove = gm.View(), gm.LastMove()
		if live {
			st.Selected, st.Targets, st.Verdict = g.Selected(), g.Targets(), gm
		} else if n := o.shownNode(gm); n != gm.Record().Root {
			if at, err := gm.Record().PositionAt(n); err == nil {
				st.Pos, st.LastMove = at, n.Move
			}
		} else {
			st.Pos, st.LastMove = gm.Record().StartPosition(), rules.NoMove
		}
	}
	return gameBoardView(st, o.deps.settings())
}

// showClocks shows the players' names and ratings and the server's clocks at now.
func (o *onlineGame) showClocks(g *online.Game, now time.Time) {
	side, running := g.ClockRunning()
	var names [2]string
	for _, c := range []rules.Color{rules.Red, rules.Black} {
		names[c] = present.PlayerLabel(trData, g.PlayerOf(c))
	}
	if o.clocks.View().Timed != g.TimeControl.Timed() || o.clocks.View().Names != names {
		defer o.play.Refresh() // the bar's height may change
	}
	v := ClockView{Names: names, Timed: g.TimeControl.Timed(), Running: running, Side: side}
	for _, c := range []rules.Color{rules.Red, rules.Black} {
		sc := g.SideClock(c, now)
		v.Left[c] = sc.StageLeft(g.TimeControl)
		v.Byoyomi[c], v.Periods[c] = sc.InByoyomi(g.TimeControl), sc.Periods
	}
	o.clocks.SetView(v)
}
