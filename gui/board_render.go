package gui

import (
	"image/color"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

const (
	moveAnimation = 180 * time.Millisecond
	maxPieces     = 32
	maxTargets    = 20 // a rook in the open reaches at most 17 points
	maxCulprits   = 8  // more pieces than take part in any repetition
)

// gridLine is a board line given in view cells, so that it can be laid out at any size.
type gridLine struct {
	line           *canvas.Line
	x1, y1, x2, y2 float32
	width          float32 // in cells
}

// disc is the drawing of one piece.
type disc struct {
	shadow, body, ring *canvas.Circle
	label              *canvas.Text  // the upright character
	picture            *canvas.Image // a pictogram, or a character turned to face the upper player
	piece              rules.Piece
	look               pieceLook
	art                *textArt      // the renderer's, for turned characters
	pictures           *pictogramArt // the renderer's
	anim               *fyne.Animation
}

// pieceLook is how a disc is drawn besides its piece: colours, and which drawing it shows.
type pieceLook struct {
	colors    discColors
	pictogram bool
	turned    bool
}

func newDisc(art *textArt, pictures *pictogramArt) *disc {
	d := &disc{
		shadow:   canvas.NewCircle(colorDiscShadow),
		body:     canvas.NewCircle(colorDiscFace),
		ring:     canvas.NewCircle(color.Transparent),
		label:    canvas.NewText("", colorRedPiece),
		picture:  &canvas.Image{FillMode: canvas.ImageFillContain},
		art:      art,
		pictures: pictures,
	}
	d.body.StrokeColor = colorDiscEdge
	d.label.Alignment = fyne.TextAlignCenter
	d.label.TextStyle = fyne.TextStyle{}
	d.hide()
	return d
}

func (d *disc) objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{d.shadow, d.body, d.ring, d.label, d.picture}
}

func (d *disc) hide() {
	for _, o := range d.objects() {
		o.Hide()
	}
}

func (d *disc) setPiece(p rules.Piece, look pieceLook) {
	d.piece, d.look = p, look
	c := look.colors
	d.label.Text = game.PieceChar(p)
	d.label.Color = c.ink
	d.ring.StrokeColor = c.ink
	d.shadow.FillColor = c.shadow
	d.body.FillColor, d.body.StrokeColor = c.face, c.edge
	for _, o := range []fyne.CanvasObject{d.shadow, d.body, d.ring} {
		o.Show()
	}
}

// place draws the disc centred on c for a board with the given cell size.
func (d *disc) place(c fyne.Position, cell float32) {
	r := pieceRadius * cell
	off := 0.05 * cell
	placeCircle(d.shadow, fyne.NewPos(c.X+off, c.Y+off*1.3), r)
	placeCircle(d.body, c, r)
	d.body.StrokeWidth = 0.05 * cell
	placeCircle(d.ring, c, r*0.8)
	d.ring.StrokeWidth = 0.035 * cell
	d.label.TextSize = 0.66 * cell
	ts := d.label.MinSize()
	d.label.Resize(fyne.NewSize(2*r, ts.Height))
	d.label.Move(fyne.NewPos(c.X-r, c.Y-ts.Height/2))
	upright := !d.look.pictogram
	switch {
	case d.look.pictogram:
		if img := d.pictures.image(d.piece, d.look.colors.ink, d.look.colors.face, d.look.turned, 2*r); img != nil {
			d.picture.Image = img
			d.picture.Resize(fyne.NewSize(2*r, 2*r))
			d.picture.Move(fyne.NewPos(c.X-r, c.Y-r))
		} else {
			upright = true
		}
	case d.look.turned:
		if ti, ok := d.art.image(d.label.Text, d.label.Color, d.label.TextSize, true); ok {
			d.picture.Image = ti.img
			d.picture.Resize(ti.size)
			d.picture.Move(fyne.NewPos(c.X-ti.size.Width/2, c.Y-ti.size.Height/2))
			upright = false
		}
	}
	showIf(upright, d.label)
	showIf(!upright, d.picture)
}

func (d *disc) refresh() {
	for _, o := range d.objects() {
		canvas.Refresh(o)
	}
}

func placeCircle(c *canvas.Circle, center fyne.Position, r float32) {
	c.Position1 = fyne.NewPos(center.X-r, center.Y-r)
	c.Position2 = fyne.NewPos(center.X+r, center.Y+r)
}

