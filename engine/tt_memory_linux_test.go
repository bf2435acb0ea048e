package engine

import (
	"testing"
	"unsafe"
)

// TestTTHugePageAlignment checks that a mapped table starts on a huge-page
// boundary, where the kernel can back it with 2 MB pages.
func TestTTHugePageAlignment(t *testing.T) {
	for _, mb := range []int{2, 5, 16} {
		tt := NewTranspositionTable(mb)
		if tt.mapped == nil {
			t.Fatalf("%d MB table not mapped", mb)
		}
		if a := uintptr(unsafe.Pointer(&tt.buckets[0])); a%hugePage != 0 {
			t.Fatalf("%d MB table at %#x, not on a 2 MB boundary", mb, a)
		}
		tt.Resize(1) // below a huge page: from the heap
		if tt.mapped != nil {
			t.Fatal("1 MB table mapped")
		}
	}
}
