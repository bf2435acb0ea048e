package gui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/rules"
)

// onlineScreen is online play: the lobby (the server, the guest sign-in, a seek with its
// wait, an invite code to create, copy or enter, the games to resume) and, once a game
// opens, the board on the server's clock with the players' names and ratings and the
// draw, takeback and resign buttons. It only draws the controller (play/online) and hands
// it the player's taps.
type onlineScreen struct {
	onlineDeps
	lobby, play *fyne.Container
	side        *fyne.Container // the game's panel beside or under the board
	content     *fyne.Container
	ticker      uiTicker

	// The lobby.
	server    *widget.Entry
	useServer *widget.Button
	status    *widget.Label
	signIn    *widget.Button
	name      *widget.Entry
	password  *widget.Entry
	logIn     *widget.Button
	register  *widget.Button
	tc        *widget.Select
	rated     *widget.Check
	seek      *widget.Button
	cancel    *widget.Button
	invite    *widget.Button
	code      *widget.Label
	copyCode  *widget.Button
	codeEntry *widget.Entry
	join      *widget.Button
	resume    *fyne.Container

	// The game.
	board       *board.Board
	clocks      *ClockWidget
	gameStatus  *widget.Label
	moves       *widget.Label
	offerDraw   *widget.Button
	acceptDraw  *widget.Button
	declineDraw *widget.Button
	takeback    *widget.Button
	acceptTB    *widget.Button
	declineTB   *widget.Button
	resign      *widget.Button
	leave       *widget.Button
	claimWin    *widget.Button
	claimDraw   *widget.Button
	review      *widget.Button
}

// onlineDeps is what the online screen works with.
type onlineDeps struct {
	c        *online.Controller
	parent   fyne.Window
	post     func(func())
	settings func() play.Settings // the board's looks and the notation
	shown    func() bool          // whether the screen is the one shown
	say      present.Say
	close    func()
	// review opens the finished game filed as the library entry id on the game screen,
	// where the engine's help is on again.
	review func(id string)
}

