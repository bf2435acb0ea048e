package gui

import (
	"image/color"

	"github.com/xqfyne/xiangqi/engine"
)

// pieceNames are the characters on the discs, indexed by colour then piece type
// (King, Advisor, Bishop, Knight, Rook, Cannon, Pawn).
var pieceNames = [2][engine.NumPieceTypes]string{
	{"帅", "仕", "相", "马", "车", "炮", "兵"},
	{"将", "士", "象", "马", "车", "炮", "卒"},
}

// pieceName returns the character drawn on a piece, or "" for no piece.
func pieceName(p engine.Piece) string {
	if p == engine.NoPiece {
		return ""
	}
	return pieceNames[p.Color()][p.Type()]
}

// Colours of the board and pieces.
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
)

func pieceColor(p engine.Piece) color.Color {
	if p.Color() == engine.Red {
		return colorRedPiece
	}
	return colorBlackPiece
}

// fileLabel returns the number of a file as a side counts it: Red counts 一..九 from its right
// (file i = 一), Black counts 1..9 from its right (file a = 1).
func fileLabel(side engine.Color, file int) string {
	if side == engine.Red {
		return []string{"九", "八", "七", "六", "五", "四", "三", "二", "一"}[file]
	}
	return []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}[file]
}
