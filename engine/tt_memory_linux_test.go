package engine

import (
	"syscall"
	"testing"
	"unsafe"

	"github.com/xqfyne/xiangqi/rules"
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

// residentPages is how many of the table's pages are in memory, and how many
// it has (the table starts at the first huge-page boundary of its mapping).
func residentPages(t *testing.T, tt *TranspositionTable) (resident, pages int) {
	t.Helper()
	mem := tt.mapped.mem
	pageSize := syscall.Getpagesize()
	in := make([]byte, (len(mem)+pageSize-1)/pageSize)
	if _, _, errno := syscall.Syscall(syscall.SYS_MINCORE, uintptr(unsafe.Pointer(&mem[0])), uintptr(len(mem)),
		uintptr(unsafe.Pointer(&in[0]))); errno != 0 {
		t.Skipf("mincore: %v", errno)
	}
	first := int(uintptr(unsafe.Pointer(&tt.buckets[0]))-uintptr(unsafe.Pointer(&mem[0]))) / pageSize
	table := in[first : first+tt.SizeMB()<<20/pageSize]
	for _, r := range table {
		if r&1 != 0 {
			resident++
		}
	}
	return resident, len(table)
}

// A large table's pages are in memory when NewTranspositionTable returns, not
// filled in by the search that first writes them, and Clear keeps them.
func TestTTMemoryResidentWhenMade(t *testing.T) {
	tt := NewTranspositionTable(touchMinMB)
	if tt.mapped == nil {
		t.Fatalf("%d MB table not mapped", touchMinMB)
	}
	if in, pages := residentPages(t, tt); in < pages {
		t.Fatalf("%d of the table's %d pages not in memory after it was made", pages-in, pages)
	}
	tt.Clear()
	if in, pages := residentPages(t, tt); in < pages {
		t.Fatalf("%d of the table's %d pages not in memory after Clear", pages-in, pages)
	}
}

// A small table (the app's: 16 MB on the desktop, 4 MB on phones) takes no
// memory until a search writes it, and gives it back when cleared for a new
// game, empty: every probe misses, as in a table cleared by writing.
func TestTTSmallTableTakesMemoryOnlyOnceWritten(t *testing.T) {
	tt := NewTranspositionTable(16)
	if tt.mapped == nil {
		t.Fatal("16 MB table not mapped")
	}
	// The kernel may back the mapping with huge pages (2 MB, 512 small pages
	// each), so a first write can bring in up to one huge page.
	const hugePages = hugePage / 4096
	if in, pages := residentPages(t, tt); in > hugePages {
		t.Fatalf("%d of a new table's %d pages in memory before any write", in, pages)
	}
	keys := make([]uint64, 4096)
	for i := range keys {
		keys[i] = uint64(i) * 0x9E3779B97F4A7C15
		tt.Store(keys[i], rules.Move(i+1), 7, 3, BoundExact)
	}
	if in, pages := residentPages(t, tt); in < pages/2 {
		t.Fatalf("only %d of %d pages in memory after 4096 stores across the table", in, pages)
	}
	tt.Clear()
	if in, pages := residentPages(t, tt); in > hugePages {
		t.Fatalf("%d of the table's %d pages still in memory after Clear", in, pages)
	}
	for _, k := range keys {
		if hit, ok := tt.Probe(k); ok {
			t.Fatalf("key %#x found after Clear: %+v", k, hit)
		}
	}
}
