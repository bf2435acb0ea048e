package board

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"github.com/xqfyne/xiangqi/rules"
)

const (
	maxTargets  = 20 // a rook in the open reaches at most 17 points
	maxCulprits = 8  // more pieces than take part in any repetition
)

// markObjects are the marks on the board: under the pieces the last move, the hint and
// the check glow; over them the selection, a rejected tap's flash, the legal targets and
// the rings of a repetition's culprits and victim.
type markObjects struct {
	lastFrom, lastTo *canvas.Rectangle
	hintFrom, hintTo *canvas.Rectangle
	hintLine         *canvas.Line
	checkGlow        *canvas.Circle
	selection        *canvas.Circle
	reject           *canvas.Circle
	dots             [maxTargets]*canvas.Circle
	culprits         [maxCulprits]*canvas.Circle
	victim           *canvas.Circle
}

// addMarksUnder makes the marks drawn under the pieces, hidden.
func (r *boardRenderer) addMarksUnder() {
	mark := func(c color.Color) *canvas.Rectangle {
		m := canvas.NewRectangle(color.Transparent)
		m.StrokeColor = c
		m.Hide()
		r.objects = append(r.objects, m)
		return m
	}
	r.lastFrom, r.lastTo = mark(colorLastMove), mark(colorLastMove)
	r.hintFrom, r.hintTo = mark(colorHint), mark(colorHint)
	r.hintLine = canvas.NewLine(colorHint)
	r.hintLine.Hide()
	r.checkGlow = canvas.NewCircle(colorCheck)
	r.checkGlow.Hide()
	r.objects = append(r.objects, r.hintLine, r.checkGlow)
}

// addMarksOver makes the marks drawn over the pieces, hidden.
func (r *boardRenderer) addMarksOver() {
	r.selection = canvas.NewCircle(color.Transparent)
	r.selection.StrokeColor = colorSelection
	r.selection.Hide()
	r.reject = canvas.NewCircle(color.Transparent)
	r.reject.StrokeColor = colorRejectFlash
	r.reject.Hide()
	r.objects = append(r.objects, r.selection, r.reject)
	for i := range r.dots {
		r.dots[i] = canvas.NewCircle(colorTarget)
		r.dots[i].Hide()
		r.objects = append(r.objects, r.dots[i])
	}
	for i := range r.culprits {
		r.culprits[i] = canvas.NewCircle(color.Transparent)
		r.culprits[i].StrokeColor = colorCulprit
		r.culprits[i].Hide()
		r.objects = append(r.objects, r.culprits[i])
	}
	r.victim = canvas.NewCircle(color.Transparent)
	r.victim.StrokeColor = colorVictim
	r.victim.Hide()
	r.objects = append(r.objects, r.victim)
}

func placeSquareMark(rect *canvas.Rectangle, center fyne.Position, cell float32) {
	half := 0.5 * cell
	rect.Move(fyne.NewPos(center.X-half, center.Y-half))
	rect.Resize(fyne.NewSize(2*half, 2*half))
	rect.StrokeWidth = 0.05 * cell
	rect.CornerRadius = 0.12 * cell
}

func (r *boardRenderer) placeMarks() {
	g, v := r.geo, r.shown
	showSquare := func(m *canvas.Rectangle, sq rules.Square) {
		if sq.OnBoard() {
			placeSquareMark(m, g.center(sq), g.cell)
			m.Show()
		} else {
			m.Hide()
		}
		canvas.Refresh(m)
	}
	showRing := func(c *canvas.Circle, sq rules.Square, radius, width float32) {
		if sq.OnBoard() {
			placeCircle(c, g.center(sq), radius*g.cell)
			c.StrokeWidth = width * g.cell
			c.Show()
		} else {
			c.Hide()
		}
		canvas.Refresh(c)
	}
	from, to := rules.NoSquare, rules.NoSquare
	if v.LastMove != rules.NoMove {
		from, to = v.LastMove.From(), v.LastMove.To()
	}
	showSquare(r.lastFrom, from)
	showSquare(r.lastTo, to)
	hf, ht := rules.NoSquare, rules.NoSquare
	if v.Hint != rules.NoMove {
		hf, ht = v.Hint.From(), v.Hint.To()
	}
	showSquare(r.hintFrom, hf)
	showSquare(r.hintTo, ht)
	if hf.OnBoard() && ht.OnBoard() {
		r.hintLine.Position1, r.hintLine.Position2 = g.center(hf), g.center(ht)
		r.hintLine.StrokeWidth = 0.08 * g.cell
		r.hintLine.Show()
	} else {
		r.hintLine.Hide()
	}
	canvas.Refresh(r.hintLine)
	showRing(r.checkGlow, v.Check, 0.6, 0)
	showRing(r.selection, v.Selected, pieceRadius+0.04, 0.08)
	showRing(r.reject, v.Rejected, pieceRadius+0.04, 0.08)
}

// placeTargets marks the selected piece's destinations: a dot on an empty point, a ring
// around a piece it can capture, so that the piece's character stays readable.
func (r *boardRenderer) placeTargets() {
	g := r.geo
	for i, dot := range r.dots {
		if i >= len(r.shown.Targets) || !r.shown.Targets[i].OnBoard() {
			dot.Hide()
			canvas.Refresh(dot)
			continue
		}
		sq := r.shown.Targets[i]
		if r.shown.PieceAt(sq) == rules.NoPiece {
			dot.FillColor, dot.StrokeWidth = colorTarget, 0
			placeCircle(dot, g.center(sq), 0.13*g.cell)
		} else {
			dot.FillColor, dot.StrokeColor, dot.StrokeWidth = color.Transparent, colorTarget, 0.09*g.cell
			placeCircle(dot, g.center(sq), (pieceRadius+0.06)*g.cell)
		}
		dot.Show()
		canvas.Refresh(dot)
	}
}

// placeCulprits rings the pieces that lost by a repetition rule and the piece they chased.
func (r *boardRenderer) placeCulprits() {
	g := r.geo
	ring := func(c *canvas.Circle, sq rules.Square) {
		if sq.OnBoard() {
			placeCircle(c, g.center(sq), (pieceRadius+0.08)*g.cell)
			c.StrokeWidth = 0.1 * g.cell
			c.Show()
		} else {
			c.Hide()
		}
		canvas.Refresh(c)
	}
	for i, c := range r.culprits {
		sq := rules.NoSquare
		if i < len(r.shown.Culprits) {
			sq = r.shown.Culprits[i]
		}
		ring(c, sq)
	}
	ring(r.victim, r.shown.Victim)
}
