package gui

import (
	"reflect"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/server/proto"
)

// lobbyLists is the online screen's view of people online, opened from the lobby's
// title row: the open seeks with a Play button each, the games in play, best rated first
// a page at a time, with a Watch button each, and who is here (the count and the best
// rated names). Each entry is a wrapping line beside its button at the top of its row,
// so that a phone's narrow column holds it and the first row's button stays in place.
type lobbyLists struct {
	deps      *onlineDeps
	view      fyne.CanvasObject
	open      bool // the view is shown instead of the lobby
	openBtn   *iconButton
	backBtn   *iconButton
	count     *widget.Label
	names     *widget.Label
	status    *widget.Label
	reload    *widget.Button
	seeks     *fyne.Container
	gameTitle *widget.Label
	games     *fyne.Container
	page      *widget.Label
	prev      *widget.Button
	next      *widget.Button
	// The entries' buttons as last drawn, in the lists' order (for the tests' taps).
	seekButtons, watchButtons []*widget.Button

	gamesPage int
	drawn     online.Lists
	drawnOnce bool
	asked     time.Time // when the lists were last asked for; zero: not since signing in
	stale     bool      // the lists are to be read again (back from a game)
}

// listsEvery is how often the lists are read again by themselves while a seek waits
// (the player's eye is on the lobby then).
const listsEvery = 5 * time.Second

