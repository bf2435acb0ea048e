package board

import (
	"image"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/rules"
)

// Fyne's GL painter keeps one texture per *canvas.Image and uploads a new one only after
// canvas.Refresh of that image: an image given a new picture without a refresh goes on
// showing the old one on screen. The test driver's software painter has no such cache, so
// gpuApp adds it: textureApp records the refreshes, and gpuView paints as the GPU would.

type textureApp struct {
	fyne.App
	driver *textureDriver
}

func (a *textureApp) Driver() fyne.Driver { return a.driver }

type textureDriver struct {
	fyne.Driver
	textures map[*canvas.Image]image.Image // the picture each image's texture holds
}

func (d *textureDriver) CanvasForObject(o fyne.CanvasObject) fyne.Canvas {
	return textureCanvas{Canvas: d.Driver.CanvasForObject(o), textures: d.textures}
}

type textureCanvas struct {
	fyne.Canvas
	textures map[*canvas.Image]image.Image
}

// Refresh frees the texture, as the GL canvas does before its next frame.
func (c textureCanvas) Refresh(o fyne.CanvasObject) {
	if img, ok := o.(*canvas.Image); ok {
		delete(c.textures, img)
	}
	c.Canvas.Refresh(o)
}

// gpuApp is a test app whose canvas.Refresh calls are seen by a texture cache.
func gpuApp(t *testing.T) *textureDriver {
	t.Helper()
	a := newTestApp(t)
	d := &textureDriver{Driver: a.Driver(), textures: map[*canvas.Image]image.Image{}}
	fyne.SetCurrentApp(&textureApp{App: a, driver: d})
	t.Cleanup(func() { fyne.SetCurrentApp(a) })
	return d
}

// paint uploads a texture for every shown image that has none, as a GL frame does.
func (d *textureDriver) paint(b *Board) {
	for _, o := range test.WidgetRenderer(b).Objects() {
		if img, ok := o.(*canvas.Image); ok && img.Visible() {
			if _, ok := d.textures[img]; !ok {
				d.textures[img] = img.Image
			}
		}
	}
}

// gpuCapture is the window as the GL painter would draw it: every image shows its texture.
func (d *textureDriver) gpuCapture(w fyne.Window, b *Board) image.Image {
	d.paint(b)
	var restore []func()
	for _, o := range test.WidgetRenderer(b).Objects() {
		if img, ok := o.(*canvas.Image); ok && img.Visible() && d.textures[img] != img.Image {
			img, now := img, img.Image
			img.Image = d.textures[img]
			restore = append(restore, func() { img.Image = now })
		}
	}
	defer func() {
		for _, r := range restore {
			r()
		}
	}()
	return w.Canvas().Capture()
}

// Issue 35 item 1: with the picture pieces, New game as Black, the engine's first move
// (相三进五) and then a change of the board's height that keeps its width (the status
// line below it grows) showed three pieces' pictures on the wrong points: the layout
// gave the discs to the pieces afresh and their images changed without a refresh.
func TestPictogramsRightOnScreenAfterRelayout(t *testing.T) {
	gpu := gpuApp(t)
	v := startView()
	v.PieceSet, v.Flipped = Pictogram, true
	b := New(nil, nil)
	b.SetView(v)
	w := test.NewTempWindow(t, b)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(300, 380))
	gpu.paint(b)

	pos := rules.NewPosition()
	m := mv(t, "g0e2")
	if !pos.MakeMove(m) {
		t.Fatal("g0e2 illegal")
	}
	v.SetPieces(pos)
	v.LastMove = m
	b.SetView(v)
	gpu.paint(b)
	w.Resize(fyne.NewSize(300, 400)) // taller, same width: the same cell size
	got := gpu.gpuCapture(w, b)

	fresh := New(nil, nil)
	fresh.SetView(v)
	w2 := test.NewTempWindow(t, fresh)
	w2.SetPadded(false)
	w2.Resize(fyne.NewSize(300, 400))
	want := w2.Canvas().Capture()
	if d := differingPixels(got, want); d > 0 {
		t.Errorf("%d pixels differ from a board drawn afresh: a piece's picture is stale", d)
	}
}

func differingPixels(a, b image.Image) int {
	n := 0
	r := a.Bounds()
	if r != b.Bounds() {
		return r.Dx() * r.Dy()
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				n++
			}
		}
	}
	return n
}
