package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/present"
)

// peoplePanels are the Online screen's friends list and leaderboard, shown instead of
// the lobby when opened from it.
type peoplePanels struct {
	friends *onlineFriends
	leaders *onlineLeaders
	view    *fyne.Container
	shown   fyne.CanvasObject // the panel shown, nil for none
}

// The panels' names, for onlineDeps.showPeople.
const (
	panelFriends = "friends"
	panelLeaders = "leaders"
)

func newPeoplePanels(deps *onlineDeps, refresh func()) *peoplePanels {
	p := &peoplePanels{}
	back := func() { p.shown = nil; refresh() }
	p.friends = newOnlineFriends(deps, back)
	p.leaders = newOnlineLeaders(deps, back)
	p.view = container.NewStack(p.friends.view, p.leaders.view)
	deps.showPeople = func(which string) {
		switch which {
		case panelFriends:
			p.shown = p.friends.view
			deps.c.Social().Refresh()
		case panelLeaders:
			p.shown = p.leaders.view
			p.leaders.load()
		}
		refresh()
	}
	return p
}

// refresh shows the panel opened, if any, and reports whether one is.
func (p *peoplePanels) refresh() bool {
	for _, v := range []fyne.CanvasObject{p.friends.view, p.leaders.view} {
		if v == p.shown {
			v.Show()
		} else {
			v.Hide()
		}
	}
	switch p.shown {
	case p.friends.view:
		p.friends.refresh()
	case p.leaders.view:
		p.leaders.refresh()
	default:
		p.view.Hide()
		return false
	}
	p.view.Show()
	return true
}

// promptChallenges asks about each new challenge once, wherever the app is: Accept
// starts the game and opens the Online screen on it, Decline tells the challenger.
func (w *Window) promptChallenges() {
	c := w.online
	for _, ch := range c.Social().Unprompted() {
		game := ch.Game
		question{title: tr("people.challenge"), text: present.ChallengeText(trData, ch), wrap: true,
			yes: tr("people.accept"), no: tr("people.decline"),
			onAnswer: func(yes bool) {
				if !c.Social().Waiting(game) {
					return // answered from the friends list meanwhile
				}
				if !yes {
					c.Social().Decline(game)
					return
				}
				c.Social().Accept(game)
				if s := w.onlineScreen; s == nil || !s.deps.shown() {
					w.showOnline()
				}
			}}.show(w.win)
	}
}

// peopleRow is the lobby's way to the friends list and the leaderboard.
func (s *onlineLobby) peopleRow() fyne.CanvasObject {
	s.friendsBtn = widget.NewButton(tr("people.friends"), func() { s.deps.showPeople(panelFriends) })
	s.leadersBtn = widget.NewButton(tr("leaders.title"), func() { s.deps.showPeople(panelLeaders) })
	// Side by side as narrow as they are, not two equal halves: two halves as wide as
	// "Leaderboard" are wider than a phone (the lobby's rule, online_lobby.go).
	return container.NewBorder(nil, nil, s.friendsBtn, nil, s.leadersBtn)
}
