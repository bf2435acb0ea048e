package nnue

import (
	"os"
	"path/filepath"
	"runtime"
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

// Load decodes the weights straight from the file's bytes: what it allocates is the net's
// own arrays, not a second copy of the weights on the way (encoding/binary.Read's buffer,
// which with its per-value interface calls made the browser build's start 0.1 s slower).
func TestLoadAllocatesOnlyTheNet(t *testing.T) {
	paths, err := filepath.Glob("nets/*.nnue")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no nets in nnue/nets (%v)", err)
	}
	data, err := os.ReadFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	net, err := Load(data)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	held := 2*len(net.ftBias) + 2*len(net.ftWeights) + 4*len(net.hiddenBias) + len(net.hiddenW) +
		8*len(net.hiddenPacked) + 2*len(net.hiddenBlocked) + 2*len(net.outW) + len(net.Description)
	if extra := int(after.TotalAlloc-before.TotalAlloc) - held; extra > len(data)/16 {
		t.Errorf("loading a %d-byte net allocated %d bytes beyond the %d the net holds", len(data), extra, held)
	}
}
