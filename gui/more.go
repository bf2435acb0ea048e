package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// showMore pops the menu up under the button that was tapped.
func (g *gameScreen) showMore(from fyne.CanvasObject) {
	c := g.parent.Canvas()
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(from)
	pos.Y += from.Size().Height
	g.moreMenus.popUp(c, g.more).ShowAtPosition(pos)
}

// moreMenus keeps the More menu, made at its first opening and shown again after, in its
// usual form and in the snug one a short phone needs. The items are the same at every
// opening (their actions look at the window's state when tapped, and the language is
// fixed at start), and a menu made anew at each tap would give the snug form a new theme
// scope each time, for which Fyne parses and keeps every font again (snugBox, docs/budget.md).
type moreMenus struct{ usual, snug *widget.PopUpMenu }

// popUp is the menu that fits c, made from items the first time.
func (m *moreMenus) popUp(c fyne.Canvas, items func() []*fyne.MenuItem) *widget.PopUpMenu {
	if m.usual == nil {
		m.usual = widget.NewPopUpMenu(fyne.NewMenu("", items()...), c)
	}
	if m.usual.MinSize().Height <= c.Size().Height {
		return m.usual
	}
	if m.snug == nil {
		// Taller than a phone's screen (issue 35: Play online was cut at the bottom): the
		// items' padding is cut to the space between widgets, so that all of them show.
		m.snug = widget.NewPopUpMenu(fyne.NewMenu("", items()...), c)
		container.NewThemeOverride(m.snug, &snugTheme{on: true})
	}
	return m.snug
}

// moreButton is the button with three dots that opens the menu.
func (g *gameScreen) moreButton(text string) *widget.Button {
	var b *widget.Button
	b = widget.NewButtonWithIcon(text, theme.MoreHorizontalIcon(), func() { g.showMore(b) })
	return b
}

// moreButtonFor is the "more" button of the icon row (an icon alone) or of the move
// list's title row (labelled).
func (g *gameScreen) moreButtonFor(icon bool) fyne.CanvasObject {
	if icon {
		return g.moreButton("")
	}
	return g.moreButton(tr("action.more"))
}
