package engine

import (
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// TestTTLargeTableResize fills tables big enough to be mapped outside the Go
// heap on Linux (tt_memory_linux.go), resizes them and checks that every
// entry reads back and that a resized table starts empty.
func TestTTLargeTableResize(t *testing.T) {
	tt := NewTranspositionTable(4)
	for _, mb := range []int{4, 3, 6} {
		tt.Resize(mb)
		if tt.SizeMB() != mb {
			t.Fatalf("size %d MB, want %d", tt.SizeMB(), mb)
		}
		n := len(tt.buckets)
		for i := 0; i < n; i++ {
			// One entry in every bucket: its key maps back onto bucket i.
			key := uint64(((uint64(i)<<32)+uint64(n)-1)/uint64(n)) | uint64(i+1)<<32
			if _, ok := tt.Probe(key); ok {
				t.Fatalf("%d MB: hit in a new table at bucket %d", mb, i)
			}
			tt.Store(key, rules.Move(i&0xffff), i%1000, i%60, BoundExact)
		}
		for i := 0; i < n; i += 997 {
			key := uint64(((uint64(i)<<32)+uint64(n)-1)/uint64(n)) | uint64(i+1)<<32
			if tt.bucket(key) != &tt.buckets[i] {
				t.Fatalf("%d MB: key of bucket %d maps elsewhere", mb, i)
			}
			e, ok := tt.Probe(key)
			if !ok || e.Move != rules.Move(i&0xffff) || e.Score != i%1000 || e.Depth != i%60 {
				t.Fatalf("%d MB: bucket %d reads %+v %v", mb, i, e, ok)
			}
		}
	}
	tt.Clear()
	if e, ok := tt.Probe(uint64(1) << 32); ok {
		t.Fatalf("hit after Clear: %+v", e)
	}
}
