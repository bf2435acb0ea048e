package gui

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// ratingChart draws the player's puzzle rating after each rated attempt, oldest on the
// left, between its lowest and highest value (labelled), in the review curve's colours.
type ratingChart struct {
	widget.BaseWidget
	history []float64
	height  float32
}

func newRatingChart(height float32) *ratingChart {
	c := &ratingChart{height: height}
	c.ExtendBaseWidget(c)
	return c
}

// set shows a new history.
func (c *ratingChart) set(history []float64) {
	c.history = slices.Clone(history)
	c.Refresh()
}

// chartPad keeps the line off the chart's top and bottom edges.
const chartPad = 4

// span is the range of the values drawn: at least 50 points high, so that a flat start
// is drawn flat, not as noise filling the chart.
func (c *ratingChart) span() (lo, hi float64) {
	if len(c.history) == 0 {
		return 0, 0
	}
	lo, hi = slices.Min(c.history), slices.Max(c.history)
	if hi-lo < 50 {
		mid := (hi + lo) / 2
		lo, hi = mid-25, mid+25
	}
	return lo, hi
}

func (c *ratingChart) MinSize() fyne.Size { return fyne.NewSize(120, c.height) }

func (c *ratingChart) CreateRenderer() fyne.WidgetRenderer {
	r := &ratingRenderer{chart: c, back: canvas.NewRectangle(colorCurveBack),
		top: canvas.NewText("", colorCurveText), bottom: canvas.NewText("", colorCurveText)}
	for _, t := range []*canvas.Text{r.top, r.bottom} {
		t.TextSize = theme.CaptionTextSize()
	}
	return r
}

type ratingRenderer struct {
	chart       *ratingChart
	back        *canvas.Rectangle
	top, bottom *canvas.Text // the highest and lowest rating
	segments    []*canvas.Line
	objects     []fyne.CanvasObject
}

func (r *ratingRenderer) Layout(size fyne.Size) {
	r.back.Resize(size)
	h := r.chart.history
	lo, hi := r.chart.span()
	labelW := max(r.top.MinSize().Width, r.bottom.MinSize().Width) + 2*chartPad
	r.top.Move(fyne.NewPos(chartPad, 0))
	r.bottom.Move(fyne.NewPos(chartPad, size.Height-r.bottom.MinSize().Height))
	x0, w := labelW, size.Width-labelW-chartPad
	y := func(v float64) float32 {
		return chartPad + (size.Height-2*chartPad)*float32((hi-v)/(hi-lo))
	}
	for i, seg := range r.segments {
		step := w / float32(max(len(h)-1, 1))
		seg.Position1 = fyne.NewPos(x0+step*float32(i), y(h[i]))
		seg.Position2 = fyne.NewPos(x0+step*float32(i+1), y(h[i+1]))
	}
}

func (r *ratingRenderer) MinSize() fyne.Size { return r.chart.MinSize() }

func (r *ratingRenderer) Refresh() {
	r.rebuild()
	r.Layout(r.chart.Size())
	for _, o := range r.objects {
		canvas.Refresh(o)
	}
}

// rebuild makes one line a step of the history and labels the range.
func (r *ratingRenderer) rebuild() {
	h := r.chart.history
	lo, hi := r.chart.span()
	r.top.Text, r.bottom.Text = "", ""
	if len(h) > 0 {
		r.top.Text, r.bottom.Text = fmt.Sprintf("%.0f", hi), fmt.Sprintf("%.0f", lo)
	}
	want := max(len(h)-1, 0)
	for len(r.segments) < want {
		line := canvas.NewLine(colorCurveLine)
		line.StrokeWidth = 2
		r.segments = append(r.segments, line)
	}
	r.segments = r.segments[:want]
	r.objects = append([]fyne.CanvasObject{r.back, r.top, r.bottom}, linesAsObjects(r.segments)...)
}

func linesAsObjects(lines []*canvas.Line) []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, len(lines))
	for i, l := range lines {
		out[i] = l
	}
	return out
}

func (r *ratingRenderer) Objects() []fyne.CanvasObject {
	if r.objects == nil {
		r.rebuild()
		r.Layout(r.chart.Size())
	}
	return r.objects
}

func (r *ratingRenderer) Destroy() {}
