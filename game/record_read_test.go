package game

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestDetectFormat(t *testing.T) {
	cases := map[string]Format{
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1": FormatFEN,
		"position fen 3k5/9/9/9/9/9/9/9/9/4K4 w moves e0d0":                     FormatFEN,
		"h2e2 h9g7":                           FormatICCS,
		"1. H2-E2 h9g7 2. h0g2":               FormatICCS,
		"position startpos moves h2e2":        FormatICCS,
		"1. 炮二平五 马８进７ *":                      FormatPGN,
		"[Game \"Chinese Chess\"]\n1. h2e2 *": FormatPGN,
		"":                                    FormatUnknown,
		" \n\t":                               FormatUnknown,
	}
	for text, want := range cases {
		if got := DetectFormat([]byte(text)); got != want {
			t.Errorf("DetectFormat(%q) = %s, want %s", text, got, want)
		}
	}
	if got := DetectFormat(specExampleXQF(t)); got != FormatXQF {
		t.Errorf("XQF detected as %s", got)
	}
}

func TestReadRecordPasteForms(t *testing.T) {
	cases := []struct{ text, fen, moves string }{
		{"h2e2 h9g7", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "h2e2 h9g7"},
		{"  1. h2e2 h9g7\n2. H0-G2  ", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "h2e2 h9g7 h0g2"},
		{"3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 30", "3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 30", ""},
		{"3k5/9/9/9/9/4r4/9/9/9/5K3 b\ne4f4 f0e0", "3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 1", "e4f4 f0e0"},
		{"position fen 3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 30 moves e4f4", "3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 30", "e4f4"},
		{"position startpos moves h2e2", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "h2e2"},
		{"1. 炮二平五 (1. 炮八平五) 马８进７ *", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "h2e2 h9g7"},
	}
	for _, c := range cases {
		r, _, err := ReadRecord([]byte(c.text))
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if r.StartFEN() != c.fen || moveStrings(r.MainLineMoves()) != c.moves {
			t.Errorf("%q: got %s / %s", c.text, r.StartFEN(), moveStrings(r.MainLineMoves()))
		}
		// ICCSText reads back to the same start and main line.
		back, f, err := ReadRecord([]byte(r.ICCSText()))
		if err != nil || f != FormatFEN || back.ICCSText() != r.ICCSText() {
			t.Errorf("%q: ICCS text does not read back: %v %s", c.text, err, f)
		}
	}
}

func TestReadRecordErrors(t *testing.T) {
	cases := map[string]string{
		"":          "empty",
		"h2e2 h2e2": `iccs: line 1, column 6: move 2: game: illegal move "h2e2"`,
		"position startpos moves h2e2 h9g7\n  1. h0g2 h9g7":    `iccs: line 2, column 11: move 4: game: illegal move "h9g7"`,
		"3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 30\ne4f4 f0e0 d9d0": `iccs: line 2, column 11: move 3: game: illegal move "d9d0"`,
		"9/9/9/9/9/9/9/9/9/9 w":                                "fen: ",
		"3k5/9/9/9/9/4r4/9/9/9/5K3 b x":                        "iccs: \"x\" is not an ICCS move",
		"hello world":                                          "pgn: line 1, column 1",
		"\xff\xfe\x00":                                         "this file is UTF-16",
		" \n ":                                                 "empty",
	}
	for text, want := range cases {
		r, _, err := ReadRecord([]byte(text))
		if err == nil || r != nil {
			t.Errorf("%q: no error", text)
			continue
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %q, want %q", text, err, want)
		}
	}
}

func FuzzReadRecord(f *testing.F) {
	f.Add([]byte("h2e2 h9g7"))
	f.Add([]byte("position fen 3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 30 moves e4f4"))
	f.Add([]byte("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\nh2e2\n"))
	f.Add([]byte("1. 炮二平五 (1. 炮八平五) 马８进７ *"))
	f.Add(specExampleXQF(f))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, _, err := ReadRecord(data)
		if err != nil {
			if r != nil {
				t.Fatal("error with a record")
			}
			return
		}
		text := r.ICCSText()
		back, _, err := ReadRecord([]byte(text))
		if err != nil {
			t.Fatalf("ICCS text does not read back: %v\n%s", err, text)
		}
		if back.ICCSText() != text {
			t.Fatalf("ICCS text changed:\n%s\n%s", text, back.ICCSText())
		}
		var pgn bytes.Buffer
		if err := r.ExportPGN(&pgn, PGNOptions{}); err != nil {
			t.Fatal(err)
		}
	})
}

// Issue 35 item 12: a text that is no game at all is told apart from a game with a bad
// move, and a bad move is given with its text and place for the app to say in plain words.
func TestReadRecordSaysWhatWentWrong(t *testing.T) {
	for _, text := range []string{"hello", "https://example.com/game", "hello world\n1. h2e2"} {
		if _, _, err := ReadRecord([]byte(text)); !errors.Is(err, ErrNotAGame) {
			t.Errorf("%q: %v, want ErrNotAGame", text, err)
		}
	}
	for _, c := range []struct {
		text, format, move string
		line, col, ply     int
	}{
		{"1. h2e2 zz", "pgn", "zz", 1, 9, 2},
		{"[Event \"x\"]\nhello", "pgn", "hello", 2, 1, 1},
		{"h2e2 h9g7\nh0g2 h9g7", "iccs", "h9g7", 2, 6, 4},
	} {
		_, _, err := ReadRecord([]byte(c.text))
		var me *MoveError
		if !errors.As(err, &me) || errors.Is(err, ErrNotAGame) {
			t.Errorf("%q: %v, want a MoveError", c.text, err)
			continue
		}
		if me.Format != c.format || me.Text != c.move || me.Line != c.line || me.Column != c.col || me.Ply != c.ply {
			t.Errorf("%q: %+v", c.text, *me)
		}
	}
}
