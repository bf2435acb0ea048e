package board

import (
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"github.com/xqfyne/xiangqi/rules"
)

func TestGeometryHitsEveryPointInBothOrientations(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 400, Height: 720}, {Width: 1200, Height: 500}, {Width: 90, Height: 100}} {
		for _, flipped := range []bool{false, true} {
			g := newGeometry(size, flipped)
			for rank := 0; rank < Ranks; rank++ {
				for file := 0; file < Files; file++ {
					s := rules.Sq(file, rank)
					c := g.center(s)
					if got, ok := g.hit(c); !ok || got != s {
						t.Fatalf("size %v flipped %v: hit(center(%v)) = %v %v", size, flipped, s, got, ok)
					}
					near := fyne.NewPos(c.X+0.4*g.cell, c.Y)
					if got, ok := g.hit(near); !ok || got != s {
						t.Fatalf("a tap 0.4 cell right of %v missed it", s)
					}
				}
			}
		}
	}
}

func TestGeometryKeepsProportionsAndOrientation(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 400, Height: 720}, {Width: 1200, Height: 500}} {
		g := newGeometry(size, false)
		a1, i1 := g.center(rules.Sq(0, 0)), g.center(rules.Sq(8, 0))
		a10 := g.center(rules.Sq(0, 9))
		w, h := i1.X-a1.X, a1.Y-a10.Y
		if math.Abs(float64(w/h)-8.0/9.0) > 1e-4 {
			t.Fatalf("size %v: grid %vx%v is not 8:9", size, w, h)
		}
		if a1.Y <= a10.Y {
			t.Fatal("Red's back rank is not at the bottom")
		}
		// The drawing fits inside the widget.
		if a1.X-edgeMargin*g.cell < -0.01 || i1.X+edgeMargin*g.cell > size.Width+0.01 ||
			a10.Y-(edgeMargin+coordBand)*g.cell < -0.01 || a1.Y+(edgeMargin+coordBand)*g.cell > size.Height+0.01 {
			t.Fatalf("size %v: board drawn outside the widget", size)
		}
		f := newGeometry(size, true)
		if fa := f.center(rules.Sq(0, 0)); fa.Y >= f.center(rules.Sq(0, 9)).Y || fa.X <= f.center(rules.Sq(8, 0)).X {
			t.Fatal("flipped board does not put Red's a-file corner at the top right")
		}
	}
}

func TestTapOutsideBoardIsIgnored(t *testing.T) {
	g := newGeometry(fyne.NewSize(400, 720), false)
	if _, ok := g.hit(fyne.NewPos(1, 1)); ok {
		t.Fatal("a tap in the corner margin hit a point")
	}
	if _, ok := g.hit(fyne.NewPos(200, 715)); ok {
		t.Fatal("a tap below the board hit a point")
	}
}
