package gui

import (
	"image/color"

	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

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
func paletteFor(s play.BoardStyle) boardPalette {
	if s == play.PlainBoard {
		return plainPalette
	}
	return woodPalette
}

// discColorsFor returns how side's pieces are coloured on a board style with a piece set.
func discColorsFor(s play.BoardStyle, set play.PieceSet, side rules.Color) discColors {
	plain := s == play.PlainBoard
	c := discColors{face: colorDiscFace, edge: colorDiscEdge, shadow: colorDiscShadow, ink: colorRedPiece}
	if plain {
		c = discColors{face: plainFace, edge: plainEdge, shadow: greyShadow, ink: plainRed}
	}
	if set == play.PictogramPieces && !plain {
		c.face = woodRedOn
	}
	if side == rules.Red {
		return c
	}
	switch {
	case set == play.PictogramPieces:
		return discColors{face: darkFace, edge: darkEdge, shadow: c.shadow, ink: lightInk}
	case plain:
		c.ink = plainBlack
	default:
		c.ink = colorBlackPiece
	}
	return c
}
