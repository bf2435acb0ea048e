package nnue

import (
	"path/filepath"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// The nets kept in nnue/nets load with this package's loader and give the start
// position, which is even, a small score from either side's view.
func TestKeptNetsLoad(t *testing.T) {
	paths, err := filepath.Glob("nets/*.nnue")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no nets in nnue/nets (%v)", err)
	}
	for _, path := range paths {
		net, err := LoadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		p, err := rules.ParseFEN(rules.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		if s := net.Evaluate(p); s < -100 || s > 100 {
			t.Errorf("%s: the start position scores %d", path, s)
		}
	}
}
