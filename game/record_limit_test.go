package game

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// recordOfSize returns a record whose SaveRecord form is exactly size bytes: its start
// comment fills what the rest leaves.
func recordOfSize(t *testing.T, size int) *Record {
	t.Helper()
	r, err := NewRecord("")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	r.Root.Comment = "x"
	if err := r.SaveRecord(&buf); err != nil {
		t.Fatal(err)
	}
	r.Root.Comment = strings.Repeat("x", 1+size-buf.Len())
	return r
}

// The one limit: a record of MaxRecordBytes saves (in both forms) and loads; one byte more
// is refused by the writers, so no file the reader refuses is ever written.
func TestRecordSizeLimitAgrees(t *testing.T) {
	r := recordOfSize(t, MaxRecordBytes)
	var buf bytes.Buffer
	if err := r.SaveRecord(&buf); err != nil {
		t.Fatalf("a record of exactly the limit: %v", err)
	}
	if buf.Len() != MaxRecordBytes {
		t.Fatalf("test record is %d bytes, want %d", buf.Len(), MaxRecordBytes)
	}
	if _, err := r.MarshalJSON(); err != nil {
		t.Fatalf("MarshalJSON at the limit: %v", err)
	}
	back, err := LoadRecord(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("LoadRecord at the limit: %v", err)
	}
	if back.Root.Comment != r.Root.Comment {
		t.Fatal("the comment changed on the way")
	}

	r.Root.Comment += "x"
	if err := r.SaveRecord(&bytes.Buffer{}); !errors.Is(err, ErrRecordTooLarge) {
		t.Fatalf("SaveRecord one byte over the limit: %v, want ErrRecordTooLarge", err)
	}
	if _, err := LoadRecord(bytes.NewReader(append(buf.Bytes(), ' '))); err == nil {
		t.Fatal("LoadRecord read a file over the limit")
	}
}

// What ReadRecord accepts can be kept: a game that would not fit the limit once saved is
// refused when it is read, with the reason, however small its file (a comment of quotes
// doubles in JSON; a short PGN of many variations grows tenfold).
func TestReadRecordRefusesWhatCannotBeKept(t *testing.T) {
	quotes := "[Event \"x\"]\n\n{" + strings.Repeat(`"`, 2_500_000) + "} 1. h2e2 *\n"
	var variations strings.Builder
	variations.WriteString("1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. b0c2 a9b9 ")
	red := "(a3a4) (c3c4) (e3e4) (g3g4) (i3i4) (b2b1) (b2b3) (e2e1) "
	black := "(a6a5) (c6c5) (e6e5) (g6g5) (i6i5) (b7b8) (b7b6) (h7h8) "
	for range 2_400 {
		// The rooks back and forth, each move with eight others as variations: 86,400
		// moves in 590 KB.
		variations.WriteString("a0b0 " + red + "b9a9 " + black + "b0a0 " + red + "a9b9 " + black)
	}
	variations.WriteString("*\n")
	for name, text := range map[string]string{"comment of quotes": quotes, "many variations": variations.String()} {
		r, _, err := ReadRecord([]byte(text))
		if err == nil {
			var buf bytes.Buffer
			if err := r.SaveRecord(&buf); err != nil {
				t.Errorf("%s: read, but cannot be saved: %v", name, err)
				continue
			}
			size := buf.Len()
			if _, err := LoadRecord(&buf); err != nil {
				t.Errorf("%s: read and saved (%d bytes), but the file is refused: %v", name, size, err)
			}
			continue
		}
		if !errors.Is(err, ErrRecordTooLarge) {
			t.Errorf("%s: %v, want ErrRecordTooLarge", name, err)
		}
	}
}
