package gui

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// analysisPanel shows analysis mode: the evaluation bar, the depth and speed, and the
// best lines in the player's notation.
type analysisPanel struct {
	box   *fyne.Container
	bar   *evalBar
	info  *widget.Label
	lines *widget.Label
}

// analysisShown is what the analysis panel and the board's arrows show: the session's
// analysis, read once for a refresh.
type analysisShown struct {
	On       bool
	Lines    []engine.Info
	Side     rules.Color // the side to move in the position analysed
	Game     *game.Game
	Settings play.Settings
}

// analysisOf reads the session's analysis for the panel and the arrows.
func analysisOf(s *play.Session) analysisShown {
	a := s.Analysis()
	return analysisShown{On: a.On(), Lines: a.Lines(), Side: a.Side(), Game: s.Game(), Settings: s.Settings()}
}

func newAnalysisPanel() *analysisPanel {
	p := &analysisPanel{bar: newEvalBar(), info: widget.NewLabel(""), lines: widget.NewLabel("")}
	p.lines.Truncation = fyne.TextTruncateEllipsis
	p.info.Truncation = fyne.TextTruncateEllipsis
	p.box = container.NewVBox(container.NewGridWithColumns(2, p.bar, p.info), p.lines)
	p.box.Hide()
	return p
}

// refresh shows the session's analysis, or hides the panel when analysis is off.
func (p *analysisPanel) refresh(s analysisShown) {
	if !s.On {
		if p.box.Visible() {
			p.box.Hide()
		}
		return
	}
	if !p.box.Visible() {
		p.box.Show()
	}
	lines := s.Lines
	side := s.Side
	if len(lines) == 0 {
		p.bar.set(0, 0, false)
		p.info.SetText(tr("analysis.starting"))
		p.lines.SetText(strings.TrimSuffix(strings.Repeat("\n", play.AnalysisLines), "\n"))
		return
	}
	best := lines[0]
	score, mate := present.RedView(best.Score, best.Mate, side)
	p.bar.set(score, mate, true)
	p.info.SetText(tr("analysis.info", map[string]any{"Depth": best.Depth, "Speed": present.SpeedText(best.NPS)}))
	pos := s.Game.Position()
	texts := make([]string, 0, play.AnalysisLines)
	for _, l := range lines {
		sc, mt := present.RedView(l.Score, l.Mate, side)
		texts = append(texts, fmt.Sprintf("%d. %s  %s", l.MultiPV, present.RedScoreText(sc, mt), present.LineText(pos, l.PV, s.Settings.Notation, 6)))
	}
	for len(texts) < play.AnalysisLines {
		texts = append(texts, "")
	}
	p.lines.SetText(strings.Join(texts, "\n"))
}

// analysisArrows are the first moves of the analysis lines, for the board.
func analysisArrows(s analysisShown) []board.Arrow {
	if !s.On {
		return nil
	}
	var out []board.Arrow
	for i, l := range s.Lines {
		out = append(out, board.Arrow{Move: l.PV[0], Rank: i + 1})
	}
	return out
}

var (
	colorEvalRed   = color.NRGBA{R: 0xc0, G: 0x28, B: 0x20, A: 0xff}
	colorEvalBlack = color.NRGBA{R: 0x30, G: 0x2c, B: 0x28, A: 0xff}
	colorEvalText  = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	colorEvalMid   = color.NRGBA{R: 0xf0, G: 0xd0, B: 0x80, A: 0xff}
)

// evalBar is the evaluation bar: Red's share from the left, Black's on the right, the
// score from Red's view written on it.
type evalBar struct {
	widget.BaseWidget
	share float32
	text  string
}

func newEvalBar() *evalBar {
	b := &evalBar{share: 0.5}
	b.ExtendBaseWidget(b)
	return b
}

// set shows a score from Red's view; known false shows an even bar without a number.
func (b *evalBar) set(score, mate int, known bool) {
	share, text := float32(0.5), ""
	if known {
		share, text = present.RedShare(score, mate), present.RedScoreText(score, mate)
	}
	if share == b.share && text == b.text {
		return
	}
	b.share, b.text = share, text
	b.Refresh()
}

func (b *evalBar) CreateRenderer() fyne.WidgetRenderer {
	r := &evalBarRenderer{bar: b, black: canvas.NewRectangle(colorEvalBlack), red: canvas.NewRectangle(colorEvalRed),
		mid: canvas.NewRectangle(colorEvalMid), label: canvas.NewText("", colorEvalText)}
	r.label.TextStyle = fyne.TextStyle{Bold: true}
	return r
}

type evalBarRenderer struct {
	bar             *evalBar
	black, red, mid *canvas.Rectangle
	label           *canvas.Text
}

func (r *evalBarRenderer) Layout(size fyne.Size) {
	r.black.Move(fyne.NewPos(0, 0))
	r.black.Resize(size)
	w := size.Width * r.bar.share
	r.red.Move(fyne.NewPos(0, 0))
	r.red.Resize(fyne.NewSize(w, size.Height))
	r.mid.Move(fyne.NewPos(size.Width/2-1, 0))
	r.mid.Resize(fyne.NewSize(2, size.Height))
	// The score is written at the end of the side it favours, clear of the middle mark.
	r.label.Text = r.bar.text
	r.label.TextSize = size.Height * 0.7
	r.label.Alignment = fyne.TextAlignLeading
	if r.bar.share < 0.5 {
		r.label.Alignment = fyne.TextAlignTrailing
	}
	pad := size.Height / 3
	r.label.Move(fyne.NewPos(pad, (size.Height-r.label.MinSize().Height)/2))
	r.label.Resize(fyne.NewSize(size.Width-2*pad, r.label.MinSize().Height))
}

func (r *evalBarRenderer) MinSize() fyne.Size { return fyne.NewSize(60, 20) }

func (r *evalBarRenderer) Refresh() {
	r.Layout(r.bar.Size())
	for _, o := range r.Objects() {
		canvas.Refresh(o)
	}
}

func (r *evalBarRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.black, r.red, r.mid, r.label}
}

func (r *evalBarRenderer) Destroy() {}
