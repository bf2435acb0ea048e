package gui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/server/proto"
)

// onlineFriends is the friends list of the Online screen: a player to follow by name,
// the challenges waiting for this player (Accept, Decline), the one it made, and the
// players followed with their rank and whether they are online or playing, each with
// Challenge (on the time control chosen here), Unfollow and Block. Free text chat is
// allowed here too, by a registered player.
type onlineFriends struct {
	deps       *onlineDeps
	view       fyne.CanvasObject
	name       *widget.Entry
	follow     *widget.Button
	tc         *widget.Select
	freeChat   *widget.Check
	challenges *fyne.Container
	outgoing   *widget.Label
	list       *fyne.Container
	status     *widget.Label
	// rows are the friends' challenge buttons by name, for the tests and the smoke script.
	rows map[string]*widget.Button
}

func newOnlineFriends(deps *onlineDeps, back func()) *onlineFriends {
	f := &onlineFriends{deps: deps, rows: map[string]*widget.Button{}}
	c := deps.c
	f.name = widget.NewEntry()
	f.name.SetPlaceHolder(tr("people.nameHint"))
	f.follow = widget.NewButton(tr("people.follow"), func() {
		c.Social().Follow(strings.TrimSpace(f.name.Text))
		f.name.SetText("")
	})
	f.name.OnSubmitted = func(string) { f.follow.OnTapped() }
	var tcs []string
	for _, tc := range online.SeekControls() {
		tcs = append(tcs, tc.String())
	}
	f.tc = widget.NewSelect(tcs, nil)
	f.tc.SetSelected("10+5")
	f.freeChat = widget.NewCheck(tr("chat.allowFree"), func(on bool) {
		if on != c.Social().FreeChat() {
			c.Social().AllowFreeChat(on)
		}
	})
	f.challenges = container.NewVBox()
	f.outgoing = widget.NewLabel("")
	f.outgoing.Wrapping = fyne.TextWrapWord
	f.list = container.NewVBox()
	f.status = widget.NewLabel("")
	f.status.Wrapping = fyne.TextWrapWord
	backBtn := newIconButton(tr("online.back"), theme.NavigateBackIcon(), back, func(name string) { f.status.SetText(name) })
	title := widget.NewLabelWithStyle(tr("people.title"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	f.view = container.NewVScroll(container.NewVBox(
		container.NewBorder(nil, nil, nil, backBtn, title),
		container.NewBorder(nil, nil, nil, f.follow, f.name),
		// The challenges' time control (its items say what they are) and the free text,
		// each on a row of its own: side by side they are wider than a phone.
		f.tc, f.freeChat,
		widget.NewSeparator(),
		f.challenges, f.outgoing,
		widget.NewSeparator(),
		f.list,
		widget.NewSeparator(), f.status,
	))
	return f
}

// refresh shows the friends, the challenges and the last error.
func (f *onlineFriends) refresh() {
	c := f.deps.c
	p := c.Social()
	live := c.State() == online.Connected
	enable(f.follow, live)
	if c.Account().Name == "" {
		f.freeChat.Disable()
	} else {
		f.freeChat.Enable()
	}
	f.freeChat.SetChecked(p.FreeChat())
	f.challenges.RemoveAll()
	waiting := p.Challenges()
	if len(waiting) > 0 {
		f.challenges.Add(widget.NewLabelWithStyle(tr("people.challenges"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	}
	for _, ch := range waiting {
		label := widget.NewLabel(present.ChallengeText(trData, ch))
		label.Wrapping = fyne.TextWrapWord
		accept := widget.NewButton(tr("people.accept"), func() { p.Accept(ch.Game) })
		accept.Importance = widget.HighImportance
		decline := widget.NewButton(tr("people.decline"), func() { p.Decline(ch.Game) })
		f.challenges.Add(container.NewBorder(nil, nil, nil, container.NewHBox(accept, decline), label))
	}
	switch out, ok := p.Outgoing(); {
	case ok:
		f.outgoing.SetText(present.WaitingText(trData, out))
	case p.Declined() != "":
		f.outgoing.SetText(tr("people.declined", map[string]any{"Name": p.Declined()}))
	default:
		f.outgoing.SetText("")
	}
	showIf(f.outgoing.Text != "", f.outgoing) // an empty label would keep a line's height
	f.list.RemoveAll()
	clear(f.rows)
	friends := p.Friends()
	if len(friends) == 0 {
		none := widget.NewLabel(tr("people.none"))
		none.Wrapping = fyne.TextWrapWord
		f.list.Add(none)
	}
	_, outgoing := p.Outgoing()
	for _, fr := range friends {
		f.list.Add(f.row(fr, live && !outgoing))
	}
	text := ""
	if err := c.Err(); err != nil {
		text = present.OnlineErrorText(trData, err, "")
	}
	f.status.SetText(text)
}

// row is one friend: its line, and under it Challenge, and Unfollow and Block as icons.
func (f *onlineFriends) row(fr proto.Friend, canChallenge bool) fyne.CanvasObject {
	p := f.deps.c.Social()
	name := fr.Account.Name
	label := widget.NewLabel(present.FriendText(trData, fr))
	label.Wrapping = fyne.TextWrapWord // on a phone "online"/"playing" comes last and must show
	challenge := widget.NewButton(tr("people.challenge"), func() { p.Challenge(name, f.tc.Selected, false) })
	enable(challenge, canChallenge)
	f.rows[name] = challenge
	say := func(text string) { f.status.SetText(text) }
	unfollow := newIconButton(tr("people.unfollow"), theme.ContentRemoveIcon(), func() { p.Unfollow(name) }, say)
	block := newIconButton(tr("people.block"), theme.CancelIcon(), func() {
		question{title: tr("people.block"), text: tr("people.blockConfirm", map[string]any{"Name": name}), wrap: true,
			yes: tr("people.block"), no: tr("action.cancel"), onYes: func() { p.Block(name) }}.show(f.deps.parent)
	}, say)
	// The line over its buttons: beside them a phone had room for no name.
	return container.NewVBox(label, container.NewBorder(nil, nil, nil, container.NewHBox(challenge, unfollow, block)))
}
