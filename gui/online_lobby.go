package gui

import (
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play/online"
)

// onlineLobby is the Online screen before a game: the server, the guest sign-in, the
// log-in with a name and password, the sign-out, a seek with its wait, an invite code to
// create, copy or enter, the games to resume, and a button to the lists of who is online,
// the open seeks and the games to watch (online_people.go).
type onlineLobby struct {
	deps      *onlineDeps
	lobby     fyne.CanvasObject // scrolls where the window is shorter than it (a phone)
	server    *widget.Entry
	useServer *widget.Button
	status    *widget.Label
	signIn    *widget.Button
	signOut   *widget.Button
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
	people    *lobbyLists
	// inGame: a game was shown at the last refresh (back in the lobby, the lists are read again).
	inGame bool
	// friendsBtn and leadersBtn open the friends list and the leaderboard (online_social.go).
	friendsBtn, leadersBtn *widget.Button
}

func newOnlineLobby(deps *onlineDeps) *onlineLobby {
	s := &onlineLobby{deps: deps}
	c := deps.c
	deps.typedName = func() string { return strings.TrimSpace(s.name.Text) }
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
	s.signOut = widget.NewButton(tr("online.signOut"), s.confirmSignOut)
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
	s.seek = widget.NewButton(tr("online.seek"), func() { c.Lobby().Seek(s.tc.Selected, s.rated.Checked) })
	s.cancel = widget.NewButtonWithIcon("", theme.CancelIcon(), c.Lobby().CancelSeek) // the seek's; beside it a caption is too wide for a phone
	s.invite = widget.NewButton(tr("online.invite"), func() { c.Lobby().Invite(s.tc.Selected, s.rated.Checked) })
	s.code = widget.NewLabel("")
	s.copyCode = widget.NewButton(tr("online.copy"), func() {
		fyne.CurrentApp().Clipboard().SetContent(c.Lobby().InviteCode())
	})
	s.codeEntry = widget.NewEntry()
	s.codeEntry.SetPlaceHolder(tr("online.codeHint"))
	s.join = widget.NewButton(tr("online.join"), func() { c.Lobby().Join(s.codeEntry.Text) })
	s.resume = container.NewVBox()
	s.people = newLobbyLists(deps, func(name string) { s.status.SetText(name) })
	// Back as an icon (long-pressed, it says its name), so that the title keeps its room
	// on a phone; Sign out stands beside the account it signs out of, at the bottom.
	back := newIconButton(tr("online.back"), theme.NavigateBackIcon(), deps.close, func(name string) { s.status.SetText(name) })
	title := widget.NewLabelWithStyle(tr("online.title"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Truncation = fyne.TextTruncateEllipsis
	s.code.Wrapping = fyne.TextWrapWord
	// No row wider than the phone simulation's 187 units where it can be helped: two
	// long captions side by side need more, so such rows put a short one beside a long one.
	s.lobby = container.NewVScroll(container.NewVBox(
		// The lists of people online open from the title row, where they move no row.
		container.NewBorder(nil, nil, nil, container.NewHBox(s.people.openBtn, back), title),
		container.NewBorder(nil, nil, widget.NewLabel(tr("online.server")), s.useServer, s.server),
		s.signIn,
		container.NewGridWithColumns(2, s.name, s.password),
		container.NewGridWithColumns(2, s.logIn, s.register),
		widget.NewSeparator(),
		container.NewBorder(nil, nil, nil, s.rated, widget.NewLabel(tr("online.timeControl"))),
		s.tc,
		container.NewBorder(nil, nil, nil, s.cancel, s.seek),
		widget.NewSeparator(),
		s.invite, container.NewBorder(nil, nil, nil, s.copyCode, s.code),
		container.NewBorder(nil, nil, nil, s.join, s.codeEntry),
		widget.NewSeparator(),
		widget.NewLabelWithStyle(tr("online.resumeTitle"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		s.resume,
		widget.NewSeparator(), s.peopleRow(), // the friends list and the leaderboard (online_social.go)
		// Last, so that its changing height moves no button.
		widget.NewSeparator(), container.NewBorder(nil, nil, nil, container.NewVBox(s.signOut), s.status),
		deps.sync.newRow(c).box,
	))
	return s
}

func (s *onlineLobby) refresh() {
	c := s.deps.c
	signedIn := c.State() == online.Connected
	enable(s.signIn, c.State() == online.SignedOut)
	// Signing out ends the games in play on this device: not while one is.
	enable(s.signOut, (c.HasToken() || c.State() != online.SignedOut) && !c.Playing())
	enable(s.useServer, true)
	enable(s.logIn, c.State() != online.Connecting && !c.Playing())
	enable(s.register, c.CanRegister())
	_, _, seeking := c.Lobby().Seeking()
	enable(s.seek, signedIn && !seeking)
	enable(s.cancel, seeking)
	enable(s.invite, signedIn && c.Lobby().InviteCode() == "")
	enable(s.join, signedIn)
	enable(s.friendsBtn, signedIn)
	enable(s.leadersBtn, signedIn)
	enable(s.copyCode, c.Lobby().InviteCode() != "")
	if c.Lobby().InviteCode() != "" {
		s.code.SetText(tr("online.inviteCode", map[string]any{"Code": c.Lobby().InviteCode()}))
	} else {
		s.code.SetText("")
	}
	s.status.SetText(s.statusText())
	s.resume.RemoveAll()
	s.people.refresh(s.inGame)
	s.inGame = false
	for _, id := range c.Lobby().Resumable() {
		s.resume.Add(widget.NewButton(tr("online.resume", map[string]any{"ID": id}), func() { c.Lobby().Resume(id) }))
		if text := s.people.mineText(id); text != "" {
			// The players and the control as the server lists them, under the button
			// (which stays where it was for those who know where to tap).
			about := widget.NewLabel(text)
			about.Wrapping = fyne.TextWrapWord
			s.resume.Add(about)
		}
	}
}

// statusText says the connection's state, the account and its rating, a seek's wait and
// the last error.
func (s *onlineLobby) statusText() string {
	c := s.deps.c
	st := present.LobbyStatus{State: c.State(), Account: c.Account(), Reconnect: c.Attempts() + 1}
	if tc, since, ok := c.Lobby().Seeking(); ok {
		st.Seeking, st.Waited = tc, time.Since(since)
	}
	if err := c.Err(); err != nil {
		st.Err = present.OnlineErrorText(trData, err, s.deps.typedName())
	}
	return present.LobbyStatusText(trData, st)
}

// confirmSignOut signs out of the server on this device. A guest account has no
// password, so the player is told that it is gone for good before it is.
func (s *onlineLobby) confirmSignOut() {
	c := s.deps.c
	if c.Account().Name != "" {
		c.SignOut()
		return
	}
	question{title: tr("online.signOut"), text: tr("online.signOutGuest"), yes: tr("online.signOut"), no: tr("action.cancel"),
		wrap: true, onYes: c.SignOut}.show(s.deps.parent)
}
