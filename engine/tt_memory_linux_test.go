package engine

import (
	"syscall"
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

// A new table's pages are in memory when NewTranspositionTable returns, not
// filled in by the search that first writes them.
func TestTTMemoryResidentWhenMade(t *testing.T) {
	tt := NewTranspositionTable(8)
	if tt.mapped == nil {
		t.Fatal("8 MB table not mapped")
	}
	mem := tt.mapped.mem
	pageSize := syscall.Getpagesize()
	resident := make([]byte, (len(mem)+pageSize-1)/pageSize)
	if _, _, errno := syscall.Syscall(syscall.SYS_MINCORE, uintptr(unsafe.Pointer(&mem[0])), uintptr(len(mem)),
		uintptr(unsafe.Pointer(&resident[0]))); errno != 0 {
		t.Skipf("mincore: %v", errno)
	}
	// The table starts at the first huge-page boundary of the mapping.
	first := int(uintptr(unsafe.Pointer(&tt.buckets[0]))-uintptr(unsafe.Pointer(&mem[0]))) / pageSize
	table := resident[first : first+8<<20/pageSize]
	missing := 0
	for _, r := range table {
		if r&1 == 0 {
			missing++
		}
	}
	if missing > 0 {
		t.Fatalf("%d of the table's %d pages not in memory after it was made", missing, len(table))
	}
}
