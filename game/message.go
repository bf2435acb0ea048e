package game

import (
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/rules"
)

// The game's messages (why a move is illegal, how a game ended, who lost by a
// repetition rule) are catalog keys with values; their texts live in the catalogs of
// resources/translations, one per language, and package i18n renders them.

var sideKeys = [2]string{rules.Red: "side.red", rules.Black: "side.black"}

var colourKeys = [2]string{rules.Red: "colour.red", rules.Black: "colour.black"}

var pieceKeys = [rules.NumPieceTypes]string{
	rules.King: "piece.king", rules.Advisor: "piece.advisor", rules.Bishop: "piece.elephant",
	rules.Knight: "piece.horse", rules.Rook: "piece.rook", rules.Cannon: "piece.cannon", rules.Pawn: "piece.pawn",
}

// SideName names a side as the subject of a sentence: "Red", "红方".
func SideName(c rules.Color) i18n.Message { return i18n.Message{Key: sideKeys[c&1]} }

// ColourName names a side's colour as an adjective: the "red" of "the red horse", the
// "红" of "红马".
func ColourName(c rules.Color) i18n.Message { return i18n.Message{Key: colourKeys[c&1]} }

// PieceName names the kind of piece p is: "horse", or in Chinese its character as
// boards and records write it (PieceChar, which differs by colour).
func PieceName(p rules.Piece) i18n.Message {
	return i18n.Message{Key: pieceKeys[p.Type()], Args: i18n.Args{"Glyph": PieceChar(p)}}
}

// PieceNames is PieceName for several pieces of p's kind: "horses".
func PieceNames(p rules.Piece) i18n.Message {
	m := PieceName(p)
	m.Key += ".plural"
	return m
}

// keyed is the message of keys[i], or unknown for an i past the table.
func keyed[T ~uint8](keys []string, i T, unknown i18n.Message) i18n.Message {
	if int(i) < len(keys) {
		return i18n.Message{Key: keys[i]}
	}
	return unknown
}
