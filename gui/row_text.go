package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// rowText is one line of text with a label's side padding but only a little above and
// below it: a row of the move list. A Label's padding makes a row about twice the text's
// height, so a phone's list under the board showed barely two moves.
type rowText struct {
	widget.BaseWidget
	text string
	// snug, where set and true, leaves no space above and below the text: a phone's move
	// list on a short screen. The rows of one list share it.
	snug *bool
}

func newRowText(text string) *rowText { return newListRowText(text, nil) }

// newListRowText makes a row of a list whose rows are snug while *snug holds.
func newListRowText(text string, snug *bool) *rowText {
	r := &rowText{text: text, snug: snug}
	r.ExtendBaseWidget(r)
	return r
}

// SetText shows text, redrawing only when it changed.
func (r *rowText) SetText(text string) {
	if text == r.text {
		return
	}
	r.text = text
	r.Refresh()
}

// CreateRenderer implements fyne.Widget.
func (r *rowText) CreateRenderer() fyne.WidgetRenderer {
	rr := &rowTextRenderer{row: r, text: canvas.NewText("", nil)}
	rr.Refresh()
	return rr
}

type rowTextRenderer struct {
	row  *rowText
	text *canvas.Text
}

// padding is the space left and right, and above and below, the text.
func (rr *rowTextRenderer) padding() (side, vertical float32) {
	th := rr.row.Theme()
	if rr.row.snug != nil && *rr.row.snug {
		return th.Size(theme.SizeNameInnerPadding), 0
	}
	return th.Size(theme.SizeNameInnerPadding), th.Size(theme.SizeNamePadding) / 2
}

func (rr *rowTextRenderer) Layout(size fyne.Size) {
	side, vertical := rr.padding()
	rr.text.Move(fyne.NewPos(side, vertical))
	rr.text.Resize(fyne.NewSize(max(size.Width-2*side, 0), max(size.Height-2*vertical, 0)))
}

func (rr *rowTextRenderer) MinSize() fyne.Size {
	side, vertical := rr.padding()
	return rr.text.MinSize().Add(fyne.NewSize(2*side, 2*vertical))
}

func (rr *rowTextRenderer) Refresh() {
	th := rr.row.Theme()
	variant := fyne.CurrentApp().Settings().ThemeVariant()
	rr.text.Text = rr.row.text
	rr.text.Color = th.Color(theme.ColorNameForeground, variant)
	rr.text.TextSize = th.Size(theme.SizeNameText)
	rr.text.Refresh()
}

func (rr *rowTextRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{rr.text} }
func (rr *rowTextRenderer) Destroy()                     {}
