package board

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// gridLine is a board line given in view cells, so that it can be laid out at any size.
type gridLine struct {
	line           *canvas.Line
	x1, y1, x2, y2 float32
	width          float32 // in cells
}

// lineObjects are the board itself: its background and frame, the grid with the palaces
// and the position marks, the river's text and the file numbers.
type lineObjects struct {
	background *canvas.Rectangle
	frame      *canvas.Rectangle
	lines      []gridLine
	river      [2]*canvas.Text
	topLabels  [Files]*canvas.Text
	lowLabels  [Files]*canvas.Text
	// The upper side's texts turned to face them (face-to-face): file numbers and the
	// river's second half.
	topTurned   [Files]*canvas.Image
	riverTurned *canvas.Image
}

// addLines makes the board's lines and texts, the first objects drawn.
func (r *boardRenderer) addLines() {
	r.background = canvas.NewRectangle(colorBoard)
	r.frame = canvas.NewRectangle(color.Transparent)
	r.frame.StrokeColor = colorLine
	r.objects = append(r.objects, r.background, r.frame)

	for _, l := range boardLines() {
		l.line = canvas.NewLine(colorLine)
		r.lines = append(r.lines, l)
		r.objects = append(r.objects, l.line)
	}
	for i, s := range []string{"楚 河", "汉 界"} {
		r.river[i] = canvas.NewText(s, colorLine)
		r.river[i].Alignment = fyne.TextAlignCenter
		r.river[i].FontSource = brushFace
		r.objects = append(r.objects, r.river[i])
	}
	for f := 0; f < Files; f++ {
		r.topLabels[f] = canvas.NewText("", colorLine)
		r.lowLabels[f] = canvas.NewText("", colorLine)
		r.topLabels[f].Alignment = fyne.TextAlignCenter
		r.lowLabels[f].Alignment = fyne.TextAlignCenter
		r.topLabels[f].FontSource, r.lowLabels[f].FontSource = brushFace, brushFace
		r.topTurned[f] = &canvas.Image{FillMode: canvas.ImageFillContain}
		r.topTurned[f].Hide()
		r.objects = append(r.objects, r.topLabels[f], r.lowLabels[f], r.topTurned[f])
	}
	r.riverTurned = &canvas.Image{FillMode: canvas.ImageFillContain}
	r.riverTurned.Hide()
	r.objects = append(r.objects, r.riverTurned)
}

// boardLines lists every line of the board in view cells (the board is symmetric under a
// half turn, so the list does not depend on which side is at the bottom).
func boardLines() []gridLine {
	var ls []gridLine
	add := func(x1, y1, x2, y2, w float32) {
		ls = append(ls, gridLine{x1: x1, y1: y1, x2: x2, y2: y2, width: w})
	}
	const thin = 0.03
	for row := 0; row < Ranks; row++ {
		add(0, float32(row), Files-1, float32(row), thin)
	}
	for col := 0; col < Files; col++ {
		x := float32(col)
		if col == 0 || col == Files-1 {
			add(x, 0, x, Ranks-1, thin)
			continue
		}
		add(x, 0, x, 4, thin) // the river interrupts the inner files
		add(x, 5, x, 9, thin)
	}
	// Palace diagonals.
	add(3, 0, 5, 2, thin)
	add(5, 0, 3, 2, thin)
	add(3, 7, 5, 9, thin)
	add(5, 7, 3, 9, thin)
	// Position marks at the cannon and pawn points: small corners in each open quadrant.
	const gap, length = 0.08, 0.22
	points := [][2]int{{1, 2}, {7, 2}, {1, 7}, {7, 7}}
	for col := 0; col < Files; col += 2 {
		points = append(points, [2]int{col, 3}, [2]int{col, 6})
	}
	for _, p := range points {
		x, y := float32(p[0]), float32(p[1])
		for _, dx := range []float32{-1, 1} {
			if (p[0] == 0 && dx < 0) || (p[0] == Files-1 && dx > 0) {
				continue
			}
			for _, dy := range []float32{-1, 1} {
				cx, cy := x+dx*gap, y+dy*gap
				add(cx, cy, cx+dx*length, cy, thin)
				add(cx, cy, cx, cy+dy*length, thin)
			}
		}
	}
	return ls
}

