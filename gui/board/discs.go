package board

import (
	"image"
	"image/color"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

const (
	moveAnimation = 180 * time.Millisecond
	maxPieces     = 32
)

// disc is the drawing of one piece.
type disc struct {
	shadow, body, ring *canvas.Circle
	label              *canvas.Text  // the upright character
	picture            *canvas.Image // a pictogram, or a character turned to face the upper player
	piece              rules.Piece
	look               pieceLook
	art                *TextArt      // the renderer's, for turned characters
	pictures           *pictogramArt // the renderer's
	anim               *fyne.Animation
}

// pieceLook is how a disc is drawn besides its piece: colours, and which drawing it shows.
type pieceLook struct {
	colors    discColors
	pictogram bool
	turned    bool
}

func newDisc(art *TextArt, pictures *pictogramArt) *disc {
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
	d.label.FontSource = brushFace
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
			d.setPicture(img)
			d.picture.Resize(fyne.NewSize(2*r, 2*r))
			d.picture.Move(fyne.NewPos(c.X-r, c.Y-r))
		} else {
			upright = true
		}
	case d.look.turned:
		if ti, ok := d.art.Image(d.label.Text, d.label.Color, d.label.TextSize, true); ok {
			d.setPicture(ti.Image)
			d.picture.Resize(ti.Size)
			d.picture.Move(fyne.NewPos(c.X-ti.Size.Width/2, c.Y-ti.Size.Height/2))
			upright = false
		}
	}
	setVisible(d.label, upright)
	setVisible(d.picture, !upright)
}

// setPicture gives the picture a new image. Fyne's GL painter keeps the texture it made
// of an image until that image is refreshed, and a layout (a new height with the same
// cell size, say) gives discs to pieces afresh without refreshing them: without this the
// screen showed a piece's old picture on another piece's point (issue 35).
func (d *disc) setPicture(img image.Image) {
	if d.picture.Image != img {
		d.picture.Image = img
		canvas.Refresh(d.picture)
	}
}

func (d *disc) refresh() {
	for _, o := range d.objects() {
		canvas.Refresh(o)
	}
}

// discObjects are the pieces' drawings: one disc for each piece there can be, the spare
// ones hidden.
type discObjects struct {
	discs   [maxPieces]*disc
	discAt  map[rules.Square]*disc
	dragged *disc // the disc following the pointer, if any
}

// addDiscs makes the discs, hidden, drawn over the lines and the marks under the pieces.
func (r *boardRenderer) addDiscs() {
	r.discAt = map[rules.Square]*disc{}
	for i := range r.discs {
		r.discs[i] = newDisc(r.art, r.pictures)
		r.objects = append(r.objects, r.discs[i].objects()...)
	}
}

// stopSlides stops every disc's slide.
func (r *boardRenderer) stopSlides() {
	for _, d := range r.discs {
		if d.anim != nil {
			d.anim.Stop()
		}
	}
}

// lookFor is how p is drawn in the view's style.
func (r *boardRenderer) lookFor(p rules.Piece) pieceLook {
	v := r.shown
	return pieceLook{
		colors:    discColorsFor(v.Style, v.PieceSet, p.Color()),
		pictogram: v.PieceSet == Pictogram,
		turned:    v.FaceToFace && p.Color() == v.TopSide(),
	}
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
		sq := rules.Sq(i%Files, i/Files)
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
func (r *boardRenderer) updatePieces(old, cur *View) {
	var changed []rules.Square
	for i := range cur.Pieces {
		if cur.Pieces[i] != old.Pieces[i] {
			changed = append(changed, rules.Sq(i%Files, i/Files))
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
