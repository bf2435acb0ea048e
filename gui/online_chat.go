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

// chatLinesShown is how many of the latest chat lines the panel shows.
const chatLinesShown = 3

// onlineChat is the chat panel of the online game screen, in the frame's panel place
// above the move list: the opponent with its rank (the rating on a tap), the latest
// lines, the quick phrases for everyone, a free text where this player allows it, and
// a report of the chat.
type onlineChat struct {
	deps     *onlineDeps
	view     *fyne.Container
	opponent *rankButton
	lines    *widget.Label
	phrases  []*widget.Button
	text     *widget.Entry
	send     *widget.Button
	freeRow  *fyne.Container
	report   *iconButton
}

func newOnlineChat(deps *onlineDeps, flash func(string)) *onlineChat {
	ch := &onlineChat{deps: deps}
	ch.opponent = newRankButton(func(a proto.Account) string {
		return tr("chat.opponent", map[string]any{"Name": present.PlayerName(trData, a)})
	})
	ch.lines = widget.NewLabel("")
	ch.lines.Truncation = fyne.TextTruncateEllipsis
	grid := container.NewGridWithColumns(2)
	for _, id := range proto.Phrases {
		b := widget.NewButton(present.PhraseText(trData, id), func() { deps.c.Social().Phrase(id) })
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
	ch.view = container.NewVBox(container.NewBorder(nil, nil, nil, ch.report, ch.opponent), ch.lines, grid, ch.freeRow)
	return ch
}

func (ch *onlineChat) sendText() {
	if t := strings.TrimSpace(ch.text.Text); t != "" {
		ch.deps.c.Social().Say(t)
		ch.text.SetText("")
	}
}

// refresh shows g's chat; the panel is for the game's two players only.
func (ch *onlineChat) refresh(g *online.Game) {
	c := ch.deps.c
	if !g.Player || !g.Started() {
		ch.view.Hide()
		return
	}
	ch.view.Show()
	opp := g.PlayerOf(rules.Black)
	if g.Me == rules.Black {
		opp = g.PlayerOf(rules.Red)
	}
	ch.opponent.set(opp)
	all := c.Social().Chat()
	var texts []string
	for _, l := range all[max(0, len(all)-chatLinesShown):] {
		texts = append(texts, present.ChatLineText(trData, l, c.Account().ID, opp))
	}
	text := strings.Join(texts, "\n")
	if text == "" {
		text = tr("chat.title")
	}
	ch.lines.SetText(text)
	live := c.State() == online.Connected
	for _, b := range ch.phrases {
		enable(b, live)
	}
	enable(ch.report, len(all) > 0 && !c.Social().Reported())
	// Free text where this registered player allows it (the server also asks the opponent).
	if c.Account().Name != "" && c.Social().FreeChat() {
		ch.freeRow.Show()
	} else {
		ch.freeRow.Hide()
	}
	enable(ch.send, live)
}