func (r *boardRenderer) placeStatic() {
	g := r.geo
	r.background.Move(fyne.NewPos(0, 0))
	r.background.Resize(r.size)
	pad := 0.18 * g.cell
	tl := g.pointXY(0, 0)
	br := g.pointXY(Files-1, Ranks-1)
	r.frame.Move(fyne.NewPos(tl.X-pad, tl.Y-pad))
	r.frame.Resize(fyne.NewSize(br.X-tl.X+2*pad, br.Y-tl.Y+2*pad))
	r.frame.StrokeWidth = 0.07 * g.cell
	for _, l := range r.lines {
		l.line.Position1 = g.pointXY(l.x1, l.y1)
		l.line.Position2 = g.pointXY(l.x2, l.y2)
		l.line.StrokeWidth = max(1, l.width*g.cell)
	}
	for i, t := range r.river {
		t.TextSize = 0.55 * g.cell
		ts := t.MinSize()
		centerX := float32(2)
		if i == 1 {
			centerX = 6
		}
		c := g.pointXY(centerX, 4.5)
		t.Resize(fyne.NewSize(3*g.cell, ts.Height))
		t.Move(fyne.NewPos(c.X-1.5*g.cell, c.Y-ts.Height/2))
		if i == 1 {
			r.placeTurnable(t, r.riverTurned, c, r.shown.FaceToFace, true)
		}
	}
}

// placeTurnable shows t upright, or in its place the same text turned 180° when turn
// holds (and the font can draw it), centred on c; visible false hides both.
func (r *boardRenderer) placeTurnable(t *canvas.Text, img *canvas.Image, c fyne.Position, turn, visible bool) {
	turned := false
	if turn && visible {
		if ti, ok := r.art.Image(t.Text, t.Color, t.TextSize, true); ok {
			img.Image = ti.Image
			img.Resize(ti.Size)
			img.Move(fyne.NewPos(c.X-ti.Size.Width/2, c.Y-ti.Size.Height/2))
			turned = true
		}
	}
	setVisible(t, visible && !turned)
	setVisible(img, turned)
	canvas.Refresh(t)
	canvas.Refresh(img)
}

// applyPalette colours the board and its texts in the view's style.
func (r *boardRenderer) applyPalette() {
	pal := paletteFor(r.shown.Style)
	r.background.FillColor = pal.board
	r.frame.StrokeColor = pal.line
	for _, l := range r.lines {
		l.line.StrokeColor = pal.line
	}
	for _, t := range r.river {
		t.Color = pal.line
	}
	for f := range Files {
		r.topLabels[f].Color = pal.line
		r.lowLabels[f].Color = pal.line
	}
}

// placeLabels writes the file numbers: the bottom player's below the board, the other's above.
func (r *boardRenderer) placeLabels() {
	g := r.geo
	top := r.shown.TopSide()
	bottom := top.Opponent()
	for col := 0; col < Files; col++ {
		file := g.squareAt(col, 0).File()
		for _, lab := range []struct {
			t      *canvas.Text
			turned *canvas.Image
			side   rules.Color
			row    float32
		}{{r.topLabels[col], r.topTurned[col], top, -edgeMargin - coordBand/2 - 0.02}, {r.lowLabels[col], nil, bottom, Ranks - 1 + edgeMargin + coordBand/2 + 0.02}} {
			lab.t.Text = game.FileNumeral(lab.side, file)
			lab.t.TextSize = 0.34 * g.cell
			ts := lab.t.MinSize()
			c := g.pointXY(float32(col), lab.row)
			lab.t.Resize(fyne.NewSize(g.cell, ts.Height))
			lab.t.Move(fyne.NewPos(c.X-g.cell/2, c.Y-ts.Height/2))
			if lab.turned != nil {
				r.placeTurnable(lab.t, lab.turned, c, r.shown.FaceToFace, r.shown.Coords)
				continue
			}
			setVisible(lab.t, r.shown.Coords)
			canvas.Refresh(lab.t)
		}
	}
}
