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
	m := widget.NewPopUpMenu(fyne.NewMenu("", g.more()...), c)
	if m.MinSize().Height > c.Size().Height {
		// Taller than a phone's screen (issue 35: Play online was cut at the bottom): the
		// items' padding is cut to the space between widgets, so that all of them show.
		container.NewThemeOverride(m, &snugTheme{on: true})
	}
	m.ShowAtPosition(pos)
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
