package play

import (
	"testing"

	"github.com/xqfyne/xiangqi/game"
)

// A library index of any content opens (empty, with an error, when unreadable), lists
// without a panic (entries it cannot use as damaged) and still takes new games.
func FuzzOpenLibrary(f *testing.F) {
	f.Add([]byte(`{"format": "xiangqi-library", "version": 1, "games": [{"id": "20261123-090000-1", "result": "*", "plies": 0, "added": "", "hash": ""}]}`))
	f.Add([]byte(`{"format": "xiangqi-library", "version": 1, "games": [{"id": "../../etc/passwd"}, {"id": ""}]}`))
	f.Add([]byte(`{"format": "xiangqi-library", "version": 2, "games": []}`))
	f.Add([]byte(`{"format": "xiangqi-library", "version": 1, "games": null}`))
	f.Add([]byte("garbage"))
	rec, _, err := game.ReadRecord([]byte("h2e2 h9g7"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, index []byte) {
		fs := newMemFS()
		fs.files[libraryIndexName] = index
		fs.files[gameFileName("20261123-090000-1")] = []byte(`{"format": "xiangqi-record"}`)
		l, _ := OpenLibrary(fs)
		if l == nil {
			t.Fatal("no library")
		}
		before := len(l.List())
		damaged := l.Damaged(l.List())
		for _, it := range l.List() {
			if it.Err == nil && damaged[it.ID] == nil {
				if _, _, err := l.Open(it.ID); err != nil {
					t.Fatalf("listed as readable but does not open: %v", err)
				}
			}
		}
		e, err := l.Add(rec, Players{})
		if err != nil {
			t.Fatal(err)
		}
		if len(l.List()) != before+1 {
			t.Fatalf("list of %d after adding to %d", len(l.List()), before)
		}
		if err := l.Delete(e.ID); err != nil {
			t.Fatal(err)
		}
	})
}
