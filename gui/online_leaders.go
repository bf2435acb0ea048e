package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/rank"
	"github.com/xqfyne/xiangqi/server/proto"
)

// onlineLeaders is the leaderboard of the Online screen: one board per time-control
// category (blitz, rapid, classical), a page of places at a time, each with the rank and
// the rating.
type onlineLeaders struct {
	deps     *onlineDeps
	view     fyne.CanvasObject
	category *widget.Select
	list     *fyne.Container
	page     int
	pageText *widget.Label
	prev     *iconButton
	next     *iconButton
	status   *widget.Label
	// categoryOf is the category chosen.
	categoryOf func() rank.Category
}

func newOnlineLeaders(deps *onlineDeps, back func()) *onlineLeaders {
	l := &onlineLeaders{deps: deps}
	var names []string
	byName := map[string]rank.Category{}
	for _, c := range rank.Categories() {
		n := present.CategoryText(trData, c)
		names = append(names, n)
		byName[n] = c
	}
	// A choice of one row, and the pages' buttons as icons: a phone has room for no more.
	l.category = widget.NewSelect(names, func(n string) {
		if _, ok := byName[n]; ok {
			l.page = 0
			l.load()
		}
	})
	l.category.Selected = names[0]
	l.list = container.NewVBox()
	l.pageText = widget.NewLabel("")
	l.status = widget.NewLabel("")
	say := func(name string) { l.status.SetText(name) }
	l.prev = newIconButton(tr("leaders.previous"), theme.NavigateBackIcon(), func() { l.page--; l.load() }, say)
	l.next = newIconButton(tr("leaders.next"), theme.NavigateNextIcon(), func() { l.page++; l.load() }, say)
	l.status.Wrapping = fyne.TextWrapWord
	backBtn := newIconButton(tr("online.back"), theme.NavigateBackIcon(), back, say)
	title := widget.NewLabelWithStyle(tr("leaders.title"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.view = container.NewVScroll(container.NewVBox(
		container.NewBorder(nil, nil, nil, backBtn, title),
		l.category, widget.NewSeparator(), l.list,
		container.NewBorder(nil, nil, l.prev, l.next, container.NewCenter(l.pageText)),
		l.status,
	))
	l.categoryOf = func() rank.Category { return byName[l.category.Selected] }
	return l
}

// load asks for the page shown.
func (l *onlineLeaders) load() {
	l.page = min(max(l.page, 0), proto.MaxLeaderPages-1)
	l.deps.c.Social().LoadLeaders(string(l.categoryOf()), l.page)
}

// refresh shows the page last loaded.
func (l *onlineLeaders) refresh() {
	leaders, board := l.deps.c.Social().Leaders()
	l.list.RemoveAll()
	if board == string(l.categoryOf()) {
		for _, e := range leaders {
			l.list.Add(widget.NewLabel(present.LeaderText(trData, e)))
		}
		if len(leaders) == 0 {
			empty := widget.NewLabel(tr("leaders.empty"))
			empty.Wrapping = fyne.TextWrapWord
			l.list.Add(empty)
		}
	}
	l.pageText.SetText(tr("leaders.page", map[string]any{"N": l.page + 1}))
	enable(l.prev, l.page > 0)
	enable(l.next, len(leaders) == proto.LeaderPage && l.page < proto.MaxLeaderPages-1)
	text := ""
	if err := l.deps.c.Err(); err != nil {
		text = present.OnlineErrorText(trData, err, "")
	}
	l.status.SetText(text)
}
