package board

import (
	"image/color"

	"github.com/xqfyne/xiangqi/rules"
)

// Style is how the board is drawn; the app maps its settings onto it.
type Style uint8

const (
	Wood  Style = iota // warm wood with brown lines
	Plain              // white and grey with black lines, for contrast
)

// PieceSet is how the pieces are drawn.
type PieceSet uint8

const (
	Calligraphy PieceSet = iota // the Chinese characters
	Pictogram                   // pictures, for players who do not read the characters
)

// Colours of the wood board and its pieces, and of the marks on every board.
var (
	colorBoard       = color.NRGBA{R: 0xe3, G: 0xc1, B: 0x87, A: 0xff}
	colorLine        = color.NRGBA{R: 0x4a, G: 0x2c, B: 0x12, A: 0xff}
	colorDiscFace    = color.NRGBA{R: 0xf3, G: 0xdc, B: 0xb0, A: 0xff}
	colorDiscEdge    = color.NRGBA{R: 0x8a, G: 0x5a, B: 0x2b, A: 0xff}
	colorDiscShadow  = color.NRGBA{R: 0x3a, G: 0x22, B: 0x0e, A: 0x70}
	colorRedPiece    = color.NRGBA{R: 0xb0, G: 0x1c, B: 0x16, A: 0xff}
	colorBlackPiece  = color.NRGBA{R: 0x1c, G: 0x1a, B: 0x18, A: 0xff}
	colorSelection   = color.NRGBA{R: 0x1e, G: 0x6a, B: 0xd8, A: 0xff}
	colorTarget      = color.NRGBA{R: 0x1e, G: 0x8a, B: 0x3a, A: 0xd0}
	colorLastMove    = color.NRGBA{R: 0x1e, G: 0x5a, B: 0xc8, A: 0xe0}
	colorCheck       = color.NRGBA{R: 0xe0, G: 0x10, B: 0x10, A: 0x90}
	colorHint        = color.NRGBA{R: 0x10, G: 0xa0, B: 0x40, A: 0xc0}
	colorRejectFlash = color.NRGBA{R: 0xe0, G: 0x20, B: 0x20, A: 0xff}
	colorCulprit     = color.NRGBA{R: 0xd0, G: 0x10, B: 0x60, A: 0xff}
	colorVictim      = color.NRGBA{R: 0xf0, G: 0x90, B: 0x10, A: 0xff}
)

// SelectionColor is the colour of the ring around a selected piece, for other widgets
// that mark a chosen piece the same way (the editor's palette).
func SelectionColor() color.Color { return colorSelection }

// boardPalette is the colours of one board style.
type boardPalette struct {
	board, line color.Color
}

// discColors are the colours of one side's pieces in one style: the disc's face, its edge
// and shadow, and the ink of its character or picture (also its inner ring).
type discColors struct {
	face, edge, shadow, ink color.Color
}

var (
	woodPalette  = boardPalette{board: colorBoard, line: colorLine}
	plainPalette = boardPalette{
		board: color.NRGBA{R: 0xfa, G: 0xfa, B: 0xf8, A: 0xff},
		line:  color.NRGBA{R: 0x10, G: 0x10, B: 0x10, A: 0xff},
	}
	plainRed   = color.NRGBA{R: 0xc4, G: 0x0a, B: 0x0a, A: 0xff}
	plainBlack = color.NRGBA{R: 0x00, G: 0x00, B: 0x00, A: 0xff}
	plainFace  = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	plainEdge  = color.NRGBA{R: 0x30, G: 0x30, B: 0x30, A: 0xff}
	greyShadow = color.NRGBA{R: 0x00, G: 0x00, B: 0x00, A: 0x50}
	// A pictogram Black piece is a dark disc with a light picture, so that the two sides
	// differ in more than the ink's hue (for colour-blind players and small screens).
	darkFace  = color.NRGBA{R: 0x22, G: 0x22, B: 0x24, A: 0xff}
	darkEdge  = color.NRGBA{R: 0x00, G: 0x00, B: 0x00, A: 0xff}
	lightInk  = color.NRGBA{R: 0xf6, G: 0xf2, B: 0xe8, A: 0xff}
	woodRedOn = color.NRGBA{R: 0xf8, G: 0xe6, B: 0xc4, A: 0xff} // a pictogram Red disc on wood
)

// paletteFor returns the colours of a board style; an unknown style is drawn as wood.
func paletteFor(s Style) boardPalette {
	if s == Plain {
		return plainPalette
	}
	return woodPalette
}

// discColorsFor returns how side's pieces are coloured on a board style with a piece set.
func discColorsFor(s Style, set PieceSet, side rules.Color) discColors {
	plain := s == Plain
	c := discColors{face: colorDiscFace, edge: colorDiscEdge, shadow: colorDiscShadow, ink: colorRedPiece}
	if plain {
		c = discColors{face: plainFace, edge: plainEdge, shadow: greyShadow, ink: plainRed}
	}
	if set == Pictogram && !plain {
		c.face = woodRedOn
	}
	if side == rules.Red {
		return c
	}
	switch {
	case set == Pictogram:
		return discColors{face: darkFace, edge: darkEdge, shadow: c.shadow, ink: lightInk}
	case plain:
		c.ink = plainBlack
	default:
		c.ink = colorBlackPiece
	}
	return c
}
