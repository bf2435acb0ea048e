package gui

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// clockTick is how often a running clock is redrawn; tenths are shown near the end.
const clockTick = 100 * time.Millisecond

// ClockView is what the clock bar shows: who plays each side and, in a timed game, both
// sides' time left and whose clock runs.
type ClockView struct {
	Names [2]string // who plays each side ("Red · You"), by colour (rules.Red, rules.Black)
	// Players are the players without the side ("Engine, Amateur 3"), shown where a name
	// does not fit its half of the bar even at the caption's size, and Levels an engine's
	// level alone ("International grandmaster"), then in short ("Intl GM"), where that
	// does not fit either; "" for none.
	Players, Levels, Short [2]string
	Timed                  bool
	Left                   [2]time.Duration // by colour: the main time, or in byo-yomi the period's
	Byoyomi                [2]bool          // by colour: the side is in byo-yomi (读秒)
	Periods                [2]int           // by colour, in byo-yomi: periods left, shown when more than one
	Running                bool
	Side                   rules.Color // whose clock runs, when Running
}

// face is side's time as the clock shows it: h:mm:ss or m:ss, "读秒 25" in byo-yomi.
func (v ClockView) face(side rules.Color) string {
	if v.Byoyomi[side] {
		return present.ByoyomiText(trData, v.Left[side], v.Periods[side])
	}
	return present.ClockText(v.Left[side])
}

// low reports whether side's clock is in its last moments, drawn in red: the last 20 s of
// main time, the last 10 s of a period.
func (v ClockView) low(side rules.Color) bool {
	if v.Byoyomi[side] {
		return v.Left[side] < present.LowByoyomi
	}
	return v.Left[side] < present.LowTime
}

// ClockWidget draws the two sides side by side, Red's first: who plays it and, in a timed
// game, its clock; the running one is filled with the theme's primary colour.
type ClockWidget struct {
	widget.BaseWidget
	view ClockView
}

// NewClockWidget makes a clock bar naming the sides red and black until SetView.
func NewClockWidget(red, black string) *ClockWidget {
	c := &ClockWidget{view: ClockView{Names: [2]string{red, black}}}
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

// Text returns the text of side's half of the bar ("Red · You  4:59", or without a time
// in an untimed game).
func (c *ClockWidget) Text(side rules.Color) string {
	if !c.view.Timed {
		return c.view.Names[side]
	}
	return present.SideClockText(c.view.Names[side], c.view.face(side))
}

func (c *ClockWidget) CreateRenderer() fyne.WidgetRenderer {
	r := &clockRenderer{clock: c}
	for side := range r.faces {
		r.faces[side] = canvas.NewRectangle(color.Transparent)
		r.faces[side].CornerRadius = theme.InputRadiusSize()
		r.names[side] = canvas.NewText("", theme.Color(theme.ColorNameForeground))
		r.names[side].Alignment = fyne.TextAlignCenter
		r.times[side] = canvas.NewText("", theme.Color(theme.ColorNameForeground))
		r.times[side].Alignment = fyne.TextAlignCenter
		r.times[side].TextStyle = clockTextStyle
	}
	r.Refresh()
	return r
}

// clockRenderer draws each side's half of the bar: its player's name and, in a timed
// game, its clock on a second line, larger.
type clockRenderer struct {
	clock *ClockWidget
	faces [2]*canvas.Rectangle
	names [2]*canvas.Text
	times [2]*canvas.Text
}

func (r *clockRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.faces[0], r.faces[1], r.names[0], r.names[1], r.times[0], r.times[1]}
}

func (r *clockRenderer) Destroy() {}

// clockTextStyle is the clocks' face: the UI font's regular style, whose digits all have
// one width (TestClockDigitsKeepTheirWidth), so that a running clock does not shift. Not
// the monospace style: the app's theme gives that style the same face, and each style is
// another set of fonts that Fyne parses and keeps (docs/budget.md).
var clockTextStyle = fyne.TextStyle{}

// widestTime is the longest a clock's time can be.
const widestTime = "0:00:00"

