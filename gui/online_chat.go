package gui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// onlineChat is the chat panel of the online game screen, in the frame's panel place
// above the move list. Its top row is the opponent with its rank (the rating on a tap),
// the latest line and Report. Under it the quick phrases
// for everyone and a free text where this player allows it. The chat button of the
// navigation row (where an online game has no use for Promote) folds the phrases away
// on a desktop, and opens the whole panel on a phone, where the board needs the height:
// there it opens by itself when the opponent says something, and closes once the player
// has said a line.
type onlineChat struct {
	deps     *onlineDeps
	view     *fyne.Container
	opponent *rankButton
	lines    *widget.Label
	phrases  []*widget.Button
	text     *widget.Entry
	send     *widget.Button
	freeRow  *fyne.Container
	more     *fyne.Container // the phrases and the free text
	open     *iconButton     // opens the phrases on a phone
	report   *iconButton
	portrait bool
	opened   bool // the phrases (on a phone, the panel) are open
	heard    int  // the lines seen so far, to open the phone's panel on a new one
}

func newOnlineChat(deps *onlineDeps, flash func(string)) *onlineChat {
	ch := &onlineChat{deps: deps, opened: true}
	name := func(a proto.Account) string { return present.PlayerName(trData, a) }
	ch.opponent = newRankButton(name)
	ch.lines = widget.NewLabel("")
	ch.lines.Truncation = fyne.TextTruncateEllipsis
	grid := container.NewGridWithColumns(2)
	for _, id := range proto.Phrases {
		b := widget.NewButton(present.PhraseText(trData, id), func() {
			deps.c.Social().Phrase(id)
			ch.said()
		})
		ch.phrases = append(ch.phrases, b)
		grid.Add(b)
	}
	ch.text = widget.NewEntry()
	ch.text.SetPlaceHolder(tr("chat.textHint"))
	ch.send = widget.NewButton(tr("chat.send"), ch.sendText)
	ch.text.OnSubmitted = func(string) { ch.sendText() }
	ch.freeRow = container.NewBorder(nil, nil, nil, ch.send, ch.text)
	ch.report = newIconButton(tr("chat.report"), theme.WarningIcon(), func() {
		deps.c.Social().Report()
		flash(tr("chat.reported"))
	}, flash)
	ch.open = newIconButton(tr("chat.title"), theme.MailComposeIcon(), func() {
		ch.opened = !ch.opened
		ch.layoutParts()
		if g := deps.c.Current(); g != nil {
			ch.refresh(g)
		}
	}, flash)
	ch.more = container.NewVBox(grid, ch.freeRow)
	top := container.NewBorder(nil, nil, ch.opponent, ch.report, ch.lines)
	ch.view = container.NewVBox(top, ch.more)
	ch.opponent.relayout = ch.view.Refresh
	ch.layoutParts()
	return ch
}

// setCompact is told by the frame whether it is laid out for a phone.
func (ch *onlineChat) setCompact(portrait bool) {
	if portrait != ch.portrait {
		ch.portrait, ch.opened = portrait, !portrait
		ch.layoutParts()
	}
}

// layoutParts shows the parts of the panel the form and the toggle call for.
func (ch *onlineChat) layoutParts() {
	showIf(ch.opened, ch.more)
	if ch.portrait && !ch.opened {
		ch.view.Hide() // refresh shows it again once it opens
	} else if g := ch.deps.c.Current(); g != nil && g.Player && g.Started() {
		ch.view.Show()
	}
	ch.view.Refresh()
}

func (ch *onlineChat) sendText() {
	if t := strings.TrimSpace(ch.text.Text); t != "" {
		ch.deps.c.Social().Say(t)
		ch.text.SetText("")
		ch.said()
	}
}

// said folds the phone's panel away once the player has said a line.
func (ch *onlineChat) said() {
	if ch.portrait {
		ch.opened = false
		ch.layoutParts()
	}
}

// refresh shows g's chat; the panel is for the game's two players only.
func (ch *onlineChat) refresh(g *online.Game) {
	c := ch.deps.c
	all := c.Social().Chat()
	if len(all) > ch.heard && all[len(all)-1].From != c.Account().ID && ch.portrait && !ch.opened {
		ch.opened = true // the opponent said something: the phone's panel opens
		ch.layoutParts()
	}
	ch.heard = len(all)
	enable(ch.open, g.Player && g.Started())
	if !g.Player || !g.Started() || ch.portrait && !ch.opened {
		ch.view.Hide()
		return
	}
	ch.view.Show()
	opp := g.PlayerOf(rules.Black)
	if g.Me == rules.Black {
		opp = g.PlayerOf(rules.Red)
	}
	if ch.opponent.set(opp) {
		ch.view.Refresh() // the rank's button changed its width
	}
	text := tr("chat.title")
	if len(all) > 0 {
		text = present.ChatLineText(trData, all[len(all)-1], c.Account().ID, opp)
	}
	ch.lines.SetText(text)
	live := c.State() == online.Connected
	for _, b := range ch.phrases {
		enable(b, live)
	}
	enable(ch.report, len(all) > 0 && !c.Social().Reported())
	// Free text where this registered player allows it (the server also asks the opponent).
	showIf(c.Account().Name != "" && c.Social().FreeChat(), ch.freeRow)
	enable(ch.send, live)
}
