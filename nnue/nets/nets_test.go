package nets

import (
	"bytes"
	"os"
	"testing"

	"github.com/xqfyne/xiangqi/nnue"
)

// The embedded net is the file DefaultName, byte for byte, and decodes to
// the same net as loading the file.
func TestDefaultIsTheKeptFile(t *testing.T) {
	file, err := os.ReadFile(DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	if defaultNet != string(file) {
		t.Fatalf("the embedded net (%d bytes) is not %s (%d bytes)", len(defaultNet), DefaultName, len(file))
	}
	net, err := Default()
	if err != nil {
		t.Fatalf("the embedded net does not load: %v", err)
	}
	fromFile, err := nnue.LoadFile(DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(net.Bytes(), fromFile.Bytes()) || net.Description != fromFile.Description {
		t.Error("the embedded net decodes differently from its file")
	}
	if len(defaultNet) > 4<<20 {
		t.Errorf("the embedded net has %d bytes; issue 37's budget for the browser build is 4 MB", len(defaultNet))
	}
}

// BenchmarkDefault is what choosing the net costs once: decoding the embedded bytes.
func BenchmarkDefault(b *testing.B) {
	for b.Loop() {
		if _, err := Default(); err != nil {
			b.Fatal(err)
		}
	}
}
