package board

import (
	"image"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// renderBoard draws v alone in a window of the given size and compares it with a golden
// image in testdata.
func renderBoard(t *testing.T, v View, size fyne.Size, golden string) *Board {
	t.Helper()
	b := New(nil, nil)
	b.SetView(v)
	w := test.NewTempWindow(t, b)
	w.SetPadded(false)
	w.Resize(size)
	test.AssertRendersToImage(t, golden, w.Canvas())
	return b
}

// Each board style and piece set has its own golden image; the wood board with the
// calligraphy set is board_start.png.
func TestBoardRendersEachStyle(t *testing.T) {
	newTestApp(t)
	for _, c := range []struct {
		style  Style
		pieces PieceSet
		golden string
	}{
		{Plain, Calligraphy, "board_plain.png"},
		{Wood, Pictogram, "board_pictogram.png"},
		{Plain, Pictogram, "board_plain_pictogram.png"},
	} {
		t.Run(c.golden, func(t *testing.T) {
			v := startView()
			v.Style, v.PieceSet = c.style, c.pieces
			v.LastMove = mv(t, "h2e2")
			renderBoard(t, v, fyne.NewSize(405, 495), c.golden)
		})
	}
}

// Face-to-face, the upper side's characters, file numbers and half of the river's text
// are turned 180° to face the player across the board; with the board flipped, Red is
// the upper side.
func TestBoardRendersFaceToFace(t *testing.T) {
	newTestApp(t)
	v := startView()
	v.FaceToFace = true
	renderBoard(t, v, fyne.NewSize(405, 495), "board_face_to_face.png")
	v.PieceSet = Pictogram
	v.Flipped = true
	renderBoard(t, v, fyne.NewSize(405, 495), "board_face_to_face_pictogram_flipped.png")
}

// Which discs are drawn turned follows the side at the top, and only face-to-face.
func TestFaceToFaceTurnsTheUpperSide(t *testing.T) {
	newTestApp(t)
	for _, c := range []struct {
		faceToFace, flipped bool
		turned              rules.Color
		any                 bool
	}{
		{false, false, rules.Red, false},
		{true, false, rules.Black, true},
		{true, true, rules.Red, true},
	} {
		v := startView()
		v.FaceToFace, v.Flipped = c.faceToFace, c.flipped
		b := New(nil, nil)
		b.SetView(v)
		w := test.NewTempWindow(t, b)
		w.Resize(fyne.NewSize(270, 330))
		r := test.WidgetRenderer(b).(*boardRenderer)
		for s, d := range r.discAt {
			wantTurned := c.any && d.piece.Color() == c.turned
			if got := d.picture.Visible() && !d.label.Visible(); got != wantTurned {
				t.Fatalf("face-to-face %v flipped %v: disc on %v turned %v, want %v", c.faceToFace, c.flipped, s, got, wantTurned)
			}
			if wantTurned && d.picture.Image == nil {
				t.Fatalf("turned disc on %v has no image", s)
			}
		}
		if got := r.topTurned[0].Visible(); got != c.any {
			t.Fatalf("face-to-face %v: top file number turned %v", c.faceToFace, got)
		}
	}
}

// A turned text image is the upright one turned 180°, pixel for pixel.
func TestTurnedTextIsUprightTextTurned(t *testing.T) {
	art := newBrushArt()
	king := game.PieceChar(rules.MakePiece(rules.Black, rules.King))
	up, ok1 := art.Image(king, colorBlackPiece, 30, false)
	down, ok2 := art.Image(king, colorBlackPiece, 30, true)
	if !ok1 || !ok2 {
		t.Fatalf("the bundled font did not draw %s", king)
	}
	a, b := up.Image.(*image.NRGBA), down.Image.(*image.NRGBA)
	if a.Bounds().Size() != b.Bounds().Size() || up.Size != down.Size {
		t.Fatalf("sizes differ: %v %v", a.Bounds(), b.Bounds())
	}
	w, h := a.Bounds().Dx(), a.Bounds().Dy()
	inked := 0
	for y := range h {
		for x := range w {
			if a.NRGBAAt(x, y) != b.NRGBAAt(w-1-x, h-1-y) {
				t.Fatalf("pixel %d,%d is not the turned pixel", x, y)
			}
			if a.NRGBAAt(x, y).A > 0 {
				inked++
			}
		}
	}
	if inked < w*h/10 {
		t.Fatalf("only %d of %d pixels inked: the glyph was not drawn", inked, w*h)
	}
	// The glyph is not symmetric, so turning it changes it.
	if a.NRGBAAt(w/4, h/4) == b.NRGBAAt(w/4, h/4) && a.NRGBAAt(w/2, h/5) == b.NRGBAAt(w/2, h/5) &&
		a.NRGBAAt(w/5, h/2) == b.NRGBAAt(w/5, h/2) {
		t.Fatal("the turned image looks like the upright one")
	}
	// Images are kept per size; a new size after reset draws anew.
	if again, _ := art.Image(king, colorBlackPiece, 30, true); again.Image != down.Image {
		t.Fatal("the image was drawn again instead of kept")
	}
	art.Reset(2)
	if again, _ := art.Image(king, colorBlackPiece, 30, true); again.Image == down.Image {
		t.Fatal("reset kept the image")
	}
}

// Every piece type has a picture, and a turned picture differs from the upright one.
func TestEveryPieceHasAPictogram(t *testing.T) {
	ink, face := color.Black, color.White
	seen := map[string]rules.PieceType{}
	for pt := rules.PieceType(0); pt < rules.NumPieceTypes; pt++ {
		p := rules.MakePiece(rules.Red, pt)
		svg := string(pictogramSVG(p, ink, face, false))
		if len(svg) < 200 {
			t.Fatalf("piece type %d has no picture: %s", pt, svg)
		}
		if other, dup := seen[svg]; dup {
			t.Fatalf("piece types %d and %d share a picture", other, pt)
		}
		seen[svg] = pt
		if turned := string(pictogramSVG(p, ink, face, true)); turned == svg {
			t.Fatalf("piece type %d: the turned picture is the upright one", pt)
		}
	}
}

// The two sides' pictogram discs differ in face and ink, not just hue, on both boards.
func TestPictogramSidesContrast(t *testing.T) {
	for _, s := range []Style{Wood, Plain} {
		red := discColorsFor(s, Pictogram, rules.Red)
		black := discColorsFor(s, Pictogram, rules.Black)
		if lum(red.face)-lum(black.face) < 0.5 {
			t.Fatalf("style %v: red face %v and black face %v are too alike", s, red.face, black.face)
		}
		for _, c := range []discColors{red, black} {
			if d := lum(c.face) - lum(c.ink); d*d < 0.15 {
				t.Fatalf("style %v: ink %v on face %v is hard to read", s, c.ink, c.face)
			}
		}
	}
}

// lum is a colour's rough lightness from 0 to 1.
func lum(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	return (0.3*float64(r) + 0.59*float64(g) + 0.11*float64(b)) / 0xffff
}

// A disc that changes piece in place (a capture reuses the captured piece's disc) shows
// the new piece's picture: the board after the capture looks as a board drawn afresh.
func TestPictogramDiscsRedrawWhenReused(t *testing.T) {
	newTestApp(t)
	pos := rules.NewPosition()
	for _, m := range []string{"h2h9", "i9h9"} { // the cannon takes the horse, the rook takes back
		if !pos.MakeMove(mv(t, m)) {
			t.Fatalf("%s illegal", m)
		}
	}
	after := startView()
	after.SetPieces(pos)
	for _, turned := range []bool{false, true} {
		v := startView()
		v.PieceSet, v.FaceToFace = Pictogram, turned
		after.PieceSet, after.FaceToFace = Pictogram, turned
		size := fyne.NewSize(270, 330)

		played := New(nil, nil)
		played.SetView(v)
		w1 := test.NewTempWindow(t, played)
		w1.SetPadded(false)
		w1.Resize(size)
		w1.Canvas().Capture()
		played.SetView(after)
		got := w1.Canvas().Capture()

		fresh := New(nil, nil)
		fresh.SetView(after)
		w2 := test.NewTempWindow(t, fresh)
		w2.SetPadded(false)
		w2.Resize(size)
		want := w2.Canvas().Capture()
		b := got.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if got.At(x, y) != want.At(x, y) {
					t.Fatalf("face-to-face %v: pixel %d,%d differs after the capture", turned, x, y)
				}
			}
		}
	}
}
