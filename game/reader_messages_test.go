package game

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding/traditionalchinese"

	"github.com/xqfyne/xiangqi/rules"
)

// readWatched runs ReadRecord under a hang guard far above what reading
// takes; it measures nothing.
func readWatched(t *testing.T, data []byte) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, _, err := ReadRecord(data)
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(2 * time.Minute):
		t.Fatalf("ReadRecord of %d bytes did not return", len(data))
		return nil
	}
}

// checkMessage: the error names the problem, is short, and has no control
// byte to pass on to a terminal.
func checkMessage(t *testing.T, what string, err error, want string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want one with %q", what, want)
		return
	}
	msg := err.Error()
	if !strings.Contains(msg, want) || len(msg) > 300 || strings.ContainsFunc(msg, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		t.Errorf("%s: error %.400q, want a short one with %q", what, msg, want)
	}
}

// One long word in a paste or a file: the error quotes a bounded part of
// it once, and reading stays linear (issue 35, item 16: 100 KB once took
// over a minute in the app and 1 GB of memory).
func TestLongWordErrorIsShort(t *testing.T) {
	word := strings.Repeat("x", 1<<20)
	cases := map[string]string{
		"a word":              word,
		"after a move":        "1. 炮二平五 " + word,
		"Chinese":             "1. " + strings.Repeat("炮", 1<<19),
		"after ICCS moves":    "h2e2 h9g7 " + strings.Repeat("h2e2", 1<<18),
		"after a FEN":         rules.StartFEN + " " + word,
		"a Game tag":          "[Game \"" + word + "\"]\n1. h2e2 *",
		"a FEN tag":           "[FEN \"" + word + "\"]\n1. h2e2 *",
		"escape sequences":    "1. " + strings.Repeat("\x1b[2J", 1<<18),
		"a move word of ICCS": "position startpos moves " + strings.Repeat("h", 1<<20),
	}
	for what, text := range cases {
		err := readWatched(t, []byte(text))
		checkMessage(t, what, err, "")
		last, _ := utf8.DecodeLastRuneInString(text)
		if err != nil && strings.Count(err.Error(), strings.Repeat(string(last), 40)) > 1 {
			t.Errorf("%s: the word is quoted more than once: %q", what, err)
		}
	}
}

func utf16Bytes(s string, order binary.AppendByteOrder, bom bool) []byte {
	var out []byte
	units := utf16.Encode([]rune(s))
	if bom {
		units = append([]uint16{0xfeff}, units...)
	}
	for _, u := range units {
		out = order.AppendUint16(out, u)
	}
	return out
}

func utf32Bytes(s string, order binary.AppendByteOrder, bom bool) []byte {
	var out []byte
	if bom {
		out = order.AppendUint32(out, 0xfeff)
	}
	for _, r := range s {
		out = order.AppendUint32(out, uint32(r))
	}
	return out
}

// Files the readers cannot read get a message that says what they are
// (issue 35, item 20).
func TestReaderMessagesNameTheProblem(t *testing.T) {
	const pgn = "[Event \"test\"]\n[Red \"红方\"]\n1. 炮二平五 马８进７\n2. 马二进三 车９平８ *\n"
	const board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
	big5, err := traditionalchinese.Big5.NewEncoder().Bytes([]byte("[Event \"測試\"]\n1. 炮二平五 馬8進7\n2. 馬二進三 車9平8 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		what string
		data []byte
		want string
	}{
		{"9 ranks", []byte("rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"), "10 ranks expected, found 9"},
		{"11 ranks", []byte("rnbakabnr/9/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"), "10 ranks expected, found 11"},
		{"side x", []byte(board + " x - - 0 1"), `side to move "x" must be w, r or b`},
		{"23-digit counter", []byte(board + " w - - 12345678901234567890123 1"), `halfmove clock "12345678901234567890123" is larger than 10000`},
		{"23-digit move number", []byte(board + " w - - 0 12345678901234567890123\nh2e2"), `move number "12345678901234567890123" is larger than 10000`},
		{"UTF-16 LE", utf16Bytes(pgn, binary.LittleEndian, true), "this file is UTF-16: save it as UTF-8 or GBK"},
		{"UTF-16 BE", utf16Bytes(pgn, binary.BigEndian, true), "this file is UTF-16: save it as UTF-8 or GBK"},
		{"UTF-16 LE without a mark", utf16Bytes(pgn, binary.LittleEndian, false), "this file is UTF-16: save it as UTF-8 or GBK"},
		{"UTF-16 BE without a mark", utf16Bytes(pgn, binary.BigEndian, false), "this file is UTF-16: save it as UTF-8 or GBK"},
		{"UTF-32 LE", utf32Bytes(pgn, binary.LittleEndian, true), "this file is UTF-32: save it as UTF-8 or GBK"},
		{"UTF-32 BE", utf32Bytes(pgn, binary.BigEndian, true), "this file is UTF-32: save it as UTF-8 or GBK"},
		{"UTF-32 LE without a mark", utf32Bytes(pgn, binary.LittleEndian, false), "this file is UTF-32: save it as UTF-8 or GBK"},
		{"Big5", big5, "this file is Big5"},
		{"binary", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00\x1b[2J\x07\x08\x00"), "not text"},
		{"control bytes", bytes.Repeat([]byte("\x01\x02\x03\x1b[31m\x07"), 100), "not text"},
	}
	for _, c := range cases {
		checkMessage(t, c.what, readWatched(t, c.data), c.want)
	}
	// A GBK file still reads.
	gbk := []byte("1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 *") // 1. 炮二平五 in GBK
	if r, _, err := ReadRecord(gbk); err != nil || len(r.MainLineMoves()) != 1 {
		t.Fatalf("GBK: %v", err)
	}
}
