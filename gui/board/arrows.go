package board

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// maxArrows is how many analysis arrows the board draws (play.AnalysisLines).
const maxArrows = 3

// arrowColors are the arrows' colours by rank: the best the most opaque.
var arrowColors = [maxArrows]color.NRGBA{
	{R: 0x10, G: 0x60, B: 0xd0, A: 0xd8},
	{R: 0x10, G: 0x60, B: 0xd0, A: 0xa0},
	{R: 0x10, G: 0x60, B: 0xd0, A: 0x70},
}

// arrowWidths are the shafts' widths by rank, in cells.
var arrowWidths = [maxArrows]float32{0.17, 0.11, 0.07}

// arrowShape is one drawn arrow: a shaft and the two strokes of its head.
type arrowShape struct {
	shaft, left, right *canvas.Line
}

func newArrowShape() *arrowShape {
	a := &arrowShape{shaft: canvas.NewLine(color.Transparent), left: canvas.NewLine(color.Transparent),
		right: canvas.NewLine(color.Transparent)}
	a.hide()
	return a
}

func (a *arrowShape) objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{a.shaft, a.left, a.right}
}

func (a *arrowShape) hide() {
	for _, o := range a.objects() {
		o.Hide()
		canvas.Refresh(o)
	}
}

// place draws the arrow from the centre of one point to just short of another's, with
// the given width and colour.
func (a *arrowShape) place(from, to fyne.Position, cell, width float32, c color.Color) {
	dx, dy := float64(to.X-from.X), float64(to.Y-from.Y)
	length := math.Hypot(dx, dy)
	if length == 0 {
		a.hide()
		return
	}
	ux, uy := dx/length, dy/length
	// The head's tip stops at the target piece's rim; the shaft starts at the mover's rim.
	rim := float64(pieceRadius * cell * 0.6)
	tip := fyne.NewPos(to.X-float32(ux*rim), to.Y-float32(uy*rim))
	tail := fyne.NewPos(from.X+float32(ux*rim), from.Y+float32(uy*rim))
	head := float64(0.36*cell + 1.2*width)
	for i, l := range []*canvas.Line{a.left, a.right} {
		side := float64(1 - 2*i)
		angle := math.Atan2(uy, ux) + math.Pi + side*math.Pi/6
		l.Position1 = tip
		l.Position2 = fyne.NewPos(tip.X+float32(head*math.Cos(angle)), tip.Y+float32(head*math.Sin(angle)))
	}
	a.shaft.Position1, a.shaft.Position2 = tail, tip
	for _, l := range []*canvas.Line{a.shaft, a.left, a.right} {
		l.StrokeColor, l.StrokeWidth = c, width
		l.Show()
		canvas.Refresh(l)
	}
}

// addArrows makes the arrows, hidden, drawn over everything else.
func (r *boardRenderer) addArrows() {
	for i := range r.arrows {
		r.arrows[i] = newArrowShape()
		r.objects = append(r.objects, r.arrows[i].objects()...)
	}
}

// placeArrows draws the view's analysis arrows, thickest for the best line.
func (r *boardRenderer) placeArrows() {
	g := r.geo
	for i, a := range r.arrows {
		if i >= len(r.shown.Arrows) {
			a.hide()
			continue
		}
		arrow := r.shown.Arrows[i]
		rank := min(max(arrow.Rank, 1), maxArrows) - 1
		if !arrow.Move.From().OnBoard() || !arrow.Move.To().OnBoard() {
			a.hide()
			continue
		}
		a.place(g.center(arrow.Move.From()), g.center(arrow.Move.To()), g.cell, arrowWidths[rank]*g.cell, arrowColors[rank])
	}
}