func newOnlineScreen(deps onlineDeps) *onlineScreen {
	s := &onlineScreen{onlineDeps: deps}
	c := s.c
	s.server = widget.NewEntry()
	s.server.SetText(c.Server())
	s.useServer = widget.NewButton(tr("online.useServer"), func() {
		if err := c.SetServer(s.server.Text); err != nil {
			s.status.SetText(tr("online.error", map[string]any{"Error": err}))
		}
	})
	s.status = widget.NewLabel("")
	s.status.Wrapping = fyne.TextWrapWord
	s.signIn = widget.NewButton(tr("online.signIn"), c.SignIn)
	s.name = widget.NewEntry()
	s.name.SetPlaceHolder(tr("online.name"))
	s.password = widget.NewPasswordEntry()
	s.password.SetPlaceHolder(tr("online.password"))
	s.logIn = widget.NewButton(tr("online.logIn"), func() { c.LogIn(strings.TrimSpace(s.name.Text), s.password.Text) })
	s.register = widget.NewButton(tr("online.register"), func() { c.Register(strings.TrimSpace(s.name.Text), s.password.Text) })
	var tcs []string
	for _, tc := range online.SeekControls() {
		tcs = append(tcs, tc.String())
	}
	s.tc = widget.NewSelect(tcs, nil)
	s.tc.SetSelected("10+5")
	s.rated = widget.NewCheck(tr("online.rated"), nil)
	s.seek = widget.NewButton(tr("online.seek"), func() { c.Seek(s.tc.Selected, s.rated.Checked) })
	s.cancel = widget.NewButton(tr("action.cancel"), c.CancelSeek)
	s.invite = widget.NewButton(tr("online.invite"), func() { c.Invite(s.tc.Selected, s.rated.Checked) })
	s.code = widget.NewLabel("")
	s.copyCode = widget.NewButton(tr("online.copy"), func() {
		fyne.CurrentApp().Clipboard().SetContent(c.InviteCode())
	})
	s.codeEntry = widget.NewEntry()
	s.codeEntry.SetPlaceHolder(tr("online.codeHint"))
	s.join = widget.NewButton(tr("online.join"), func() { c.Join(s.codeEntry.Text) })
	s.resume = container.NewVBox()
	back := widget.NewButton(tr("online.back"), s.close)
	title := widget.NewLabelWithStyle(tr("online.title"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.lobby = container.NewVBox(
		container.NewBorder(nil, nil, nil, back, title),
		container.NewBorder(nil, nil, widget.NewLabel(tr("online.server")), s.useServer, s.server),
		s.signIn,
		container.NewGridWithColumns(2, s.name, s.password),
		container.NewGridWithColumns(2, s.logIn, s.register),
		widget.NewSeparator(),
		container.NewBorder(nil, nil, widget.NewLabel(tr("online.timeControl")), s.rated, s.tc),
		container.NewGridWithColumns(2, s.seek, s.cancel),
		widget.NewSeparator(),
		s.invite, container.NewBorder(nil, nil, nil, s.copyCode, s.code),
		container.NewBorder(nil, nil, nil, s.join, s.codeEntry),
		widget.NewSeparator(),
		widget.NewLabelWithStyle(tr("online.resumeTitle"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		s.resume,
		// Last, so that its changing height moves no button.
		widget.NewSeparator(), s.status,
	)

	s.board = board.New(c.Tap, c.Drop)
	s.clocks = NewClockWidget(tr("side.red"), tr("side.black"))
	s.gameStatus = widget.NewLabel("")
	s.gameStatus.Wrapping = fyne.TextWrapWord
	s.moves = widget.NewLabel("")
	s.moves.Wrapping = fyne.TextWrapWord
	s.offerDraw = widget.NewButton(tr("online.offerDraw"), c.OfferDraw)
	s.acceptDraw = widget.NewButton(tr("online.acceptDraw"), c.AcceptDraw)
	s.declineDraw = widget.NewButton(tr("online.decline"), c.DeclineDraw)
	s.takeback = widget.NewButton(tr("online.takeback"), c.OfferTakeback)
	s.acceptTB = widget.NewButton(tr("online.acceptTakeback"), c.AcceptTakeback)
	s.declineTB = widget.NewButton(tr("online.decline"), c.DeclineTakeback)
	s.resign = widget.NewButton(tr("action.resign"), s.confirmResign)
	s.leave = widget.NewButton(tr("online.lobby"), c.Leave)
	s.claimWin = widget.NewButton(tr("online.claimWin"), c.ClaimWin)
	s.claimDraw = widget.NewButton(tr("online.claimDraw"), c.ClaimDraw)
	s.review = widget.NewButton(tr("online.review"), func() {
		if g := c.Current(); g != nil {
			if id, err := g.Filed(); id != "" && err == nil {
				s.onlineDeps.review(id)
			}
		}
	})
	buttons := container.NewGridWithColumns(2, s.resign, s.offerDraw, s.acceptDraw, s.declineDraw,
		s.takeback, s.acceptTB, s.declineTB, s.leave, s.claimWin, s.claimDraw, s.review)
	// The status under the buttons, so that its changing height moves none of them; the
	// moves scroll in what is left, so that a long game does not make the window grow.
	s.side = container.NewBorder(container.NewVBox(s.clocks, buttons, s.gameStatus), nil, nil, nil,
		container.NewVScroll(s.moves))
	s.play = container.New(&onlineGameLayout{}, s.board, s.side)
	s.content = container.NewStack(s.lobby, s.play)
	s.refresh()
	return s
}

func (s *onlineScreen) view() fyne.CanvasObject { return s.content }

func (s *onlineScreen) confirmResign() {
	question{title: tr("action.resign"), text: tr("resign.confirm"), onYes: s.c.Resign}.show(s.parent)
}

// refresh shows the controller's state.
func (s *onlineScreen) refresh() {
	c := s.c
	g := c.Current()
	if g == nil {
		s.play.Hide()
		s.lobby.Show()
		s.refreshLobby()
	} else {
		s.lobby.Hide()
		s.play.Show()
		s.refreshGame(g)
	}
	_, _, seeking := c.Seeking()
	running, away := false, false
	if g != nil {
		_, running = g.ClockRunning()
		_, _, _, away = g.Away()
	}
	s.keepTicking(seeking || running || away)
}

func (s *onlineScreen) refreshLobby() {
	c := s.c
	signedIn := c.State() == online.Connected
	enable(s.signIn, c.State() == online.SignedOut)
	enable(s.useServer, true)
	enable(s.logIn, c.State() != online.Connecting && !c.Playing())
	enable(s.register, c.CanRegister())
	_, _, seeking := c.Seeking()
	enable(s.seek, signedIn && !seeking)
	enable(s.cancel, seeking)
	enable(s.invite, signedIn && c.InviteCode() == "")
	enable(s.join, signedIn)
	enable(s.copyCode, c.InviteCode() != "")
	if c.InviteCode() != "" {
		s.code.SetText(tr("online.inviteCode", map[string]any{"Code": c.InviteCode()}))
	} else {
		s.code.SetText("")
	}
	s.status.SetText(s.statusText())
	s.resume.RemoveAll()
	for _, id := range c.Resumable() {
		s.resume.Add(widget.NewButton(tr("online.resume", map[string]any{"ID": id}), func() { c.Resume(id) }))
	}
}

// statusText says the connection's state, the account and its rating, a seek's wait and
// the last error.
func (s *onlineScreen) statusText() string {
	c := s.c
	var lines []string
	switch c.State() {
	case online.SignedOut:
		lines = append(lines, tr("online.signedOut"))
	case online.Connecting:
		lines = append(lines, tr("online.connecting"))
	case online.Connected:
		a := c.Account()
		lines = append(lines, tr("online.signedIn", map[string]any{"Name": online.PlayerName(a), "Rating": online.Rating(a)}))
	case online.Reconnecting:
		lines = append(lines, tr("online.reconnecting", map[string]any{"N": c.Attempts() + 1}))
	}
	if tc, since, ok := c.Seeking(); ok {
		wait := time.Since(since).Truncate(time.Second)
		lines = append(lines, tr("online.seeking", map[string]any{"TC": tc, "Wait": present.ClockText(wait)}))
	}
	if err := c.Err(); err != nil {
		lines = append(lines, s.errorText(err))
	}
	return strings.Join(lines, "\n")
}

// errorText says an error of the controller, the sign-in's refusals in the player's
// language.
func (s *onlineScreen) errorText(err error) string {
	switch {
	case errors.Is(err, online.ErrWrongPassword):
		return tr("online.wrongPassword")
	case errors.Is(err, online.ErrNameTaken):
		return tr("online.nameTaken", map[string]any{"Name": strings.TrimSpace(s.name.Text)})
	}
	return tr("online.error", map[string]any{"Error": err})
}

func (s *onlineScreen) refreshGame(g *online.Game) {
	c := s.c
	// One now for the status and the claim buttons, so that they never disagree.
	now := time.Now()
	gm := g.Record()
	set := s.settings()
	v := board.View{Selected: g.Selected(), Targets: g.Targets(), LastMove: rules.NoMove, Check: rules.NoSquare,
		Hint: rules.NoMove, Rejected: rules.NoSquare, Animate: rules.NoMove, Victim: rules.NoSquare,
		Flipped: g.Player && g.Me == rules.Black, Coords: set.Coords, Pickable: g.MyTurn(), PickSide: g.Me}
	setAppearance(&v, set)
	if gm != nil {
		pos := gm.Position()
		v.SetPieces(pos)
		v.LastMove = gm.LastMove()
		if pos.InCheck() {
			v.Check = pos.KingSquare(pos.Side())
		}
	}
	s.board.SetView(v)
	s.showClocks(g)
	s.gameStatus.SetText(s.gameStatusText(g, now))
	if gm != nil {
		s.moves.SetText(strings.Join(gm.MoveTextsFrom(0, set.Notation), " "))
	}
	playing := g.Player && !g.Over() && c.State() == online.Connected
	by, offered := g.DrawOfferedBy()
	enable(s.offerDraw, playing && !offered)
	enable(s.acceptDraw, playing && offered && by != g.Me)
	enable(s.declineDraw, playing && offered && by != g.Me)
	by, asked := g.TakebackAskedBy()
	enable(s.takeback, playing && !asked && c.CanTakeback())
	enable(s.acceptTB, playing && asked && by != g.Me)
	enable(s.declineTB, playing && asked && by != g.Me)
	enable(s.resign, playing)
	enable(s.claimWin, playing && g.CanClaim(now))
	enable(s.claimDraw, playing && g.CanClaim(now))
	id, fileErr := g.Filed()
	enable(s.review, g.Over() && id != "" && fileErr == nil && s.onlineDeps.review != nil)
}

func (s *onlineScreen) showClocks(g *online.Game) {
	side, running := g.ClockRunning()
	names := [2]string{}
	for _, c := range []rules.Color{rules.Red, rules.Black} {
		a := g.PlayerOf(c)
		sideName := tr("side.red")
		if c == rules.Black {
			sideName = tr("side.black")
		}
		names[c] = tr("online.player", map[string]any{"Side": sideName, "Name": online.PlayerName(a), "Rating": online.Rating(a)})
	}
	now := time.Now()
	if s.clocks.View().Timed != g.TimeControl.Timed() || s.clocks.View().Names != names {
		defer s.side.Refresh() // the bar's height may change
	}
	v := ClockView{Names: names, Timed: g.TimeControl.Timed(), Running: running, Side: side}
	for _, c := range []rules.Color{rules.Red, rules.Black} {
		sc := g.SideClock(c, now)
		v.Left[c] = sc.StageLeft(g.TimeControl)
		v.Byoyomi[c], v.Periods[c] = sc.InByoyomi(g.TimeControl), sc.Periods
	}
	s.clocks.SetView(v)
}

// gameStatusText says whose move it is, the offers, how the game ended, the connection
// and the last error.
func (s *onlineScreen) gameStatusText(g *online.Game, now time.Time) string {
	c := s.c
	var lines []string
	switch {
	case !g.Started():
		lines = append(lines, tr("online.connecting"))
	case g.Over():
		lines = append(lines, s.endText(g))
	case g.Pending() != rules.NoMove:
		lines = append(lines, tr("online.sending"))
	case g.MyTurn():
		lines = append(lines, tr("online.yourMove"))
	default:
		lines = append(lines, tr("online.theirMove"))
	}
	if why := g.Illegal(); why != game.NotIllegal {
		lines = append(lines, s.say(why.Message()))
	}
	if by, ok := g.DrawOfferedBy(); ok {
		if by == g.Me {
			lines = append(lines, tr("online.youOfferDraw"))
		} else {
			lines = append(lines, tr("online.drawOffered"))
		}
	}
	if by, ok := g.TakebackAskedBy(); ok && by != g.Me {
		lines = append(lines, tr("online.takebackAsked"))
	}
	if line := awayText(g, now); line != "" {
		lines = append(lines, line)
	}
	if c.State() == online.Reconnecting {
		lines = append(lines, tr("online.reconnecting", map[string]any{"N": c.Attempts() + 1}))
	}
	if err := c.Err(); err != nil {
		lines = append(lines, s.errorText(err))
	}
	return strings.Join(lines, "\n")
}

// awayText is the abandonment countdown: who is away, when the opponent may claim, when
// the away player loses.
func awayText(g *online.Game, now time.Time) string {
	side, claimAt, forfeitAt, ok := g.Away()
	if !ok || g.Over() {
		return ""
	}
	forfeit := present.ClockText(max(forfeitAt.Sub(now), 0).Truncate(time.Second))
	if side == g.Me {
		return tr("online.youAway", map[string]any{"Forfeit": forfeit})
	}
	if g.CanClaim(now) {
		return tr("online.opponentAwayClaim", map[string]any{"Forfeit": forfeit})
	}
	return tr("online.opponentAway", map[string]any{"Claim": present.ClockText(claimAt.Sub(now).Truncate(time.Second)), "Forfeit": forfeit})
}

// endText says how the game ended, the rating change of a rated one and where it was filed.
func (s *onlineScreen) endText(g *online.Game) string {
	end := g.End()
	var text string
	if end.Reason == "reason.abandoned" {
		gone, _, _, known := g.Away()
		if !known { // the away event came before this device followed the game
			gone = rules.Red
			if end.Result == "1-0" {
				gone = rules.Black
			}
		}
		key := "online.abandoned"
		if end.Result == "1/2-1/2" {
			key = "online.abandonedDraw"
		}
		text = tr(key, map[string]any{"Side": sideName(gone)})
	} else {
		text = gameOverText(s.say, g.Record())
	}
	change := end.Red
	if g.Me == rules.Black {
		change = end.Black
	}
	if g.Player && change != nil {
		text += "\n" + tr("online.ratingChange", map[string]any{
			"Before": fmt.Sprintf("%.0f", change.Before), "After": fmt.Sprintf("%.0f", change.After)})
	}
	if id, err := g.Filed(); id != "" && err == nil {
		text += "\n" + tr("online.filed")
	}
	return text
}

// keepTicking redraws the clocks and the seek's wait while either runs, until the
// screen is no longer shown.
func (s *onlineScreen) keepTicking(on bool) {
	s.ticker.set(on, s.post, func() {
		if !s.shown() {
			s.stop()
			return
		}
		s.refresh()
	})
}

// stop ends the ticker when the screen closes.
func (s *onlineScreen) stop() { s.keepTicking(false) }

// onlineGameLayout puts the board on the left and the side panel on its right in a wide
// window, the panel under the board in a tall one.
type onlineGameLayout struct{}

// minBoardHeight is the least board the layout asks room for under the panel. It is
// small, so that a status of a few lines (the abandonment countdown) does not make a
// 900x680 window grow (300 did, by 28 px).
const minBoardHeight = 200

func (onlineGameLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	side := objs[1].MinSize()
	return fyne.NewSize(max(side.Width, 300), side.Height+minBoardHeight)
}

func (onlineGameLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	b, side := objs[0], objs[1]
	need := side.MinSize()
	if size.Width > size.Height {
		w := max(min(size.Width-need.Width, size.Height*board.Aspect()), 0)
		b.Resize(fyne.NewSize(w, w/board.Aspect()))
		b.Move(fyne.NewPos(0, 0))
		side.Resize(fyne.NewSize(size.Width-w, size.Height))
		side.Move(fyne.NewPos(w, 0))
		return
	}
	w := max(min(size.Width, (size.Height-need.Height)*board.Aspect()), 0)
	h := w / board.Aspect()
	b.Resize(fyne.NewSize(w, h))
	b.Move(fyne.NewPos((size.Width-w)/2, 0))
	side.Resize(fyne.NewSize(size.Width, size.Height-h))
	side.Move(fyne.NewPos(0, h))
}

// startOnline makes the online controller, once per window. An account signed in on this
// device before signs in again at once (in the background), so that a game in play after
// a restart keeps the engine's help off and is offered to resume.
func (w *Window) startOnline() {
	if w.online != nil {
		return
	}
	cfg := online.Config{Store: w.store, Post: w.look.post}
	if w.io.library != nil {
		cfg.Library = w.io.library
	}
	c, err := online.New(cfg)
	if err != nil {
		w.showNotice(tr("online.error", map[string]any{"Error": err}))
	}
	w.online = c
	c.Listen(func() {
		// The engine's help is off while an online game is in play.
		w.session.SetHelpLocked(c.Playing())
		if s := w.onlineScreen; s != nil {
			if s.shown() {
				s.refresh()
			} else {
				s.stop()
			}
		}
	})
	if c.HasToken() {
		c.SignIn()
	}
}

// showOnline opens online play; the controller lives as long as the window, so closing
// the screen keeps the game.
func (w *Window) showOnline() {
	w.startOnline()
	var s *onlineScreen
	s = newOnlineScreen(onlineDeps{c: w.online, parent: w.win, post: w.look.post, say: w.say,
		settings: w.session.Settings, close: func() { w.screens.pop() }, review: w.reviewOnline,
		shown: func() bool { return w.screens.top() == screen(s) }})
	w.onlineScreen = s
	w.screens.replace(s)
	if w.online.HasToken() && w.online.State() == online.SignedOut {
		w.online.SignIn()
	}
}

// reviewOnline opens the finished online game filed as library entry id on the game
// screen, where hint, analysis and the review are on again.
func (w *Window) reviewOnline(id string) {
	rec, who, err := w.io.library.Open(id)
	if err == nil {
		err = w.session.OpenRecord(rec, who)
	}
	if err != nil {
		w.showNotice(tr("online.reviewFailed", map[string]any{"Error": err}))
		return
	}
	w.online.Leave()
	w.screens.home()
}