func newLobbyLists(deps *onlineDeps, say func(string)) *lobbyLists {
	l := &lobbyLists{deps: deps}
	l.openBtn = newIconButton(tr("online.openPeople"), theme.AccountIcon(), func() { l.show(true) }, say)
	l.count = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.names = widget.NewLabel("")
	l.names.Wrapping = fyne.TextWrapWord
	l.status = widget.NewLabel("")
	l.status.Wrapping = fyne.TextWrapWord
	l.reload = widget.NewButtonWithIcon("", theme.ViewRefreshIcon(), func() { l.ask() })
	l.backBtn = newIconButton(tr("online.lobby"), theme.NavigateBackIcon(), func() { l.show(false) }, l.status.SetText)
	l.seeks = container.NewVBox()
	l.gameTitle = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.gameTitle.Wrapping = fyne.TextWrapWord
	l.games = container.NewVBox()
	l.page = widget.NewLabel("")
	l.prev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), func() { l.turn(-1) })
	l.next = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), func() { l.turn(1) })
	title := widget.NewLabelWithStyle(tr("online.peopleTitle"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Truncation = fyne.TextTruncateEllipsis
	seeksTitle := widget.NewLabelWithStyle(tr("online.seeksTitle"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	seeksTitle.Wrapping = fyne.TextWrapWord
	// The seeks first: a seek is what a player here most likely came for. The texts that
	// change in length (the names, an error) come last, so that they move no button.
	l.view = container.NewVScroll(container.NewVBox(
		container.NewBorder(nil, nil, nil, container.NewHBox(l.reload, l.backBtn), title),
		seeksTitle, l.seeks,
		widget.NewSeparator(),
		l.gameTitle, l.games,
		container.NewBorder(nil, nil, l.prev, l.next, l.page),
		widget.NewSeparator(),
		l.count, l.names, l.status,
	))
	l.view.Hide()
	return l
}

// show opens the view (or goes back to the lobby), reading the lists afresh.
func (l *lobbyLists) show(on bool) {
	l.open = on
	if on && l.deps.c.State() == online.Connected {
		l.ask()
	}
	if l.deps.redraw != nil {
		l.deps.redraw()
	}
}

// ask reads the lists again.
func (l *lobbyLists) ask() {
	l.asked = time.Now()
	l.deps.c.Lobby().Refresh(l.gamesPage)
}

func (l *lobbyLists) turn(by int) {
	if l.gamesPage+by < 0 || l.gamesPage+by > proto.MaxLobbyPage {
		return
	}
	l.gamesPage += by
	l.ask()
}

// refresh shows the lists as last read, and asks for them on signing in, on coming
// back to the lobby (back), and every listsEvery while a seek waits.
func (l *lobbyLists) refresh(back bool) {
	c := l.deps.c
	connected := c.State() == online.Connected
	if !connected {
		l.asked = time.Time{}
	}
	_, _, seeking := c.Lobby().Seeking()
	l.stale = l.stale || back // read again once the reading under way (if any) is done
	if connected && !c.Lobby().Reading() && (l.asked.IsZero() || l.stale || seeking && time.Since(l.asked) > listsEvery) {
		l.stale = false
		l.ask()
	}
	enable(l.reload, connected && !c.Lobby().Reading())
	l.status.SetText("")
	if err := c.Err(); err != nil {
		l.status.SetText(present.OnlineErrorText(trData, err, ""))
	} else if !connected {
		l.status.SetText(tr("online.signedOut"))
	}
	lists := c.Lobby().Lists()
	games := lists.Games
	enable(l.prev, connected && l.gamesPage > 0)
	enable(l.next, connected && (l.gamesPage+1)*proto.LobbyPageSize < games.Total && l.gamesPage < proto.MaxLobbyPage)
	if l.drawnOnce && reflect.DeepEqual(lists, l.drawn) {
		l.enableRows(connected)
		return
	}
	l.drawn, l.drawnOnce = lists, true
	l.count.SetText(tr("online.people", map[string]any{"N": lists.Online.Total}))
	_, names := present.PeopleText(trData, lists.Online)
	l.names.SetText(names)
	me := c.Account().ID
	l.seeks.RemoveAll()
	l.seekButtons = nil
	for _, s := range lists.Seeks.Seeks {
		b := widget.NewButton(tr("online.acceptSeek"), func() { c.Lobby().AcceptSeek(s) })
		if s.Player.ID == me {
			b.Disable()
		}
		l.seekButtons = append(l.seekButtons, b)
		l.seeks.Add(entryRow(present.SeekEntryText(trData, s, s.Player.ID == me), b))
	}
	if len(lists.Seeks.Seeks) == 0 {
		l.seeks.Add(widget.NewLabel(tr("online.noSeeks")))
	}
	l.gameTitle.SetText(tr("online.watchTitle", map[string]any{"N": games.Total}))
	l.games.RemoveAll()
	l.watchButtons = nil
	for _, g := range games.Games {
		b := widget.NewButton(tr("online.watch"), func() { c.Lobby().Watch(g.ID) })
		l.watchButtons = append(l.watchButtons, b)
		l.games.Add(entryRow(present.GameEntryText(trData, g), b))
	}
	if len(games.Games) == 0 {
		l.games.Add(widget.NewLabel(tr("online.noGames")))
	}
	l.page.SetText(present.PageText(trData, games.Page, games.Total, proto.LobbyPageSize))
	l.enableRows(connected)
}

// enableRows lets the entries be tapped while connected (never one's own seek).
func (l *lobbyLists) enableRows(connected bool) {
	me := l.deps.c.Account().ID
	for i, b := range l.seekButtons {
		enable(b, connected && l.drawn.Seeks.Seeks[i].Player.ID != me)
	}
	for _, b := range l.watchButtons {
		enable(b, connected)
	}
}

// mineText names game id of the account's own games in play, as the list says it; ""
// when the list does not hold it.
func (l *lobbyLists) mineText(id int64) string {
	for _, g := range l.drawn.Mine.Games {
		if g.ID == id {
			return present.GameEntryText(trData, g)
		}
	}
	return ""
}

// entryRow is an entry's wrapping text with its button at the end.
func entryRow(text string, b *widget.Button) fyne.CanvasObject {
	label := widget.NewLabel(text)
	label.Wrapping = fyne.TextWrapWord
	return container.NewBorder(nil, nil, nil, container.NewVBox(b), label)
}

// openWatched opens watched game g in review once it has ended (once per game).
func (s *onlineScreen) openWatched(g *online.Game) {
	if !g.Over() || s.reviewed == g.ID || s.deps.reviewRecord == nil || !s.deps.shown() {
		return
	}
	s.reviewed = g.ID
	s.deps.post(func() {
		if s.deps.c.Current() == g && s.deps.shown() {
			s.deps.reviewRecord(s.deps.c.Lobby().WatchedRecord(g))
		}
	})
}

// reviewWatched opens a finished game watched online in window w's game screen, in
// review with analysis on, as one's own finished games open.
func reviewWatched(w *Window, rec *game.Record) {
	if rec == nil {
		return
	}
	if err := w.session.OpenRecord(rec, play.Players{Human: game.HumanBoth}); err != nil {
		w.showNotice(tr("online.reviewFailed", map[string]any{"Error": err}))
		return
	}
	w.online.Leave()
	w.screens.home()
	w.session.Analysis().Set(true)
}
