package board

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/xqfyne/xiangqi/resources"
)

// Fyne draws text only upright, so the texts that face the upper player across the board
// (their pieces' characters and their file numbers, face-to-face) are drawn here into
// images with a bundled font and turned 180°.

// brushFace is the calligraphic face of the pieces' characters and the board's labels; the
// app's controls use a plain sans face (the theme's font).
var brushFace = fyne.NewStaticResource("ukai-subset.ttf", resources.BrushFontBytes())

// PixelScale is how many screen pixels o's canvas has per Fyne unit, so that an image
// drawn here is as sharp as Fyne's own drawing; 2 when o is on no canvas yet.
func PixelScale(o fyne.CanvasObject) float32 {
	if a := fyne.CurrentApp(); a != nil {
		if c := a.Driver().CanvasForObject(o); c != nil && c.Scale() > 0 {
			return max(c.Scale(), 1)
		}
	}
	return 2
}

// textImageKey is everything a text image depends on.
type textImageKey struct {
	text   string
	ink    color.NRGBA
	px     int // font size in image pixels
	turned bool
}

// TextImage is a text drawn into an image, cropped to its ink; Size is its size in Fyne
// units.
type TextImage struct {
	Image image.Image
	Size  fyne.Size
}

// TextArt draws text images and keeps them for the size the board has now; it belongs to
// one board renderer, whose Layout forgets the images of the previous size, or to one
// other widget that turns its text (the app's status line, face-to-face).
type TextArt struct {
	data   []byte // the font file
	font   *opentype.Font
	latin  *opentype.Font // Fyne's sans face, for the letters the bundled font leaves out
	broken bool           // the font could not be read: texts stay upright rather than vanish
	scale  float32        // image pixels per Fyne unit
	faces  map[int]font.Face
	images map[textImageKey]TextImage
}

// NewTextArt returns a TextArt that draws with the font in fontData (OpenType or
// TrueType), 2 image pixels per Fyne unit until Reset.
func NewTextArt(fontData []byte) *TextArt {
	return &TextArt{data: fontData, faces: map[int]font.Face{}, images: map[textImageKey]TextImage{}, scale: 2}
}

// newBrushArt is a TextArt in the pieces' brush face.
func newBrushArt() *TextArt { return NewTextArt(resources.BrushFontBytes()) }

// Reset forgets every image and face, e.g. when the board's size changes, and draws the
// next ones with scale image pixels per Fyne unit.
func (a *TextArt) Reset(scale float32) {
	a.scale = scale
	for _, f := range a.faces {
		f.Close()
	}
	clear(a.faces)
	clear(a.images)
}

// face returns the font at px pixels, reading the font on first use.
func (a *TextArt) face(px int) (font.Face, bool) {
	if a.font == nil && !a.broken {
		f, err := opentype.Parse(a.data)
		if err != nil {
			fyne.LogError("reading the bundled font for turned text", err)
			a.broken = true
			return nil, false
		}
		a.font = f
		// The brush face has no ASCII, so turned Latin text needs Fyne's sans face too.
		if l, err := opentype.Parse(theme.DefaultTextFont().Content()); err == nil {
			a.latin = l
		}
	}
	if a.broken {
		return nil, false
	}
	if f, ok := a.faces[px]; ok {
		return f, true
	}
	f, err := opentype.NewFace(a.font, &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		fyne.LogError("sizing the bundled font for turned text", err)
		return nil, false
	}
	var face font.Face = f
	if a.latin != nil {
		if l, err := opentype.NewFace(a.latin, &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingNone}); err == nil {
			face = fallbackFace{Face: f, latin: l}
		}
	}
	a.faces[px] = face
	return face, true
}

// fallbackFace draws each rune with the bundled face when it has the glyph, else with the
// Latin face, as Fyne's own text does.
type fallbackFace struct {
	font.Face // the bundled face: metrics and the glyphs it has
	latin     font.Face
}

func (f fallbackFace) pick(r rune) font.Face {
	if _, ok := f.Face.GlyphAdvance(r); ok {
		return f.Face
	}
	return f.latin
}

func (f fallbackFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	return f.pick(r).Glyph(dot, r)
}

func (f fallbackFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	return f.pick(r).GlyphBounds(r)
}

func (f fallbackFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) { return f.pick(r).GlyphAdvance(r) }

func (f fallbackFace) Kern(r0, r1 rune) fixed.Int26_6 {
	if f.pick(r0) != f.pick(r1) {
		return 0
	}
	return f.pick(r0).Kern(r0, r1)
}

func (f fallbackFace) Close() error {
	f.latin.Close()
	return f.Face.Close()
}

// Image returns text in ink at textSize Fyne units, turned 180° when turned; ok is false
// when the font cannot draw it (the caller then shows the text upright).
func (a *TextArt) Image(text string, ink color.Color, textSize float32, turned bool) (TextImage, bool) {
	px := int(math.Round(float64(textSize * a.scale)))
	if px < 1 || text == "" {
		return TextImage{}, false
	}
	key := textImageKey{text: text, ink: color.NRGBAModel.Convert(ink).(color.NRGBA), px: px, turned: turned}
	if ti, ok := a.images[key]; ok {
		return ti, true
	}
	face, ok := a.face(px)
	if !ok {
		return TextImage{}, false
	}
	img := drawText(face, text, key.ink)
	if img == nil {
		return TextImage{}, false
	}
	if turned {
		img = turnHalf(img)
	}
	b := img.Bounds()
	ti := TextImage{Image: img, Size: fyne.NewSize(float32(b.Dx())/a.scale, float32(b.Dy())/a.scale)}
	a.images[key] = ti
	return ti, true
}

// drawText draws text cropped to its ink with a pixel of margin, or returns nil when the
// text has no ink.
func drawText(face font.Face, text string, ink color.NRGBA) *image.NRGBA {
	bounds, _ := font.BoundString(face, text)
	minX, minY := bounds.Min.X.Floor()-1, bounds.Min.Y.Floor()-1
	maxX, maxY := bounds.Max.X.Ceil()+1, bounds.Max.Y.Ceil()+1
	if maxX-minX <= 2 || maxY-minY <= 2 {
		return nil
	}
	img := image.NewNRGBA(image.Rect(0, 0, maxX-minX, maxY-minY))
	d := font.Drawer{Dst: img, Src: image.NewUniform(ink), Face: face, Dot: fixed.P(-minX, -minY)}
	d.DrawString(text)
	return img
}

// turnHalf returns img turned by 180°.
func turnHalf(img *image.NRGBA) *image.NRGBA {
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			i := img.PixOffset(b.Min.X+x, b.Min.Y+y)
			j := out.PixOffset(b.Dx()-1-x, b.Dy()-1-y)
			copy(out.Pix[j:j+4], img.Pix[i:i+4])
		}
	}
	return out
}
