package board

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// boardRenderer draws the board's view. Its canvas objects are made once, grouped by
// concern (lines.go, marks.go, discs.go, arrows.go), and placed again only where the view
// or the size changed.
type boardRenderer struct {
	board *Board
	geo   geometry
	size  fyne.Size
	shown View // the view as drawn

	art      *TextArt
	pictures *pictogramArt

	lineObjects
	markObjects
	discObjects
	arrows [maxArrows]*arrowShape

	objects []fyne.CanvasObject // back to front
}

func newBoardRenderer(b *Board) *boardRenderer {
	r := &boardRenderer{board: b, art: newBrushArt(), pictures: newPictogramArt()}
	r.addLines()
	r.addMarksUnder()
	r.addDiscs()
	r.addMarksOver()
	r.addArrows()
	return r
}

func (r *boardRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *boardRenderer) Destroy() { r.stopSlides() }

func (r *boardRenderer) MinSize() fyne.Size { return r.board.MinSize() }

// Layout places everything for a new size.
func (r *boardRenderer) Layout(size fyne.Size) {
	r.size = size
	r.shown = r.board.view
	r.geo = newGeometry(size, r.shown.Flipped)
	scale := PixelScale(r.board)
	r.art.Reset(scale)
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

// repaint makes the window draw the board again. A canvas learns which objects it holds
// only when it paints them, and canvas.Refresh of an object it has not painted yet (a
// mark or a disc hidden until now) finds no canvas and is dropped: such a change would
// stay unseen until something else was redrawn. That is why a selection ring once did not
// appear after a tap and a slide once stopped short of its point (the board had a
// "settle" timer for it). Refreshing the background, always painted, marks the canvas.
func (r *boardRenderer) repaint() { canvas.Refresh(r.background) }

// setVisible shows or hides o, leaving it alone when it is so already.
func setVisible(o fyne.CanvasObject, on bool) {
	if on != o.Visible() {
		if on {
			o.Show()
		} else {
			o.Hide()
		}
	}
}

func placeCircle(c *canvas.Circle, center fyne.Position, r float32) {
	c.Position1 = fyne.NewPos(center.X-r, center.Y-r)
	c.Position2 = fyne.NewPos(center.X+r, center.Y+r)
}
