package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
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
	Reviewing() bool
	ReviewProgress() (done, total int)
	ReviewCurve() []play.CurvePoint
	ReviewOf(*game.Node) (play.MoveReview, bool)
	CurrentNode() *game.Node
	Game() *game.Game
	Settings() play.Settings
	GoToNode(*game.Node) error
	CancelReview()
}

func newReviewPanel(s reviewSource) *reviewPanel {
	p := &reviewPanel{progress: widget.NewProgressBar(), verdict: widget.NewLabel("")}
	// One line, so that a long line never pushes the board smaller on a phone.
	p.verdict.Truncation = fyne.TextTruncateEllipsis
	p.curve = newScoreCurve(func(n *game.Node) {
		if err := s.GoToNode(n); err != nil {
			fyne.LogError("score curve", err)
		}
	})
	cancel := widget.NewButton(tr("action.cancel"), s.CancelReview)
	p.running = container.NewBorder(nil, nil, nil, cancel, p.progress)
	p.box = container.NewVBox(p.running, p.curve, p.verdict)
	p.box.Hide()
	return p
}

// refresh shows the session's review, or hides the panel when there is none.
func (p *reviewPanel) refresh(s reviewSource) {
	curve := s.ReviewCurve()
	if !s.Reviewing() && len(curve) == 0 {
		if p.box.Visible() {
			p.box.Hide()
		}
		return
	}
	if !p.box.Visible() {
		p.box.Show()
	}
	done, total := s.ReviewProgress()
	if s.Reviewing() {
		p.running.Show()
		p.progress.Max = float64(max(total, 1))
		p.progress.SetValue(float64(done))
	} else {
		p.running.Hide()
	}
	p.curve.set(curve, s.CurrentNode(), s)
	verdict := ""
	if mr, ok := s.ReviewOf(s.CurrentNode()); ok {
		verdict = present.ClassText(trData, mr.Class)
		if mr.Class >= play.Inaccuracy {
			pos := s.Game().Position()
			pos.UnmakeMove()
			verdict += " · " + tr("review.better", map[string]any{
				"Move": game.FormatMove(pos, mr.Better, s.Settings().Notation),
				"Line": present.LineText(pos, mr.BetterLine, s.Settings().Notation, 10),
			})
		}
	}
	p.verdict.SetText(verdict)
}

var (
	colorCurveBack  = color.NRGBA{R: 0xf6, G: 0xef, B: 0xe0, A: 0xff}
	colorCurveZero  = color.NRGBA{R: 0x90, G: 0x80, B: 0x70, A: 0xff}
	colorCurveLine  = color.NRGBA{R: 0xb0, G: 0x1c, B: 0x16, A: 0xff}
	colorCurveNow   = color.NRGBA{R: 0x1e, G: 0x5a, B: 0xc8, A: 0xc0}
	colorCurveFault = [...]color.NRGBA{
		play.Inaccuracy: {R: 0xe0, G: 0xb0, B: 0x10, A: 0xff},
		play.Mistake:    {R: 0xe0, G: 0x70, B: 0x10, A: 0xff},
		play.Blunder:    {R: 0xd0, G: 0x10, B: 0x10, A: 0xff},
	}
)

// curveScale is the score at the top (Red) and bottom (Black) edge of the score curve.
const curveScale = 600

// scoreCurve plots the review's scores from Red's view (Red's advantage up), with a dot
// on each inaccuracy, mistake and blunder and a line at the position shown; a tap shows
// the position nearest the tap.
type scoreCurve struct {
	widget.BaseWidget
	points  []play.CurvePoint
	faults  []play.MoveClass // the class of the move that led to each point
	current int              // the point of the position shown, -1 if none
	onTap   func(*game.Node)
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
		if mr, ok := s.ReviewOf(p.Node); ok {
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

// pointAt is the point whose x is nearest x, or -1 for an empty curve.
func (c *scoreCurve) pointAt(x float32) int {
	n := len(c.points)
	if n == 0 {
		return -1
	}
	if n == 1 {
		return 0
	}
	step := c.Size().Width / float32(n-1)
	return min(max(int(x/step+0.5), 0), n-1)
}

// pointPosition is where point i is drawn.
func (c *scoreCurve) pointPosition(i int) fyne.Position {
	size := c.Size()
	n := max(len(c.points)-1, 1)
	p := c.points[i]
	score := max(min(p.Score, curveScale), -curveScale)
	if p.Mate > 0 {
		score = curveScale
	} else if p.Mate < 0 {
		score = -curveScale
	}
	y := size.Height/2 - float32(score)/curveScale*(size.Height/2-2)
	return fyne.NewPos(float32(i)*size.Width/float32(n), y)
}

func (c *scoreCurve) MinSize() fyne.Size { return fyne.NewSize(120, 48) }

func (c *scoreCurve) CreateRenderer() fyne.WidgetRenderer {
	r := &curveRenderer{curve: c, back: canvas.NewRectangle(colorCurveBack), zero: canvas.NewLine(colorCurveZero),
		now: canvas.NewLine(colorCurveNow)}
	r.zero.StrokeWidth, r.now.StrokeWidth = 1, 2
	return r
}

type curveRenderer struct {
	curve      *scoreCurve
	back       *canvas.Rectangle
	zero, now  *canvas.Line
	segments   []*canvas.Line
	dots       []*canvas.Circle
	objectList []fyne.CanvasObject
}

func (r *curveRenderer) Layout(size fyne.Size) {
	c := r.curve
	r.back.Resize(size)
	r.zero.Position1, r.zero.Position2 = fyne.NewPos(0, size.Height/2), fyne.NewPos(size.Width, size.Height/2)
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
	r.objectList = []fyne.CanvasObject{r.back, r.zero}
	for _, s := range r.segments {
		r.objectList = append(r.objectList, s)
	}
	r.objectList = append(r.objectList, r.now)
	for _, d := range r.dots {
		r.objectList = append(r.objectList, d)
	}
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