// widestClock is the wider of the longest time a clock can show and the two clocks now
// (a byo-yomi count with its periods is wider), at size.
func (r *clockRenderer) widestClock(size float32) fyne.Size {
	widest := fyne.MeasureText(widestTime, size, clockTextStyle)
	for side := range r.clock.view.Names {
		if t := fyne.MeasureText(r.clock.view.face(rules.Color(side)), size, clockTextStyle); t.Width > widest.Width {
			widest = t
		}
	}
	return widest
}

// widestName is the longer of the two names at text size.
func (r *clockRenderer) widestName(size float32) fyne.Size {
	var widest fyne.Size
	for _, name := range r.clock.view.Names {
		if t := fyne.MeasureText(name, size, fyne.TextStyle{}); t.Width > widest.Width {
			widest = t
		}
	}
	return widest
}

// fit is want, or smaller where a text measuring natural at want is wider than half of
// a bar width wide (a phone).
func fit(want float32, natural fyne.Size, width float32) float32 {
	room := (width-theme.Padding())/2 - 2*theme.Padding()
	if natural.Width > room && room > 0 {
		return want * room / natural.Width
	}
	return want
}

// sizes are the text sizes of the names, by side, and the times in a bar width wide: the
// body text's and a little larger, each smaller where it does not fit, a name no smaller
// than the caption's (issue 35 item 5: the engine's long name had shrunk both names to 8
// pixels high on a phone); a name that does not fit even so is cut (nameText).
func (r *clockRenderer) sizes(width float32) (names [2]float32, clock float32) {
	for side := range r.clock.view.Names {
		names[side] = max(nameFit(r.shownName(side, width), width), theme.CaptionTextSize())
	}
	clock = theme.TextSize() * 1.2
	return names, fit(clock, r.widestClock(clock), width)
}

// shownName is what side's half of a bar width wide names: the side and its player, or
// where that does not fit even at the caption's size the player alone, then an engine's
// level alone (issue 51 item 7:
// on a phone "黑方 · 电脑 …" had lost the engine's level, the one thing it had to say).
func (r *clockRenderer) shownName(side int, width float32) string {
	v := r.clock.view
	name := v.Names[side]
	for _, shorter := range []string{v.Players[side], v.Levels[side], v.Short[side]} {
		if nameFit(name, width) >= theme.CaptionTextSize() {
			break
		}
		if shorter != "" {
			name = shorter
		}
	}
	return name
}

// nameFit is the size name fits its half of a bar width wide at: the body text's, or
// smaller. Text does not scale quite in proportion, so the proportional size is brought
// down by half points until the name measures within the room.
func nameFit(name string, width float32) float32 {
	room := (width-theme.Padding())/2 - 2*theme.Padding()
	size := fit(theme.TextSize(), fyne.MeasureText(name, theme.TextSize(), fyne.TextStyle{}), width)
	for size > 1 && fyne.MeasureText(name, size, fyne.TextStyle{}).Width > room {
		size -= 0.5
	}
	return size
}

// nameText is side's name as it fits its half of a bar width wide at size: whole, or cut
// with "…" where even the caption's size is too large.
func (r *clockRenderer) nameText(side int, width, size float32) string {
	name := r.shownName(side, width)
	if nameFit(name, width) >= theme.CaptionTextSize() {
		return name
	}
	room := (width-theme.Padding())/2 - 2*theme.Padding()
	return cutToWidthAt(name, room, size)
}

func (r *clockRenderer) MinSize() fyne.Size {
	pad := theme.Padding()
	name := r.widestName(theme.TextSize())
	if !r.clock.view.Timed {
		return fyne.NewSize(2*name.Width+4*pad, clockBarHeight(false)) // names only: no clock face to frame
	}
	clock := r.widestClock(theme.TextSize() * 1.2)
	return fyne.NewSize(2*max(name.Width, clock.Width)+6*pad, clockBarHeight(true))
}

// clockBarHeight is the height of the players' bar in a game with a clock (a line of
// names and one of times) or without (the names).
func clockBarHeight(timed bool) float32 {
	name := fyne.MeasureText("0", theme.TextSize(), fyne.TextStyle{}).Height
	if !timed {
		return name
	}
	return name + fyne.MeasureText(widestTime, theme.TextSize()*1.2, clockTextStyle).Height + theme.Padding()
}

