package gui

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// clockTick is how often a running clock is redrawn; tenths are shown near the end.
const clockTick = 100 * time.Millisecond

// ClockView is what the clock bar shows: both sides' time left and whose clock runs.
type ClockView struct {
	Left    [2]time.Duration // by colour (rules.Red, rules.Black)
	Running bool
	Side    rules.Color // whose clock runs, when Running
}

// ClockWidget draws the two clocks of a timed game side by side, Red's first; the running
// one is filled with the theme's primary colour.
type ClockWidget struct {
	widget.BaseWidget
	view  ClockView
	names [2]string // the sides' names in the UI language
}

// NewClockWidget makes a clock bar labelled with the sides' names.
func NewClockWidget(red, black string) *ClockWidget {
	c := &ClockWidget{names: [2]string{red, black}}
	c.ExtendBaseWidget(c)
	return c
}

// View returns what the clock bar shows.
func (c *ClockWidget) View() ClockView { return c.view }

// SetView shows v; an unchanged view is not redrawn.
func (c *ClockWidget) SetView(v ClockView) {
	if v == c.view {
		return
	}
	c.view = v
	c.Refresh()
}

// Text returns the text of side's clock ("Red 4:59").
func (c *ClockWidget) Text(side rules.Color) string {
	return present.SideClockText(c.names[side], c.view.Left[side])
}

func (c *ClockWidget) CreateRenderer() fyne.WidgetRenderer {
	r := &clockRenderer{clock: c}
	for side := range r.faces {
		r.faces[side] = canvas.NewRectangle(color.Transparent)
		r.faces[side].CornerRadius = theme.InputRadiusSize()
		r.texts[side] = canvas.NewText("", theme.Color(theme.ColorNameForeground))
		r.texts[side].Alignment = fyne.TextAlignCenter
		r.texts[side].TextStyle = clockTextStyle
	}
	r.Refresh()
	return r
}

type clockRenderer struct {
	clock *ClockWidget
	faces [2]*canvas.Rectangle
	texts [2]*canvas.Text
}

func (r *clockRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.faces[0], r.faces[1], r.texts[0], r.texts[1]}
}

func (r *clockRenderer) Destroy() {}

// clockTextStyle is the clocks' face: monospace, so that the digits do not shift as they
// change.
var clockTextStyle = fyne.TextStyle{Monospace: true}

// widestText is the longest a clock's text can be ("Black  0:00:00") at text size.
func (r *clockRenderer) widestText(size float32) fyne.Size {
	var widest fyne.Size
	for _, name := range r.clock.names {
		if t := fyne.MeasureText(name+"  0:00:00", size, clockTextStyle); t.Width > widest.Width {
			widest = t
		}
	}
	return widest
}

// textSize is the clocks' text size in a bar width wide: a little larger than the body
// text, or smaller where half the bar is too narrow for the widest text (a phone).
func (r *clockRenderer) textSize(width float32) float32 {
	want := theme.TextSize() * 1.2
	room := (width-theme.Padding())/2 - 2*theme.Padding()
	if w := r.widestText(want).Width; w > room && room > 0 {
		return want * room / w
	}
	return want
}

func (r *clockRenderer) MinSize() fyne.Size {
	pad := theme.Padding()
	t := r.widestText(theme.TextSize() * 1.2)
	return fyne.NewSize(2*t.Width+6*pad, t.Height+2*pad)
}

func (r *clockRenderer) Layout(size fyne.Size) {
	pad := theme.Padding()
	half := (size.Width - pad) / 2
	textSize := r.textSize(size.Width)
	for side := range r.faces {
		x := float32(side) * (half + pad)
		r.faces[side].Move(fyne.NewPos(x, 0))
		r.faces[side].Resize(fyne.NewSize(half, size.Height))
		r.texts[side].Move(fyne.NewPos(x, 0))
		r.texts[side].Resize(fyne.NewSize(half, size.Height))
		r.texts[side].TextSize = textSize
	}
}

// Refresh draws the clocks from the widget's view.
func (r *clockRenderer) Refresh() {
	v := r.clock.view
	textSize := r.textSize(r.clock.Size().Width)
	for side := range r.faces {
		running := v.Running && v.Side == rules.Color(side)
		face, ink := theme.Color(theme.ColorNameInputBackground), theme.Color(theme.ColorNameForeground)
		if running {
			face, ink = theme.Color(theme.ColorNamePrimary), theme.Color(theme.ColorNameForegroundOnPrimary)
		}
		if v.Left[side] < present.LowTime {
			ink = theme.Color(theme.ColorNameError)
			if running {
				ink = theme.Color(theme.ColorNameForegroundOnError)
				face = theme.Color(theme.ColorNameError)
			}
		}
		r.faces[side].FillColor = face
		r.texts[side].Text = r.clock.Text(rules.Color(side))
		r.texts[side].Color = ink
		r.texts[side].TextStyle.Bold = running
		r.texts[side].TextSize = textSize
		r.faces[side].Refresh()
		r.texts[side].Refresh()
	}
}

// clockView is what the clock bar shows of the session now.
func clockView(s *play.Session) ClockView {
	side, running := s.ClockRunning()
	return ClockView{Left: [2]time.Duration{s.ClockLeft(rules.Red), s.ClockLeft(rules.Black)},
		Running: running, Side: side}
}

// showClock shows the session's clocks (hidden in an untimed game) and keeps a ticker
// redrawing them while one runs.
func (g *gameScreen) showClock() {
	s := g.session
	timed := s.TimeControl().Timed()
	if timed != g.clocks.Visible() {
		showIf(timed, g.clocks)
		g.content.Refresh()
	}
	v := clockView(s)
	g.clocks.SetView(v)
	g.keepClockTicking(v.Running)
}

// keepClockTicking starts or stops the goroutine that redraws a running clock.
func (g *gameScreen) keepClockTicking(on bool) {
	if on == (g.tickStop != nil) {
		return
	}
	if !on {
		close(g.tickStop)
		g.tickStop = nil
		return
	}
	stop := make(chan struct{})
	g.tickStop = stop
	post := g.post
	go func() {
		t := time.NewTicker(clockTick)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				post(func() {
					if g.tickStop == stop { // a stale tick after a stop changes nothing
						g.showClock()
					}
				})
			}
		}
	}()
}

// timeControlText names a time control in New game ("5 min + 3 s", or no clock).
func timeControlText(tc play.TimeControl) string { return present.TimeControlText(trData, tc) }
