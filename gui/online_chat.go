package gui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// onlineChat is the chat of the online game screen. Its top row is the opponent with
// its rank (the rating on a tap), the latest line and Report; under it the quick phrases
// for everyone and a free text where this player allows it. On a desktop it sits in the
// frame's panel place above the move list, and the chat button of the navigation row
// (where an online game has no use for Promote) folds the phrases away. On a phone the
// board needs that height: the chat is a pop-up over the lower part of the screen that
// the chat button opens, that opens by itself when the opponent says something, and that
// closes once the player has said a line (or on a tap outside it).
type onlineChat struct {
	deps     *onlineDeps
	slot     *fyne.Container // the frame's panel place: the chat on a desktop, empty on a phone
	view     *fyne.Container
	opponent *rankButton
	lines    *widget.Label
	phrases  []*widget.Button
	text     *widget.Entry
	send     *widget.Button
	freeRow  *fyne.Container
	more     *fyne.Container // the phrases and the free text
	grid     *fyne.Container // the phrases: two columns, one in the phone's pop-up
	open     *iconButton     // folds the phrases (desktop), opens the pop-up (phone)
	report   *iconButton
	popup    *widget.PopUp // the phone's, made when first opened
	portrait bool
	folded   bool // the desktop's phrases are folded away
	heard    int  // the lines seen so far, to open the phone's pop-up on a new one
}

func newOnlineChat(deps *onlineDeps, flash func(string)) *onlineChat {
	ch := &onlineChat{deps: deps}
	name := func(a proto.Account) string { return present.PlayerName(trData, a) }
	ch.opponent = newRankButton(name)
	ch.lines = widget.NewLabel("")
	ch.lines.Truncation = fyne.TextTruncateEllipsis
	grid := container.NewGridWithColumns(2)
	ch.grid = grid
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
	ch.open = newIconButton(tr("chat.title"), theme.MailComposeIcon(), ch.openTapped, flash)
	ch.more = container.NewVBox(grid, ch.freeRow)
	ch.view = container.NewVBox()
	ch.arrange()
	ch.opponent.relayout = ch.view.Refresh
	ch.slot = container.NewStack(ch.view)
	return ch
}

// openTapped folds or unfolds the desktop's phrases, and opens or closes the phone's pop-up.
func (ch *onlineChat) openTapped() {
	if ch.portrait {
		if ch.popupShown() {
			ch.popup.Hide()
		} else {
			ch.showPopup()
		}
		return
	}
	ch.folded = !ch.folded
	showIf(!ch.folded, ch.more)
	ch.slot.Refresh()
}

// arrange lays the chat out for a desktop's panel (the line beside the rank) or a
// phone's pop-up (the line under it, the phrases one a row), the narrower.
func (ch *onlineChat) arrange() {
	if ch.portrait {
		ch.view.Objects = []fyne.CanvasObject{container.NewBorder(nil, nil, ch.opponent, ch.report), ch.lines, ch.more}
		ch.grid.Layout = layout.NewGridLayoutWithColumns(1)
	} else {
		ch.view.Objects = []fyne.CanvasObject{container.NewBorder(nil, nil, ch.opponent, ch.report, ch.lines), ch.more}
		ch.grid.Layout = layout.NewGridLayoutWithColumns(2)
	}
	ch.view.Refresh()
}

// setCompact is told by the frame whether it is laid out for a phone.
func (ch *onlineChat) setCompact(portrait bool) {
	if portrait == ch.portrait {
		return
	}
	ch.portrait = portrait
	ch.arrange()
	if portrait {
		ch.slot.Objects = nil
		ch.slot.Hide()
		return
	}
	if ch.popup != nil {
		ch.popup.Hide()
		ch.popup = nil // its content goes back to the panel place
	}
	ch.more.Show()
	ch.folded = false
	ch.slot.Objects = []fyne.CanvasObject{ch.view}
	ch.slot.Show()
}

func (ch *onlineChat) popupShown() bool { return ch.popup != nil && ch.popup.Visible() }

// showPopup opens the phone's chat over the lower part of the screen.
func (ch *onlineChat) showPopup() {
	c := ch.deps.parent.Canvas()
	if ch.popup == nil {
		ch.popup = widget.NewPopUp(ch.view, c)
	}
	ch.more.Show()
	ch.view.Show()
	size := c.Size()
	h := ch.popup.MinSize().Height
	ch.popup.Resize(fyne.NewSize(size.Width, h))
	ch.popup.ShowAtPosition(fyne.NewPos(0, max(size.Height-h, 0)))
}

func (ch *onlineChat) sendText() {
	if t := strings.TrimSpace(ch.text.Text); t != "" {
		ch.deps.c.Social().Say(t)
		ch.text.SetText("")
		ch.said()
	}
}

// said closes the phone's pop-up once the player has said a line.
func (ch *onlineChat) said() {
	if ch.popupShown() {
		ch.popup.Hide()
	}
}

// refresh shows g's chat; it is for the game's two players only.
func (ch *onlineChat) refresh(g *online.Game) {
	c := ch.deps.c
	all := c.Social().Chat()
	fresh := len(all) > ch.heard && all[len(all)-1].From != c.Account().ID
	ch.heard = len(all)
	player := g.Player && g.Started()
	enable(ch.open, player)
	if !player {
		ch.slot.Hide()
		if ch.popupShown() {
			ch.popup.Hide()
		}
		return
	}
	if !ch.portrait {
		ch.slot.Show()
	}
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
	if fresh && ch.portrait && !ch.popupShown() {
		ch.showPopup() // the opponent said something
	}
}
