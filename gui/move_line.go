package gui

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// moveLineView is one line of the move list: the number, then one or two moves, each of
// which can be tapped to show the position after it; the move shown on the board is
// highlighted.
type moveLineView struct {
	widget.BaseWidget
	lead  *rowText
	cells [2]*moveCell
}

// newMoveLineView makes a line of the move list, snug while *snug holds.
func newMoveLineView(tap func(move int), snug *bool) *moveLineView {
	v := &moveLineView{lead: newListRowText("", snug)}
	for i := range v.cells {
		v.cells[i] = newMoveCell(tap, snug)
	}
	v.ExtendBaseWidget(v)
	return v
}

// show shows a line: its number and its moves (their indexes and texts), the last one
// followed by close (the ")" ending variations); current is the move shown on the board. A line that starts with Black's move ("2... 车９平８") shows
// it in Black's column, after "2. …".
func (v *moveLineView) show(lead string, moves []int, close string, texts []string, current int) {
	first := 0
	if strings.HasSuffix(lead, "...") {
		lead = strings.TrimSuffix(lead, "..") // "2..." → "2."
		first = 1
		v.cells[0].show(-1, "…", false)
		v.cells[0].Show()
	}
	v.lead.SetText(lead)
	for i, c := range v.cells[first:] {
		if i < len(moves) {
			text := texts[moves[i]]
			if i == len(moves)-1 {
				text += close
			}
			c.show(moves[i], text, moves[i] == current)
			c.Show()
		} else {
			c.show(-1, "", false)
			c.Hide()
		}
	}
	v.Refresh()
}

func (v *moveLineView) CreateRenderer() fyne.WidgetRenderer {
	return &moveLineRenderer{v: v}
}

type moveLineRenderer struct {
	v *moveLineView
	// The widths that depend only on the text size, measured once per size.
	measuredAt       float32
	cell, numberOnly float32
}

// measure measures the column widths again when the text size changed.
func (r *moveLineRenderer) measure() {
	if size := theme.TextSize(); size != r.measuredAt {
		r.measuredAt = size
		r.cell = newRowText("炮二平五 ??").MinSize().Width
		r.numberOnly = newRowText("999.").MinSize().Width
	}
}

// Layout puts the number, then the moves in columns as wide as the widest move text, so
// that Black's replies line up under each other.
func (r *moveLineRenderer) Layout(size fyne.Size) {
	lead := r.leadWidth()
	r.v.lead.Move(fyne.NewPos(0, 0))
	r.v.lead.Resize(fyne.NewSize(lead, size.Height))
	x := lead
	cell := min(r.cellWidth(), max(size.Width-lead, 0)/2) // a phone narrower than the natural columns
	for _, c := range r.v.cells {
		c.Move(fyne.NewPos(x, 0))
		c.Resize(fyne.NewSize(cell, size.Height))
		x += cell
	}
}

// leadWidth fits the line's indent and a number up to "999.", so that the moves of lines
// at the same depth line up in columns.
func (r *moveLineRenderer) leadWidth() float32 {
	r.measure()
	text := r.v.lead.text
	indent := text[:len(text)-len(strings.TrimLeft(text, " ("))]
	width := r.numberOnly
	if indent != "" {
		width = newRowText(indent + "999.").MinSize().Width
	}
	return max(r.v.lead.MinSize().Width, width)
}

// cellWidth fits a move in Chinese notation with a review mark.
func (r *moveLineRenderer) cellWidth() float32 {
	r.measure()
	return r.cell
}

func (r *moveLineRenderer) MinSize() fyne.Size {
	return fyne.NewSize(r.leadWidth()+2*r.cellWidth(), r.v.lead.MinSize().Height)
}

func (r *moveLineRenderer) Refresh() {
	r.Layout(r.v.Size())
	r.v.lead.Refresh()
	for _, c := range r.v.cells {
		c.Refresh()
	}
}

func (r *moveLineRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.v.lead, r.v.cells[0], r.v.cells[1]}
}
func (r *moveLineRenderer) Destroy() {}

// moveCell is one move of a line: tapping it shows the position after the move.
type moveCell struct {
	widget.BaseWidget
	text    *rowText
	back    *canvas.Rectangle
	move    int // the move's index in the move list; -1 when the cell is empty
	current bool
	tap     func(move int)
}

func newMoveCell(tap func(move int), snug *bool) *moveCell {
	c := &moveCell{text: newListRowText("", snug), back: canvas.NewRectangle(color.Transparent), move: -1, tap: tap}
	c.ExtendBaseWidget(c)
	return c
}

func (c *moveCell) show(move int, text string, current bool) {
	c.move, c.current = move, current
	c.text.SetText(text)
	c.Refresh()
}

// Tapped implements fyne.Tappable.
func (c *moveCell) Tapped(*fyne.PointEvent) {
	if c.move >= 0 && c.tap != nil {
		c.tap(c.move)
	}
}

func (c *moveCell) CreateRenderer() fyne.WidgetRenderer {
	return &moveCellRenderer{c: c}
}

type moveCellRenderer struct{ c *moveCell }

func (r *moveCellRenderer) Layout(size fyne.Size) {
	r.c.back.Resize(size)
	r.c.text.Resize(size)
}

func (r *moveCellRenderer) MinSize() fyne.Size { return r.c.text.MinSize() }

func (r *moveCellRenderer) Refresh() {
	var fill color.Color = color.Transparent
	if r.c.current {
		fill = r.c.Theme().Color(theme.ColorNameSelection, fyne.CurrentApp().Settings().ThemeVariant())
	}
	r.c.back.FillColor = fill
	r.c.back.CornerRadius = theme.SelectionRadiusSize()
	r.c.back.Refresh()
	r.c.text.Refresh()
}

func (r *moveCellRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.c.back, r.c.text}
}
func (r *moveCellRenderer) Destroy() {}
