package board

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"fyne.io/fyne/v2"
	"github.com/fyne-io/oksvg"
	"github.com/srwiley/rasterx"
	"github.com/xqfyne/xiangqi/rules"
)

// The "international" piece set: a picture for each piece, for players who do not read
// the Chinese characters. The pictures are drawn here as SVG (made for this project,
// public domain / CC0) in a 100×100 box that covers the disc, within the disc's inner
// ring (radius 40 around the centre).

// pictogramShapes are the SVG elements of each piece type's picture; INK and FACE stand
// for the ink and the disc's face colour.
var pictogramShapes = [...]string{
	// General: a crown.
	rules.King: `<path d="M27 64 L22 34 L37 48 L50 25 L63 48 L78 34 L73 64 Z" fill="INK"/>` +
		`<circle cx="22" cy="33" r="5" fill="INK"/><circle cx="50" cy="24" r="5" fill="INK"/><circle cx="78" cy="33" r="5" fill="INK"/>` +
		`<rect x="27" y="67" width="46" height="9" rx="2" fill="INK"/>` +
		`<circle cx="50" cy="53" r="4.5" fill="FACE"/>`,
	// Advisor: a diagonal cross (it steps diagonally in the palace) with a ring at its heart.
	rules.Advisor: `<path d="M29 29 L71 71 M71 29 L29 71" stroke="INK" stroke-width="9" stroke-linecap="round" fill="none"/>` +
		`<path d="M22 22 L36 24 L24 36 Z M78 22 L76 36 L64 24 Z M22 78 L24 64 L36 76 Z M78 78 L64 76 L76 64 Z" fill="INK"/>` +
		`<circle cx="50" cy="50" r="10" fill="FACE" stroke="INK" stroke-width="5"/>`,
	// Elephant: a head seen from the front, with big ears, tusks and a trunk.
	rules.Bishop: `<ellipse cx="29" cy="43" rx="12" ry="16" fill="INK"/><ellipse cx="71" cy="43" rx="12" ry="16" fill="INK"/>` +
		`<circle cx="50" cy="42" r="16" fill="INK"/>` +
		`<path d="M50 50 C50 62 47 68 46 75 C45 80 52 81 55 77" stroke="INK" stroke-width="9" stroke-linecap="round" fill="none"/>` +
		`<path d="M40 55 C37 62 33 65 29 66 M60 55 C63 62 67 65 71 66" stroke="INK" stroke-width="4.5" stroke-linecap="round" fill="none"/>` +
		`<circle cx="43" cy="39" r="3" fill="FACE"/><circle cx="57" cy="39" r="3" fill="FACE"/>`,
	// Horse: a horse's head in profile.
	rules.Knight: `<path d="M66 78 L32 78 C32 68 38 61 46 55 C40 57 32 59 27 55 C23 51 25 46 29 42 L42 31 C44 25 48 22 52 22 L54 15 L59 23 C70 27 75 40 73 52 C71 62 67 69 66 78 Z" fill="INK"/>` +
		`<circle cx="47" cy="33" r="3.5" fill="FACE"/>` +
		`<path d="M58 27 C64 34 66 44 64 56" stroke="FACE" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
	// Chariot: a war cart from the side, with a big spoked wheel and its shaft.
	rules.Rook: `<path d="M24 34 L24 58 L70 58 L70 34" stroke="INK" stroke-width="6" stroke-linejoin="round" fill="none"/>` +
		`<rect x="24" y="44" width="46" height="14" fill="INK"/>` +
		`<path d="M70 52 L84 42" stroke="INK" stroke-width="5" stroke-linecap="round"/>` +
		`<circle cx="45" cy="63" r="15" fill="FACE" stroke="INK" stroke-width="5"/>` +
		`<path d="M45 48 L45 78 M30 63 L60 63 M34.4 52.4 L55.6 73.6 M55.6 52.4 L34.4 73.6" stroke="INK" stroke-width="3"/>` +
		`<circle cx="45" cy="63" r="4" fill="INK"/>`,
	// Cannon: a barrel on a wheel, with a cannonball.
	rules.Cannon: `<path d="M30 58 L72 34" stroke="INK" stroke-width="13" stroke-linecap="round"/>` +
		`<path d="M73 27 L80 40" stroke="INK" stroke-width="5" stroke-linecap="round"/>` +
		`<circle cx="42" cy="63" r="13" fill="FACE" stroke="INK" stroke-width="5"/>` +
		`<circle cx="42" cy="63" r="4" fill="INK"/>` +
		`<circle cx="70" cy="68" r="7" fill="INK"/>`,
	// Soldier: a foot soldier, the pawn of the set.
	rules.Pawn: `<circle cx="50" cy="32" r="10" fill="INK"/>` +
		`<path d="M38 47 L62 47 L58 52 L66 70 L34 70 L42 52 Z" fill="INK"/>` +
		`<rect x="28" y="71" width="44" height="8" rx="2" fill="INK"/>`,
}

// pictogramSVG is the picture of p in the given colours, turned 180° when turned.
func pictogramSVG(p rules.Piece, ink, face color.Color, turned bool) []byte {
	t := int(p.Type())
	shapes := ""
	if t >= 0 && t < len(pictogramShapes) {
		shapes = pictogramShapes[t]
	}
	shapes = strings.NewReplacer("INK", hexColor(ink), "FACE", hexColor(face)).Replace(shapes)
	if turned {
		shapes = `<g transform="rotate(180 50 50)">` + shapes + `</g>`
	}
	return []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">` +
		shapes + `</svg>`)
}

