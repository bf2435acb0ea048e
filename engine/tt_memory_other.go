//go:build !linux

package engine

// ttMemory would be a table's storage outside the Go heap; only Linux maps
// one (tt_memory_linux.go explains why).
type ttMemory struct{}

func (*ttMemory) free() {}

// release never happens: there is no mapping to give back.
func (*ttMemory) release() bool { return false }

// allocBuckets takes the table from the Go heap.
func allocBuckets(n int) (buckets []ttBucket, mem *ttMemory) {
	return make([]ttBucket, n), nil
}
