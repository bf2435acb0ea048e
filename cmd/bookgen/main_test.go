package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/rules"
)

func writeSource(t *testing.T, text string) (in, out string) {
	t.Helper()
	dir := t.TempDir()
	in, out = filepath.Join(dir, "openings.txt"), filepath.Join(dir, "book.dat")
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return in, out
}

func TestBookgenWritesALoadableBook(t *testing.T) {
	in, out := writeSource(t, "# test\n5 | 中炮 | h2e2 h9g7 h0g2\n2 | 仙人指路 | c3c4 g6g5\n")
	if err := run(config{in: in, out: out}); err != nil {
		t.Fatal(err)
	}
	b, err := book.LoadBookFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if mv, ok := b.Probe(rules.NewPosition(), nil); !ok || (mv.String() != "h2e2" && mv.String() != "b2e2") {
		t.Fatalf("first book move %v %v, want the central cannon", mv, ok)
	}
	if err := run(config{in: in, out: out, check: true}); err != nil {
		t.Fatalf("-check on a fresh book: %v", err)
	}
	if err := os.WriteFile(in, []byte("5 | 中炮 | h2e2 h9g7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(config{in: in, out: out, check: true}); err == nil || !strings.Contains(err.Error(), "out of date") {
		t.Fatalf("-check after editing the source: %v, want out of date", err)
	}
}

func TestBookgenStopsAtABadLine(t *testing.T) {
	in, out := writeSource(t, "5 | ok | h2e2 h9g7\n\n7 | broken | h2e2 h9g7 h0h2\n")
	err := run(config{in: in, out: out})
	if err == nil || !strings.Contains(err.Error(), "line 3") || !strings.Contains(err.Error(), "h0h2") {
		t.Fatalf("error %v, want one naming line 3 and the move", err)
	}
	if _, statErr := os.Stat(out); statErr == nil {
		t.Fatal("a book was written despite the bad line")
	}
}

func TestBookgenDepthCatchesBlunders(t *testing.T) {
	// 车一平二 with both cannons still on the h-file loses the rook to 炮8进7.
	src := "5 | sound | h2e2 h9g7 h0g2 i9h9\n3 | blunder | h0g2 g6g5 i0h0 h9g7\n"
	in, out := writeSource(t, src)
	err := run(config{in: in, out: out, depth: 3, margin: 80})
	if err == nil || !strings.Contains(err.Error(), "1 line(s)") {
		t.Fatalf("error %v, want one blunder reported", err)
	}
	if err := run(config{in: in, out: out, depth: 3, margin: 80, drop: true}); err != nil {
		t.Fatal(err)
	}
	b, err := book.LoadBookFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, bm := range b.Moves(rules.NewPosition()) {
		if s := bm.Move.String(); s == "h0g2" || s == "b0c2" {
			t.Fatalf("the blunder line's first move %s is still in the book", s)
		}
	}
}
