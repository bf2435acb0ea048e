package resources

import (
	"bytes"
	"os"
	"testing"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/rules"
)

// The embedded bytes are what the app and the engine load; they must be the
// compiled openings.txt and must answer for the start position.
func TestBookDataLoads(t *testing.T) {
	openingBook, err := book.LoadBook(Book())
	if err != nil {
		t.Fatalf("embedded book does not load: %v", err)
	}
	start := rules.NewPosition()
	moves := openingBook.Moves(start)
	if len(moves) < 8 {
		t.Fatalf("start position has %d book moves, want the main first moves", len(moves))
	}
	for _, bm := range moves {
		if !start.IsLegal(bm.Move) || bm.Weight <= 0 {
			t.Errorf("bad start entry %v weight %d", bm.Move, bm.Weight)
		}
	}
	src, err := os.Open("openings.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	data, _, err := book.CompileOpenings(src)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, Book()) {
		t.Fatal("book.dat is out of date: run go generate ./resources")
	}
}
