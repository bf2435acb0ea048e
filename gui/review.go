package gui

import (
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// reviewPanel shows a review: its progress and cancel button while it runs, the score
// curve, and what the engine says of the move shown.
type reviewPanel struct {
	box      *fyne.Container
	running  *fyne.Container
	progress *widget.ProgressBar
	curve    *scoreCurve
	verdict  *widget.Label // the class of the move shown, the better move and its line
}

// reviewSource is what the review panel reads of the session, and does to it.
type reviewSource interface {
	Review() play.Reviewer
	Browser() play.Browser
	Game() *game.Game
	Settings() play.Settings
}

func newReviewPanel(s reviewSource) *reviewPanel {
	p := &reviewPanel{progress: widget.NewProgressBar(), verdict: widget.NewLabel("")}
	// The whole better line, wrapped: a line cut short with "…" was no use.
	p.verdict.Wrapping = fyne.TextWrapWord
	p.curve = newScoreCurve(func(n *game.Node) {
		if err := s.Browser().GoToNode(n); err != nil {
			fyne.LogError("score curve", err)
		}
	})
	cancel := widget.NewButton(tr("action.cancel"), func() { s.Review().Cancel() })
	p.running = container.NewBorder(nil, nil, nil, cancel, p.progress)
	p.box = container.NewVBox(p.running, p.curve, p.verdict)
	p.box.Hide()
	return p
}

// refresh shows the session's review, or hides the panel when there is none.
func (p *reviewPanel) refresh(s reviewSource) {
	curve := s.Review().Curve()
	if !s.Review().Running() && len(curve) == 0 {
		if p.box.Visible() {
			p.box.Hide()
		}
		return
	}
	if !p.box.Visible() {
		p.box.Show()
	}
	done, total := s.Review().Progress()
	if s.Review().Running() {
		p.running.Show()
		p.progress.Max = float64(max(total, 1))
		p.progress.SetValue(float64(done))
	} else {
		p.running.Hide()
	}
	p.curve.set(curve, s.Browser().CurrentNode(), s)
	verdict := ""
	if mr, ok := s.Review().Of(s.Browser().CurrentNode()); ok {
		verdict = present.ClassText(trData, mr.Class)
		if mr.Class >= play.Inaccuracy {
			pos := s.Game().Position()
			pos.UnmakeMove()
			// The engine's line begins with the better move.
			line := mr.BetterLine
			if len(line) == 0 || line[0] != mr.Better {
				line = append([]rules.Move{mr.Better}, line...)
			}
			verdict += " · " + tr("review.better", map[string]any{
				"Line": present.LineText(pos, line, s.Settings().Notation, len(line)),
			})
		}
	}
	p.verdict.SetText(verdict)
	showIf(verdict != "", p.verdict) // during the review, before a move is judged: no empty line
}

var (
	colorCurveBack  = color.NRGBA{R: 0xf6, G: 0xef, B: 0xe0, A: 0xff}
	colorCurveZero  = color.NRGBA{R: 0x90, G: 0x80, B: 0x70, A: 0xff}
	colorCurveGrid  = color.NRGBA{R: 0xd8, G: 0xcc, B: 0xb8, A: 0xff}
	colorCurveMate  = color.NRGBA{R: 0xec, G: 0xe0, B: 0xc8, A: 0xff}
	colorCurveText  = color.NRGBA{R: 0x5a, G: 0x4a, B: 0x3a, A: 0xff}
	colorCurveLine  = color.NRGBA{R: 0xb0, G: 0x1c, B: 0x16, A: 0xff}
	colorCurveNow   = color.NRGBA{R: 0x1e, G: 0x5a, B: 0xc8, A: 0xc0}
	colorCurveFault = [...]color.NRGBA{
		play.Inaccuracy: {R: 0xe0, G: 0xb0, B: 0x10, A: 0xff},
		play.Mistake:    {R: 0xe0, G: 0x70, B: 0x10, A: 0xff},
		play.Blunder:    {R: 0xd0, G: 0x10, B: 0x10, A: 0xff},
	}
)

// Sizes of the score chart: tall enough to read a drop of a few pawns, with room at its
// left for the axis's labels. A phone's chart is lower, so that the board keeps its size.
const (
	curveLabelRows     = 8 // the desktop's chart in label heights: every line labelled, the unit between two
	curveHeightMobile  = 64
	curveHeightCompact = 48 // under a portrait window's board: M, 0 and M labelled
	curveAxisWidth     = 30
)

// textSize is the size of the chart's labels: the body text's, as readable as the list
// beside it (at the caption size they were 8 pixels high on the desktop, issue 35 item
// 8); the caption's in the compact chart under a phone's board, drawn at twice the
// desktop's pixels a unit.
func (c *scoreCurve) textSize() float32 {
	if c.compact {
		return theme.CaptionTextSize()
	}
	return theme.TextSize()
}

// setCompact makes the panel fit under a portrait window's board (on) beside the move
// list's three lines: a lower chart and the verdict on one line, cut with "…"; or as
// the desktop's side column shows it (off): a taller chart and the whole verdict.
func (p *reviewPanel) setCompact(on bool) {
	if p.curve.compact == on {
		return
	}
	p.curve.compact = on
	p.verdict.Wrapping, p.verdict.Truncation = fyne.TextWrapWord, fyne.TextTruncateOff
	if on {
		p.verdict.Wrapping, p.verdict.Truncation = fyne.TextWrapOff, fyne.TextTruncateEllipsis
	}
	p.curve.Refresh()
	p.verdict.Refresh()
}

// scoreCurve charts the review's scores from Red's view (Red's advantage up) against an
// axis in pawns (present.CurveLevel), with a dot on each inaccuracy, mistake and blunder
// and a line at the position shown; a tap shows the position nearest the tap.
type scoreCurve struct {
	widget.BaseWidget
	points  []play.CurvePoint
	faults  []play.MoveClass // the class of the move that led to each point
	current int              // the point of the position shown, -1 if none
	onTap   func(*game.Node)
	compact bool // low, under a portrait window's board (reviewPanel.setCompact)
}

func newScoreCurve(onTap func(*game.Node)) *scoreCurve {
	c := &scoreCurve{current: -1, onTap: onTap}
	c.ExtendBaseWidget(c)
	return c
}

// set shows the curve of a review with the position at node cur marked.
func (c *scoreCurve) set(points []play.CurvePoint, cur *game.Node, s reviewSource) {
	c.points, c.current = points, -1
	c.faults = make([]play.MoveClass, len(points))
	for i, p := range points {
		if p.Node == cur {
			c.current = i
		}
		if mr, ok := s.Review().Of(p.Node); ok {
			c.faults[i] = mr.Class
		}
	}
	c.Refresh()
}

// Tapped shows the position of the point nearest the tap.
func (c *scoreCurve) Tapped(ev *fyne.PointEvent) {
	if i := c.pointAt(ev.Position.X); i >= 0 && c.onTap != nil {
		c.onTap(c.points[i].Node)
	}
}

// plot is the part of the widget the points are drawn in: right of the axis's labels.
func (c *scoreCurve) plot() (x, w, h float32) {
	size := c.Size()
	return curveAxisWidth, max(size.Width-curveAxisWidth-4, 1), size.Height
}

// pointAt is the point whose x is nearest x, or -1 for an empty curve.
func (c *scoreCurve) pointAt(x float32) int {
	n := len(c.points)
	if n == 0 {
		return -1
	}
	if n == 1 {
		return 0
	}
	left, w, _ := c.plot()
	step := w / float32(n-1)
	return min(max(int((x-left)/step+0.5), 0), n-1)
}

// levelY is the height of a level of the chart (present.CurveLevel's scale).
func (c *scoreCurve) levelY(level float32) float32 {
	_, _, h := c.plot()
	margin := c.textSize() * 0.7 // the mate rows' labels, centred on their lines, stay inside
	return h/2 - level*(h/2-margin)
}

// pointPosition is where point i is drawn.
func (c *scoreCurve) pointPosition(i int) fyne.Position {
	left, w, _ := c.plot()
	n := max(len(c.points)-1, 1)
	return fyne.NewPos(left+float32(i)*w/float32(n), c.levelY(present.CurveLevel(c.points[i])))
}

func (c *scoreCurve) MinSize() fyne.Size {
	if c.compact {
		return fyne.NewSize(160, curveHeightCompact)
	}
	if fyne.CurrentDevice().IsMobile() {
		return fyne.NewSize(160, curveHeightMobile)
	}
	// As high as the labels need, whatever the text size (it grows with the window).
	return fyne.NewSize(160, curveLabelRows*fyne.MeasureText("M", c.textSize(), fyne.TextStyle{}).Height)
}

func (c *scoreCurve) CreateRenderer() fyne.WidgetRenderer {
	r := &curveRenderer{curve: c, back: canvas.NewRectangle(colorCurveBack), now: canvas.NewLine(colorCurveNow)}
	r.now.StrokeWidth = 2
	for _, tick := range present.CurveTicks() {
		line := canvas.NewLine(colorCurveGrid)
		line.StrokeWidth = 1
		if tick.Level == 0 {
			line.StrokeColor = colorCurveZero
		}
		label := canvas.NewText(tick.Label, colorCurveText)
		label.Alignment = fyne.TextAlignTrailing
		r.ticks = append(r.ticks, curveTick{level: tick.Level, line: line, label: label})
	}
	r.mateRows = [2]*canvas.Rectangle{canvas.NewRectangle(colorCurveMate), canvas.NewRectangle(colorCurveMate)}
	r.unit = canvas.NewText(tr("review.axisUnit"), colorCurveText)
	return r
}

// tickLabelOrder is the order the axis's labels are placed in, given CurveTicks' order
// (top to bottom): the outer two and the middle, then the rest from the outside in.
func tickLabelOrder(n int) []int {
	order := []int{0, n - 1, n / 2}
	for i := 1; i < n/2; i++ {
		order = append(order, i, n-1-i)
	}
	return order
}

type curveTick struct {
	level float32
	line  *canvas.Line
	label *canvas.Text
}

type curveRenderer struct {
	curve      *scoreCurve
	back       *canvas.Rectangle
	mateRows   [2]*canvas.Rectangle // the bands of the mate rows, above and below the scale
	ticks      []curveTick
	unit       *canvas.Text // what the axis counts: pawns, Red's advantage up
	now        *canvas.Line
	segments   []*canvas.Line
	dots       []*canvas.Circle
	objectList []fyne.CanvasObject
}

func (r *curveRenderer) Layout(size fyne.Size) {
	c := r.curve
	r.back.Resize(size)
	left, w, _ := c.plot()
	// The mate rows: from the chart's edges to present.CurveMateRow.
	r.mateRows[0].Move(fyne.NewPos(left, 0))
	r.mateRows[0].Resize(fyne.NewSize(w, c.levelY(present.CurveMateRow)))
	r.mateRows[1].Move(fyne.NewPos(left, c.levelY(-present.CurveMateRow)))
	r.mateRows[1].Resize(fyne.NewSize(w, size.Height-c.levelY(-present.CurveMateRow)))
	// The lines, and the labels that do not run into a label placed before them: the
	// mate rows' and 0 first, then ±20 and ±10 pawns (a phone's chart is low). A line
	// whose label does not fit goes too: unlabelled it said nothing.
	var placed [][2]float32
	edges := []float32{0, size.Height}
	r.unit.TextSize = c.textSize()
	for _, i := range tickLabelOrder(len(r.ticks)) {
		t := r.ticks[i]
		t.label.TextSize = c.textSize()
		y := c.levelY(t.level)
		t.line.Position1, t.line.Position2 = fyne.NewPos(left, y), fyne.NewPos(left+w, y)
		labelSize := t.label.MinSize()
		// Centred on its line, but inside the chart: the mate rows' labels at its edges.
		top := min(max(y-labelSize.Height/2, 0), size.Height-labelSize.Height)
		bottom := top + labelSize.Height
		clash := slices.ContainsFunc(placed, func(p [2]float32) bool { return top < p[1] && p[0] < bottom })
		if clash {
			t.label.Hide()
			t.line.Hide()
			continue
		}
		t.line.Show()
		edges = append(edges, y)
		placed = append(placed, [2]float32{top, bottom})
		t.label.Show()
		t.label.Move(fyne.NewPos(left-4-labelSize.Width, top))
		t.label.Resize(labelSize)
	}
	r.placeUnit(left+w, edges)
	for len(r.segments) < len(c.points) {
		l := canvas.NewLine(colorCurveLine)
		l.StrokeWidth = 2
		r.segments = append(r.segments, l)
		r.dots = append(r.dots, canvas.NewCircle(color.Transparent))
	}
	for i := range r.segments {
		seg, dot := r.segments[i], r.dots[i]
		seg.Hide()
		dot.Hide()
		if i >= len(c.points) {
			continue
		}
		p := c.pointPosition(i)
		if i > 0 {
			seg.Position1, seg.Position2 = c.pointPosition(i-1), p
			seg.Show()
		}
		if f := c.faults[i]; f >= play.Inaccuracy && int(f) < len(colorCurveFault) {
			dot.FillColor = colorCurveFault[f]
			const radius = 3.5
			dot.Position1, dot.Position2 = fyne.NewPos(p.X-radius, p.Y-radius), fyne.NewPos(p.X+radius, p.Y+radius)
			dot.Show()
		}
	}
	if c.current >= 0 && c.current < len(c.points) {
		x := c.pointPosition(c.current).X
		r.now.Position1, r.now.Position2 = fyne.NewPos(x, 0), fyne.NewPos(x, size.Height)
		r.now.Show()
	} else {
		r.now.Hide()
	}
	r.objectList = []fyne.CanvasObject{r.back, r.mateRows[0], r.mateRows[1], r.unit}
	for _, t := range r.ticks {
		r.objectList = append(r.objectList, t.line, t.label)
	}
	for _, s := range r.segments {
		r.objectList = append(r.objectList, s)
	}
	r.objectList = append(r.objectList, r.now)
	for _, d := range r.dots {
		r.objectList = append(r.objectList, d)
	}
}

// placeUnit puts the unit's label at the right, ending at x, in the lowest of the widest
// gaps between the grid lines at edges (and the chart's edges), where no line strikes it
// through; it is hidden where no gap is high enough.
func (r *curveRenderer) placeUnit(x float32, edges []float32) {
	slices.Sort(edges)
	unit := r.unit.MinSize()
	best, top := float32(0), float32(0)
	for i := 1; i < len(edges); i++ {
		if gap := edges[i] - edges[i-1]; gap >= best {
			best, top = gap, edges[i-1]
		}
	}
	if best < unit.Height+1 {
		r.unit.Hide()
		return
	}
	r.unit.Show()
	r.unit.Move(fyne.NewPos(x-unit.Width-2, top+(best-unit.Height)/2))
	r.unit.Resize(unit)
}

func (r *curveRenderer) MinSize() fyne.Size { return r.curve.MinSize() }

func (r *curveRenderer) Refresh() {
	r.Layout(r.curve.Size())
	for _, o := range r.objectList {
		canvas.Refresh(o)
	}
}

func (r *curveRenderer) Objects() []fyne.CanvasObject {
	if r.objectList == nil {
		r.Layout(r.curve.Size())
	}
	return r.objectList
}

func (r *curveRenderer) Destroy() {}