func (r *clockRenderer) Layout(size fyne.Size) {
	pad := theme.Padding()
	half := (size.Width - pad) / 2
	nameSizes, clockSize := r.sizes(size.Width)
	nameH := fyne.MeasureText("0", max(nameSizes[0], nameSizes[1]), fyne.TextStyle{}).Height
	for side := range r.faces {
		x := float32(side) * (half + pad)
		r.faces[side].Move(fyne.NewPos(x, 0))
		r.faces[side].Resize(fyne.NewSize(half, size.Height))
		r.names[side].TextSize, r.times[side].TextSize = nameSizes[side], clockSize
		r.names[side].Text = r.nameText(side, size.Width, nameSizes[side])
		if !r.clock.view.Timed {
			r.names[side].Move(fyne.NewPos(x, 0))
			r.names[side].Resize(fyne.NewSize(half, size.Height))
			continue
		}
		r.names[side].Move(fyne.NewPos(x, pad/2))
		r.names[side].Resize(fyne.NewSize(half, nameH))
		r.times[side].Move(fyne.NewPos(x, pad/2+nameH))
		r.times[side].Resize(fyne.NewSize(half, size.Height-pad-nameH))
	}
}

// Refresh draws the clocks from the widget's view.
func (r *clockRenderer) Refresh() {
	v := r.clock.view
	for side := range r.faces {
		running := v.Running && v.Side == rules.Color(side)
		face, ink := theme.Color(theme.ColorNameInputBackground), theme.Color(theme.ColorNameForeground)
		if running {
			face, ink = theme.Color(theme.ColorNamePrimary), theme.Color(theme.ColorNameForegroundOnPrimary)
		}
		if v.Timed && v.low(rules.Color(side)) {
			ink = theme.Color(theme.ColorNameError)
			if running {
				ink = theme.Color(theme.ColorNameForegroundOnError)
				face = theme.Color(theme.ColorNameError)
			}
		}
		r.faces[side].FillColor = face
		r.names[side].Text, r.names[side].Color = v.Names[side], ink
		r.times[side].Text, r.times[side].Color = "", ink
		if v.Timed {
			r.times[side].Text = v.face(rules.Color(side))
		}
		showIf(v.Timed, r.times[side])
		r.times[side].TextStyle.Bold = running
		r.faces[side].Refresh()
		r.names[side].Refresh()
		r.times[side].Refresh()
	}
	r.Layout(r.clock.Size())
}

// clockView is what the clock bar shows of the session now.
func clockView(s *play.Session) ClockView {
	side, running := s.Clocks().Running()
	set := s.Settings()
	tc := s.Clocks().TimeControl()
	v := ClockView{Names: present.PlayerNames(trData, set.Human, set.Seconds, s.Record().Meta),
		Players: present.Players(trData, set.Human, set.Seconds, s.Record().Meta),
		Timed:   tc.Timed(), Running: running, Side: side}
	v.Levels, v.Short = present.EngineLevels(trData, set.Human, set.Seconds)
	for _, c := range []rules.Color{rules.Red, rules.Black} {
		clock := s.Clocks().Side(c)
		v.Left[c], v.Byoyomi[c] = clock.StageLeft(tc), clock.InByoyomi(tc)
		if v.Byoyomi[c] {
			v.Periods[c] = clock.Periods
		}
	}
	return v
}

// showClock shows who plays each side and the session's clocks, and keeps a ticker
// redrawing them while one runs.
func (g *gameScreen) showClock() {
	v := clockView(g.session)
	if g.clocks.View().Timed != v.Timed || g.clocks.View().Names != v.Names {
		defer g.content.Refresh() // the bar's height may change
	}
	g.clocks.SetView(v)
	g.keepClockTicking(v.Running)
}

// keepClockTicking starts or stops the redrawing of a running clock.
func (g *gameScreen) keepClockTicking(on bool) { g.clockTicker.Set(on, clockTick, g.post, g.showClock) }

// timeControlText names a time control in New game ("5 min + 3 s", or no clock).
func timeControlText(tc match.TimeControl) string { return present.TimeControlText(trData, tc) }