func placeSquareMark(rect *canvas.Rectangle, center fyne.Position, cell float32) {
	half := 0.5 * cell
	rect.Move(fyne.NewPos(center.X-half, center.Y-half))
	rect.Resize(fyne.NewSize(2*half, 2*half))
	rect.StrokeWidth = 0.05 * cell
	rect.CornerRadius = 0.12 * cell
}

type boardRenderer struct {
	board *BoardWidget
	geo   geometry
	size  fyne.Size
	shown BoardView

	background *canvas.Rectangle
	frame      *canvas.Rectangle
	lines      []gridLine
	river      [2]*canvas.Text
	topLabels  [boardFiles]*canvas.Text
	lowLabels  [boardFiles]*canvas.Text
	// The upper side's texts turned to face them (face-to-face): file numbers and the
	// river's second half.
	topTurned   [boardFiles]*canvas.Image
	riverTurned *canvas.Image
	art         *textArt
	pictures    *pictogramArt

	lastFrom, lastTo *canvas.Rectangle
	hintFrom, hintTo *canvas.Rectangle
	hintLine         *canvas.Line
	checkGlow        *canvas.Circle
	discs            [maxPieces]*disc
	discAt           map[rules.Square]*disc
	selection        *canvas.Circle
	reject           *canvas.Circle
	dots             [maxTargets]*canvas.Circle
	culprits         [maxCulprits]*canvas.Circle
	victim           *canvas.Circle
	dragged          *disc // the disc following the pointer, if any
	arrows           [maxArrows]*arrowShape

	objects []fyne.CanvasObject
}

func newBoardRenderer(b *BoardWidget) *boardRenderer {
	r := &boardRenderer{board: b, discAt: map[rules.Square]*disc{}, art: newTextArt(), pictures: newPictogramArt()}
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
		r.objects = append(r.objects, r.river[i])
	}
	for f := 0; f < boardFiles; f++ {
		r.topLabels[f] = canvas.NewText("", colorLine)
		r.lowLabels[f] = canvas.NewText("", colorLine)
		r.topLabels[f].Alignment = fyne.TextAlignCenter
		r.lowLabels[f].Alignment = fyne.TextAlignCenter
		r.topTurned[f] = &canvas.Image{FillMode: canvas.ImageFillContain}
		r.topTurned[f].Hide()
		r.objects = append(r.objects, r.topLabels[f], r.lowLabels[f], r.topTurned[f])
	}
	r.riverTurned = &canvas.Image{FillMode: canvas.ImageFillContain}
	r.riverTurned.Hide()
	r.objects = append(r.objects, r.riverTurned)

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

	for i := range r.discs {
		r.discs[i] = newDisc(r.art, r.pictures)
		r.objects = append(r.objects, r.discs[i].objects()...)
	}
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
	for i := range r.arrows {
		r.arrows[i] = newArrowShape()
		r.objects = append(r.objects, r.arrows[i].objects()...)
	}
	return r
}

