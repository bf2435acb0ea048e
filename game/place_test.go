package game

import (
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// Issue 35 item 9: a point is named as the board labels its file and the move list writes
// it (炮二平五, C2=5): by the file its piece's side counts from its own right, and, for
// pieces of a kind sharing a file, by their place from the front (前/中/后).
func TestPlaceOfNamesTheFileAsTheMoveListDoes(t *testing.T) {
	c := loadCatalogs(t)
	pos := mustFEN(t, "3k5/4P4/4P4/4P4/9/1r7/1r7/9/7R1/4K4 w - - 0 1")
	for _, x := range []struct {
		sq, en, zh string
	}{
		{"h1", "file 2", "二路"},          // a red rook
		{"d9", "file 4", "４路"},          // the black king
		{"b3", "file 2 (front)", "２路前"}, // Black's rooks, counted from Black's side: b3 is ahead
		{"b4", "file 2 (rear)", "２路后"},
		{"e8", "file 5 (front)", "五路前"}, // three red pawns
		{"e7", "file 5 (middle)", "五路中"},
		{"e6", "file 5 (rear)", "五路后"},
		{"a0", "file 9", "九路"}, // an empty point, counted as Red counts
	} {
		if en, zh := say(t, c, PlaceOf(pos, mustSquare(t, x.sq))); en != x.en || zh != x.zh {
			t.Errorf("%s: %q %q, want %q %q", x.sq, en, zh, x.en, x.zh)
		}
	}
	board := pieceMap{}
	for _, s := range []string{"e3", "e4", "e5", "e6"} {
		board[mustSquare(t, s)] = rules.MakePiece(rules.Red, rules.Pawn)
	}
	if en, zh := say(t, c, PlaceOf(board, mustSquare(t, "e5"))); en != "file 5 (2 from the front)" || zh != "五路二" {
		t.Errorf("the second of four pawns: %q %q", en, zh)
	}
}