func hexColor(c color.Color) string {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	return fmt.Sprintf("#%02x%02x%02x", n.R, n.G, n.B)
}

// pictogramKey is everything a picture's image depends on.
type pictogramKey struct {
	piece     rules.Piece
	ink, face color.NRGBA
	turned    bool
	px        int // width and height in pixels
}

// pictogramArt rasterises the pictures and keeps them for the size the board has now
// (Fyne would parse an SVG again for every disc at every resize). It belongs to one board
// renderer, whose Layout forgets the images of the previous size: at most 14 per style.
type pictogramArt struct {
	images map[pictogramKey]image.Image
	scale  float32 // image pixels per Fyne unit
}

func newPictogramArt() *pictogramArt {
	return &pictogramArt{images: map[pictogramKey]image.Image{}, scale: 2}
}

// reset forgets every image, e.g. when the board's size changes, and draws the next ones
// with scale image pixels per Fyne unit.
func (a *pictogramArt) reset(scale float32) {
	clear(a.images)
	a.scale = scale
}

// image returns the picture of p for a disc of diameter Fyne units, or nil when it cannot
// be drawn.
func (a *pictogramArt) image(p rules.Piece, ink, face color.Color, turned bool, diameter float32) image.Image {
	nrgba := func(c color.Color) color.NRGBA { return color.NRGBAModel.Convert(c).(color.NRGBA) }
	px := int(math.Round(float64(diameter * a.scale)))
	if px < 2 {
		return nil
	}
	k := pictogramKey{piece: p, ink: nrgba(ink), face: nrgba(face), turned: turned, px: px}
	if img, ok := a.images[k]; ok {
		return img
	}
	img, err := rasterise(pictogramSVG(p, ink, face, turned), px)
	if err != nil {
		fyne.LogError("drawing a piece's picture", err)
		return nil
	}
	a.images[k] = img
	return img
}

// rasterise draws an SVG into a square image of px pixels.
func rasterise(svg []byte, px int) (image.Image, error) {
	icon, err := oksvg.ReadIconStream(bytes.NewReader(svg))
	if err != nil {
		return nil, err
	}
	icon.SetTarget(0, 0, float64(px), float64(px))
	img := image.NewNRGBA(image.Rect(0, 0, px, px))
	scanner := rasterx.NewScannerGV(px, px, img, img.Bounds())
	icon.Draw(rasterx.NewDasher(px, px, scanner), 1)
	return img, nil
}