// boardLines lists every line of the board in view cells (the board is symmetric under a
// half turn, so the list does not depend on which side is at the bottom).
func boardLines() []gridLine {
	var ls []gridLine
	add := func(x1, y1, x2, y2, w float32) {
		ls = append(ls, gridLine{x1: x1, y1: y1, x2: x2, y2: y2, width: w})
	}
	const thin = 0.03
	for row := 0; row < boardRanks; row++ {
		add(0, float32(row), boardFiles-1, float32(row), thin)
	}
	for col := 0; col < boardFiles; col++ {
		x := float32(col)
		if col == 0 || col == boardFiles-1 {
			add(x, 0, x, boardRanks-1, thin)
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
	for col := 0; col < boardFiles; col += 2 {
		points = append(points, [2]int{col, 3}, [2]int{col, 6})
	}
	for _, p := range points {
		x, y := float32(p[0]), float32(p[1])
		for _, dx := range []float32{-1, 1} {
			if (p[0] == 0 && dx < 0) || (p[0] == boardFiles-1 && dx > 0) {
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

func (r *boardRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *boardRenderer) Destroy() {
	for _, d := range r.discs {
		if d.anim != nil {
			d.anim.Stop()
		}
	}
}

func (r *boardRenderer) MinSize() fyne.Size { return r.board.MinSize() }

// Layout places everything for a new size.
func (r *boardRenderer) Layout(size fyne.Size) {
	r.size = size
	r.shown = r.board.view
	r.geo = newGeometry(size, r.shown.Flipped)
	scale := pixelScale(r.board)
	r.art.reset(scale)
	r.pictures.reset(scale)
	r.applyPalette()
	r.placeStatic()
	r.placeLabels()
	r.placeAllPieces()
	r.placeMarks()
	r.placeTargets()
	r.placeCulprits()
	r.placeArrows()
}

// Refresh redraws only what changed since the last drawing.
func (r *boardRenderer) Refresh() {
	defer r.repaint()
	v := r.board.view
	old := r.shown
	if r.size != r.board.Size() || v.Flipped != old.Flipped || v.Style != old.Style ||
		v.PieceSet != old.PieceSet || v.FaceToFace != old.FaceToFace {
		r.Layout(r.board.Size())
		for _, o := range r.objects {
			canvas.Refresh(o)
		}
		return
	}
	r.shown = v
	if v.Coords != old.Coords {
		r.placeLabels()
	}
	if v.Pieces != old.Pieces {
		r.updatePieces(&old, &v)
	}
	if v.LastMove != old.LastMove || v.Hint != old.Hint || v.Check != old.Check ||
		v.Selected != old.Selected || v.Rejected != old.Rejected {
		r.placeMarks()
	}
	if !slices.Equal(v.Targets, old.Targets) {
		r.placeTargets()
	}
	if !slices.Equal(v.Culprits, old.Culprits) || v.Victim != old.Victim {
		r.placeCulprits()
	}
	if !slices.Equal(v.Arrows, old.Arrows) {
		r.placeArrows()
	}
	r.followDrag()
}

// followDrag moves the dragged disc to the pointer, and puts it back when the drag ends.
func (r *boardRenderer) followDrag() {
	drag := r.shown.Drag
	if drag.Active {
		if d := r.discAt[drag.From]; d != nil {
			r.dragged = d
			d.place(drag.Pos, r.geo.cell)
			d.refresh()
		}
		return
	}
	if r.dragged == nil {
		return
	}
	for sq, d := range r.discAt {
		if d == r.dragged {
			d.place(r.geo.center(sq), r.geo.cell)
			d.refresh()
		}
	}
	r.dragged = nil
}

func (r *boardRenderer) placeStatic() {
	g := r.geo
	r.background.Move(fyne.NewPos(0, 0))
	r.background.Resize(r.size)
	pad := 0.18 * g.cell
	tl := g.pointXY(0, 0)
	br := g.pointXY(boardFiles-1, boardRanks-1)
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
		if ti, ok := r.art.image(t.Text, t.Color, t.TextSize, true); ok {
			img.Image = ti.img
			img.Resize(ti.size)
			img.Move(fyne.NewPos(c.X-ti.size.Width/2, c.Y-ti.size.Height/2))
			turned = true
		}
	}
	showIf(visible && !turned, t)
	showIf(turned, img)
	canvas.Refresh(t)
	canvas.Refresh(img)
}

// topSide is the side whose pieces are at the top of the board.
func (r *boardRenderer) topSide() rules.Color {
	if r.shown.Flipped {
		return rules.Red
	}
	return rules.Black
}

// lookFor is how p is drawn in the view's style.
func (r *boardRenderer) lookFor(p rules.Piece) pieceLook {
	v := r.shown
	return pieceLook{
		colors:    discColorsFor(v.Style, v.PieceSet, p.Color()),
		pictogram: v.PieceSet == play.PictogramPieces,
		turned:    v.FaceToFace && p.Color() == r.topSide(),
	}
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
	for f := range boardFiles {
		r.topLabels[f].Color = pal.line
		r.lowLabels[f].Color = pal.line
	}
}

// placeLabels writes the file numbers: the bottom player's below the board, the other's above.
func (r *boardRenderer) placeLabels() {
	g := r.geo
	top := r.topSide()
	bottom := top.Opponent()
	for col := 0; col < boardFiles; col++ {
		file := g.squareAt(col, 0).File()
		for _, lab := range []struct {
			t      *canvas.Text
			turned *canvas.Image
			side   rules.Color
			row    float32
		}{{r.topLabels[col], r.topTurned[col], top, -edgeMargin - coordBand/2 - 0.02}, {r.lowLabels[col], nil, bottom, boardRanks - 1 + edgeMargin + coordBand/2 + 0.02}} {
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
			showIf(r.shown.Coords, lab.t)
			canvas.Refresh(lab.t)
		}
	}
}

// placeAllPieces assigns discs to pieces from scratch.
func (r *boardRenderer) placeAllPieces() {
	for sq, d := range r.discAt {
		if d.anim != nil {
			d.anim.Stop()
			d.anim = nil
		}
		delete(r.discAt, sq)
	}
	next := 0
	for i, p := range r.shown.Pieces {
		if p == rules.NoPiece || next == len(r.discs) {
			continue
		}
		sq := rules.Sq(i%boardFiles, i/boardFiles)
		d := r.discs[next]
		next++
		d.setPiece(p, r.lookFor(p))
		d.place(r.geo.center(sq), r.geo.cell)
		r.discAt[sq] = d
	}
	for ; next < len(r.discs); next++ {
		r.discs[next].hide()
	}
}

// updatePieces redraws only the points whose piece changed, sliding a piece that moved.
func (r *boardRenderer) updatePieces(old, cur *BoardView) {
	var changed []rules.Square
	for i := range cur.Pieces {
		if cur.Pieces[i] != old.Pieces[i] {
			changed = append(changed, rules.Sq(i%boardFiles, i/boardFiles))
		}
	}
	// A single piece that left one changed point and arrived on another is animated.
	var from, to rules.Square
	movers := 0
	for _, dst := range changed {
		p := cur.PieceAt(dst)
		if p == rules.NoPiece {
			continue
		}
		for _, src := range changed {
			if src != dst && old.PieceAt(src) == p && cur.PieceAt(src) != p {
				from, to = src, dst
				movers++
			}
		}
	}
	var free []*disc
	for _, sq := range changed {
		if d, ok := r.discAt[sq]; ok {
			delete(r.discAt, sq)
			free = append(free, d)
		}
	}
	inUse := map[*disc]bool{}
	for _, d := range r.discAt {
		inUse[d] = true
	}
	for _, d := range r.discs {
		if !inUse[d] && !slices.Contains(free, d) {
			free = append(free, d)
		}
	}
	take := func(p rules.Piece) *disc {
		for i, d := range free {
			if d.piece == p || i == len(free)-1 {
				free = append(free[:i], free[i+1:]...)
				return d
			}
		}
		return nil
	}
	for _, sq := range changed {
		p := cur.PieceAt(sq)
		if p == rules.NoPiece || len(free) == 0 {
			continue
		}
		d := take(p)
		d.setPiece(p, r.lookFor(p))
		r.discAt[sq] = d
		if movers == 1 && sq == to && cur.Animate == rules.NewMove(from, to) {
			r.slide(d, r.geo.center(from), r.geo.center(to))
		} else {
			d.place(r.geo.center(sq), r.geo.cell)
			d.refresh()
		}
	}
	for _, d := range free {
		if d.anim != nil {
			d.anim.Stop()
			d.anim = nil
		}
		d.hide()
		d.refresh()
	}
}

// repaint makes the window draw the board again. A canvas learns which objects it holds
// only when it paints them, and canvas.Refresh of an object it has not painted yet (a
// mark or a disc hidden until now) finds no canvas and is dropped: such a change would
// stay unseen until something else was redrawn. That is why a selection ring once did not
// appear after a tap and a slide once stopped short of its point (the board had a
// "settle" timer for it). Refreshing the background, always painted, marks the canvas.
func (r *boardRenderer) repaint() { canvas.Refresh(r.background) }

// slide moves a disc from a to b over a short animation. Fyne's animation runner always
// ends an animation with a last tick at 1 unless it is stopped (tickAnimation in
// fyne/internal/animation/runner.go), every Stop in this renderer puts the disc where its
// view says, and each tick repaints, so no disc is left between two points.
func (r *boardRenderer) slide(d *disc, a, b fyne.Position) {
	if d.anim != nil {
		d.anim.Stop()
	}
	cell := r.geo.cell
	d.anim = fyne.NewAnimation(moveAnimation, func(f float32) {
		d.place(fyne.NewPos(a.X+(b.X-a.X)*f, a.Y+(b.Y-a.Y)*f), cell)
		d.refresh()
		r.repaint()
	})
	d.place(a, cell)
	d.refresh()
	d.anim.Start()
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
