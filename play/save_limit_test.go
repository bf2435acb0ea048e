package play

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/game"
)

// recordOfSize returns a record of two moves whose SaveRecord form (the form the library
// files it in, the largest) is exactly size bytes: its start comment fills the rest.
func recordOfSize(t *testing.T, size int) *game.Record {
	t.Helper()
	r, _, err := game.ReadRecord([]byte("h2e2 h9g7"))
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

// One limit for import, save and load: a game of exactly the limit opens, is saved, and
// loads at the next start; one byte more is refused when it is opened, and the game
// played stays.
func TestSaveLimitAgreesWithOpenAndLoad(t *testing.T) {
	fs := DirFS(t.TempDir())
	s, q, _ := openSession(t, fs, nil)
	if err := s.OpenRecord(recordOfSize(t, game.MaxRecordBytes), Players{}); err != nil {
		t.Fatalf("a game of exactly the limit: %v", err)
	}
	want := s.Record().Root.Comment
	over := recordOfSize(t, game.MaxRecordBytes+1)
	if err := s.OpenRecord(over, Players{}); !errors.Is(err, game.ErrRecordTooLarge) {
		t.Fatalf("a game one byte over the limit: %v, want ErrRecordTooLarge", err)
	}
	if s.Record().Root.Comment != want {
		t.Fatal("a refused game replaced the game played")
	}
	s.Close()
	q.Drain()

	again, _, notice := openSession(t, fs, nil)
	if notice != nil {
		t.Fatalf("the save of a game at the limit was refused at the next start: %v", notice)
	}
	if again.Record().Root.Comment != want {
		t.Fatal("the game at the limit did not come back")
	}
}

// A game that grew past the limit (comments added) is not written: the save would be
// refused at the next start, and the last good save stays.
func TestSaveOverTheLimitIsNotWritten(t *testing.T) {
	g, err := game.Open(recordOfSize(t, 2*game.MaxRecordBytes), nil)
	if err != nil {
		t.Fatal(err)
	}
	if data, err := encodeSave(g, DefaultSettings(English), nil, nil); !errors.Is(err, game.ErrRecordTooLarge) {
		t.Fatalf("encodeSave of a game twice the limit: %d bytes, %v; want ErrRecordTooLarge", len(data), err)
	}
}

// readCountingFS is a directory that counts the bytes read from it.
type readCountingFS struct {
	DirFS
	read *int
}

func (f readCountingFS) ReadFile(name string) ([]byte, error) {
	data, err := f.DirFS.ReadFile(name)
	*f.read += len(data)
	return data, err
}

// A save over the limit is refused without reading it: a save of 30 MB costs no
// second of reading at every start.
func TestOversizedSaveIsNotRead(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, saveName), bytes.Repeat([]byte(" "), 30<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	read := 0
	if _, err := NewStore(readCountingFS{DirFS(dir), &read}).Load(); err == nil {
		t.Fatal("loaded a save of 30 MB")
	}
	if read > MaxSaveBytes {
		t.Fatalf("read %d bytes to refuse a save over %d", read, MaxSaveBytes)
	}
}
