package gui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/play/online"
)

// onlineScreen is online play: the lobby (online_lobby.go) and, once a game opens, the
// game on the game screen's layout (online_game.go). It only draws the controller
// (play/online) and hands it the player's taps. A finished game opens in review on the
// game screen once it is filed in the library, where analysis is on again.
type onlineScreen struct {
	deps *onlineDeps
	*onlineLobby
	*onlineGame
	social  *peoplePanels // the friends list and the leaderboard (online_social.go)
	content *fyne.Container
	ticker  play.Ticker
	// reviewed is the game last opened in review by itself, so that it is opened once.
	reviewed int64
}

// onlineDeps is what the online screen works with.
type onlineDeps struct {
	c        *online.Controller
	parent   fyne.Window
	look     *appLook
	post     func(func())
	settings func() play.Settings // the board's looks and the notation
	shown    func() bool          // whether the screen is the one shown
	say      present.Say
	close    func()
	// review opens the finished game filed as the library entry id on the game screen,
	// where the engine's help is on again; reviewRecord opens a finished game watched
	// (not filed: the library keeps one's own games).
	review       func(id string)
	reviewRecord func(rec *game.Record)
	// typedName is the name typed in the lobby (set by the lobby), for the sign-in's refusals.
	typedName func() string
	sync      *windowSync
	// redraw shows the controller's state again (set by the screen), after a change of the view alone.
	redraw func()
	// showPeople opens the friends list or the leaderboard (panelFriends, panelLeaders).
	showPeople func(which string)
}

func newOnlineScreen(deps onlineDeps) *onlineScreen {
	s := &onlineScreen{deps: &deps}
	deps.redraw = s.refresh
	s.social = newPeoplePanels(s.deps, func() { s.refresh() })
	s.onlineLobby = newOnlineLobby(s.deps)
	s.onlineGame = newOnlineGame(s.deps)
	s.content = container.NewStack(s.lobby, s.people.view, s.play, s.social.view)
	if g := deps.c.Current(); g != nil && g.Over() {
		s.reviewed = g.ID // it ended out of view: its review opens from the button
	}
	s.refresh()
	return s
}

func (s *onlineScreen) view() fyne.CanvasObject { return s.content }

// refresh shows the controller's state.
func (s *onlineScreen) refresh() {
	c := s.deps.c
	g := c.Current()
	now := time.Now() // one now for the status and the claim buttons, so that they never disagree
	if g == nil {
		s.play.Hide()
		// One view at a time: the friends or the leaderboard when opened, else the lists
		// of people online when opened, else the lobby.
		social := s.social.refresh()
		showIf(!social && !s.people.open, s.lobby)
		showIf(!social && s.people.open, s.people.view)
		if !social {
			s.onlineLobby.refresh()
		}
	} else {
		s.lobby.Hide()
		s.people.view.Hide()
		s.social.view.Hide()
		s.social.shown = nil // back from the game is the lobby
		s.play.Show()
		s.onlineGame.refresh(g, now)
		s.openFinished(g)
		s.inGame = true
	}
	_, _, seeking := c.Lobby().Seeking()
	running, away := false, false
	if g != nil {
		_, running = g.ClockRunning()
		_, _, _, away = g.Away()
	}
	s.keepTicking(seeking || running || away)
}

// openFinished opens game g in review once it has ended and is filed. It is posted, as
// opening it leaves the game, which changes the controller that is telling this change.
func (s *onlineScreen) openFinished(g *online.Game) {
	if s.deps.c.Lobby().Watching(g.ID) {
		s.openWatched(g)
		return
	}
	id, err := g.Filed()
	if !g.Over() || id == "" || err != nil || s.reviewed == g.ID || s.deps.review == nil || !s.deps.shown() {
		return
	}
	s.reviewed = g.ID
	s.deps.post(func() {
		if s.deps.c.Current() == g && s.deps.shown() {
			s.deps.review(id)
		}
	})
}

// keepTicking redraws the clocks and the seek's wait while either runs, until the
// screen is no longer shown.
func (s *onlineScreen) keepTicking(on bool) {
	s.ticker.Set(on, clockTick, s.deps.post, func() {
		if !s.deps.shown() {
			s.stop()
			return
		}
		s.refresh()
	})
}

// stop ends the ticker when the screen closes.
func (s *onlineScreen) stop() { s.keepTicking(false) }

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
	w.sync.w = w
	w.session.Listen(play.Listener{Change: func(play.Change) { w.sync.changedHere() }})
	c.Listen(play.Listener{Change: func(play.Change) {
		w.sync.follow(c)
		w.sync.changedHere() // a game filed
		// The engine's help is off while an online game is in play.
		w.session.SetHelpLocked(c.Playing())
		w.promptChallenges() // wherever the app is (online_social.go)
		if s := w.onlineScreen; s != nil {
			if s.deps.shown() {
				s.refresh()
			} else {
				s.stop()
			}
		}
	}})
	if c.HasToken() {
		c.SignIn()
	}
}

// showOnline opens online play; the controller lives as long as the window, so closing
// the screen keeps the game.
func (w *Window) showOnline() {
	w.startOnline()
	var s *onlineScreen
	s = newOnlineScreen(onlineDeps{c: w.online, parent: w.win, look: w.look, post: w.look.post, say: w.say,
		settings: w.session.Settings, close: func() { w.screens.pop() }, review: w.reviewOnline, sync: &w.sync,
		reviewRecord: func(rec *game.Record) { reviewWatched(w, rec) },
		shown:        func() bool { return w.screens.top() == screen(s) }})
	w.onlineScreen = s
	w.screens.replace(s)
	if w.online.HasToken() && w.online.State() == online.SignedOut {
		w.online.SignIn()
	}
}

// reviewOnline opens the finished online game filed as library entry id on the game
// screen, where hint, analysis and the review are on again, with analysis on.
func (w *Window) reviewOnline(id string) {
	rec, who, err := w.io.library.Open(id)
	if err == nil {
		err = w.session.OpenRecord(rec, who)
	}
	if err != nil {
		w.showNotice(tr("online.reviewFailed", map[string]any{"Error": err}))
		return
	}
	w.online.Leave() // the engine's help is no longer locked, unless another game is in play
	w.screens.home()
	w.session.Analysis().Set(true)
}
