package board

import (
	"math"

	"fyne.io/fyne/v2"
	"github.com/xqfyne/xiangqi/rules"
)

// Board proportions in units of one grid cell (the distance between two adjacent points).
// The 9x10 points span 8x9 cells; a margin of half a cell plus a band for the coordinates
// leaves room for the pieces on the edge points.
const (
	Files        = 9    // points across the board
	Ranks        = 10   // points from one side's back rank to the other's
	edgeMargin   = 0.62 // cells between the outer points and the widget edge, left/right
	coordBand    = 0.45 // extra cells above and below the board for the file numbers
	pieceRadius  = 0.46 // in cells
	hitTolerance = 0.5  // a tap within this many cells of a point selects it
	minCell      = 26   // a cell at the board's least size, in Fyne units: usable on a small phone
)

// geometry maps board points to widget pixels for one widget size and orientation.
// flipped means Black sits at the bottom.
type geometry struct {
	origin  fyne.Position // pixel of the top-left point of the grid as drawn
	cell    float32
	flipped bool
}

// Aspect returns width/height of the whole drawing, coordinate bands included, for
// layouts that give the board its room.
func Aspect() float32 {
	w := float32(Files-1) + 2*edgeMargin
	h := float32(Ranks-1) + 2*edgeMargin + 2*coordBand
	return w / h
}

// newGeometry fits the board into size, keeping its proportions and centring it.
func newGeometry(size fyne.Size, flipped bool) geometry {
	unitsW := float32(Files-1) + 2*edgeMargin
	unitsH := float32(Ranks-1) + 2*edgeMargin + 2*coordBand
	cell := float32(math.Min(float64(size.Width/unitsW), float64(size.Height/unitsH)))
	if cell < 1 {
		cell = 1
	}
	drawnW, drawnH := cell*unitsW, cell*unitsH
	left := (size.Width - drawnW) / 2
	top := (size.Height - drawnH) / 2
	return geometry{
		origin:  fyne.NewPos(left+edgeMargin*cell, top+(edgeMargin+coordBand)*cell),
		cell:    cell,
		flipped: flipped,
	}
}

// column and row of a point as drawn (0,0 top-left).
func (g geometry) viewCell(sq rules.Square) (col, row int) {
	if g.flipped {
		return Files - 1 - sq.File(), sq.Rank()
	}
	return sq.File(), Ranks - 1 - sq.Rank()
}

func (g geometry) squareAt(col, row int) rules.Square {
	if g.flipped {
		return rules.Sq(Files-1-col, row)
	}
	return rules.Sq(col, Ranks-1-row)
}

// pointXY is the pixel position of a grid intersection given in view cells.
func (g geometry) pointXY(col, row float32) fyne.Position {
	return fyne.NewPos(g.origin.X+col*g.cell, g.origin.Y+row*g.cell)
}

// center returns the pixel position of a board point.
func (g geometry) center(sq rules.Square) fyne.Position {
	col, row := g.viewCell(sq)
	return g.pointXY(float32(col), float32(row))
}

// hit returns the board point nearest to pos, if pos lies close enough to one.
func (g geometry) hit(pos fyne.Position) (rules.Square, bool) {
	fc := (pos.X - g.origin.X) / g.cell
	fr := (pos.Y - g.origin.Y) / g.cell
	col := int(math.Round(float64(fc)))
	row := int(math.Round(float64(fr)))
	if col < 0 || col >= Files || row < 0 || row >= Ranks {
		return 0, false
	}
	dx, dy := fc-float32(col), fr-float32(row)
	if dx*dx+dy*dy > hitTolerance*hitTolerance {
		return 0, false
	}
	return g.squareAt(col, row), true
}
