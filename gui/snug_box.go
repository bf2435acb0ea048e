package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// snugBox lays out its content with, while on, the padding inside widgets cut to the space
// between them: the status line under a phone's board, where a label's usual inset around
// its text would cost a row of the move list. It moves the content out by the difference
// on every side and reports a minimum size smaller by as much, so that the text sits where a
// theme with the smaller inset would put it, and wraps at the same width.
//
// It is a layout and not a theme override on purpose: Fyne parses every font again for
// each theme-override scope and text style (the theme's face, its own fallback face and a
// system face, about 4.5 MB held per scope and style; docs/budget.md), and a
// ThemeOverride makes a new scope each time it is refreshed.
type snugBox struct{ on bool }

// cut is how far the content reaches past the box on each side.
func (b *snugBox) cut() float32 {
	if !b.on {
		return 0
	}
	return max(theme.InnerPadding()-theme.Padding(), 0)
}

// Layout implements fyne.Layout.
func (b *snugBox) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	d := b.cut()
	for _, o := range objects {
		o.Move(fyne.NewPos(-d, -d))
		o.Resize(size.AddWidthHeight(2*d, 2*d))
	}
}

// MinSize implements fyne.Layout.
func (b *snugBox) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objects {
		if o.Visible() {
			m = m.Max(o.MinSize())
		}
	}
	d := b.cut()
	return fyne.NewSize(max(m.Width-2*d, 0), max(m.Height-2*d, 0))
}
