//go:build linux

package engine

import (
	"runtime"
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on Linux (x86-64 and arm64).
const hugePage = 2 << 20

// madvHugePage is MADV_HUGEPAGE, which package syscall does not name.
const madvHugePage = 14

// ttMemory is a table's storage mapped outside the Go heap. It is unmapped
// by free, or by the collector's cleanup once the table is dropped.
type ttMemory struct {
	mem     []byte
	cleanup runtime.Cleanup
}

// release gives the table's pages back to the kernel (false if it refused):
// a private anonymous mapping reads as zeros again, an empty table, and its
// pages are filled in anew as the search writes them.
func (m *ttMemory) release() bool { return syscall.Madvise(m.mem, syscall.MADV_DONTNEED) == nil }

func (m *ttMemory) free() {
	m.cleanup.Stop()
	_ = syscall.Munmap(m.mem)
}

// allocBuckets maps n buckets and asks the kernel for transparent huge pages:
// the table is probed at random about once a node, and with 4 KB pages
// nearly every probe also misses the TLB (under a hypervisor a miss walks
// two page tables). Go's runtime does not ask for huge pages for its heap,
// so the table does it itself (docs/engine-log.md, "Huge pages"). Buckets
// hold no pointers, so memory the collector does not scan suits them. Small
// tables, and any failure, take heap memory (mem nil).
func allocBuckets(n int) (buckets []ttBucket, mem *ttMemory) {
	size := n * int(unsafe.Sizeof(ttBucket{}))
	if size < hugePage {
		return make([]ttBucket, n), nil
	}
	// One huge page more, to start the table on a huge-page boundary: only
	// whole aligned 2 MB ranges can be backed by huge pages.
	raw, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS)
	if err != nil {
		return make([]ttBucket, n), nil
	}
	off := 0
	if r := uintptr(unsafe.Pointer(&raw[0])) % hugePage; r != 0 {
		off = int(hugePage - r)
	}
	// Advice only: without huge pages the table still works on small ones.
	_ = syscall.Madvise(raw[off:off+size], madvHugePage)
	mem = &ttMemory{mem: raw}
	mem.cleanup = runtime.AddCleanup(mem, func(raw []byte) { _ = syscall.Munmap(raw) }, raw)
	return unsafe.Slice((*ttBucket)(unsafe.Pointer(&raw[off])), n), mem
}
