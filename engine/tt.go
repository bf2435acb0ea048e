package engine

import (
	"sync/atomic"
	"unsafe"

	"github.com/xqfyne/xiangqi/rules"
)

// Bound tells how a hash-table score relates to the true value of a position.
type Bound uint8

// Bounds stored in the transposition table.
const (
	BoundNone  Bound = 0
	BoundUpper Bound = 1 // failed low: the true score is at most the stored one ("alpha" entry)
	BoundLower Bound = 2 // failed high: the true score is at least the stored one ("beta" entry)
	BoundExact Bound = 3 // principal-variation node
)

// ttEntry is one slot. It is stored as two words, check = hash ^ data and
// data, so that searcher goroutines can read and write without locks: a torn
// write makes the check fail and reads as a miss (the "lockless hashing"
// scheme). Data layout: move 16 bits, score 16, depth 8, bound 2, age 6;
// the free top 16 bits stay free (docs/engine-log.md, "Hash entries and
// buckets").
type ttEntry struct {
	check atomic.Uint64
	data  atomic.Uint64
}

// ttBucketSize entries share a bucket; two 16-byte entries fill half a cache
// line. (Four, a whole line, searched no better: docs/engine-log.md, "Hash
// entries and buckets".)
const ttBucketSize = 2

type ttBucket [ttBucketSize]ttEntry

// TTHit is what a probe returns.
type TTHit struct {
	Move  rules.Move
	Score int // relative to the stored node; see scoreFromTT
	Depth int
	Bound Bound
}

// TranspositionTable caches search results keyed by the position's 64-bit
// Zobrist hash (key and lock0). Replacement prefers deep entries of the
// current search and lets entries of older searches go first.
type TranspositionTable struct {
	buckets []ttBucket
	// mapped holds buckets when they are not on the Go heap (tt_memory_*.go);
	// it also keeps that memory alive as long as the table.
	mapped *ttMemory
	age    uint8 // 6 bits, advanced once per search
}

const ttMaxMB = 4096

// NewTranspositionTable allocates a table of about mb megabytes (at least one
// bucket; sizes above 4096 MB are clamped).
func NewTranspositionTable(mb int) *TranspositionTable {
	t := &TranspositionTable{}
	t.Resize(mb)
	return t
}

// Resize reallocates the table, dropping its contents.
func (t *TranspositionTable) Resize(mb int) {
	if mb < 1 {
		mb = 1
	}
	if mb > ttMaxMB {
		mb = ttMaxMB
	}
	const bucketBytes = ttBucketSize * 16
	n := mb * (1 << 20) / bucketBytes
	if t.mapped != nil {
		t.buckets = nil
		t.mapped.free()
	}
	t.buckets, t.mapped = allocBuckets(n)
	if mb >= touchMinMB {
		touchPages(t.buckets)
	}
	t.age = 0
}

// touchMinMB is the size from which a table's pages are written when it is
// made, and written again by Clear. The kernel (and Go's heap for a large
// allocation) hands out memory as pages filled on their first write; left to
// the search, a 1 GB table's first writes (huge pages, compacted for) took
// 1.4 s of the first move's time, which touchPages makes the table's maker's
// time: a GUI's setoption, not its go. A smaller table's first writes cost
// the search a millisecond or two, and the app's table (16 MB on the desktop,
// 4 MB on phones) then takes no memory until the engine first thinks, nor
// after a new game has cleared it, until it thinks again (docs/budget.md).
const touchMinMB = 64

// touchPages writes to every page of the table.
func touchPages(buckets []ttBucket) {
	const pageBytes = 4096
	step := max(pageBytes/int(unsafe.Sizeof(ttBucket{})), 1)
	for i := 0; i < len(buckets); i += step {
		buckets[i][0].data.Store(0)
	}
}

// SizeMB returns the table size in megabytes.
func (t *TranspositionTable) SizeMB() int { return len(t.buckets) * ttBucketSize * 16 >> 20 }

// Clear empties the table (for a new game).
// No search may use the table meanwhile: the slots are zeroed as plain
// memory, several times faster than storing to each atomically. A mapped
// table under touchMinMB is instead given back to the kernel, whose fresh
// pages read as zeros: the memory is free until the next search writes it.
func (t *TranspositionTable) Clear() {
	t.age = 0
	if t.mapped != nil && t.SizeMB() < touchMinMB && t.mapped.release() {
		return
	}
	clear(t.buckets)
}

// NewSearch ages the table so that entries of earlier searches are replaced first.
func (t *TranspositionTable) NewSearch() { t.age = (t.age + 1) & 63 }

func (t *TranspositionTable) bucket(hash uint64) *ttBucket {
	// Multiply-shift maps the 32-bit key onto any table size without a modulo.
	return &t.buckets[(uint64(uint32(hash))*uint64(len(t.buckets)))>>32]
}

// Prefetch starts loading the bucket of a position whose key is known ahead
// of its probe: a probe that misses every cache costs about as much as the
// rest of a quiescence node, and the move's other work can overlap it.
func (t *TranspositionTable) Prefetch(key uint32) {
	prefetch(unsafe.Pointer(t.bucket(uint64(key))))
}

func packTT(m rules.Move, score, depth int, b Bound, age uint8) uint64 {
	return uint64(m) | uint64(uint16(int16(score)))<<16 | uint64(uint8(depth))<<32 |
		uint64(b)<<40 | uint64(age)<<42
}

func unpackTT(d uint64) TTHit {
	return TTHit{
		Move:  rules.Move(d),
		Score: int(int16(uint16(d >> 16))),
		Depth: int(uint8(d >> 32)),
		Bound: Bound((d >> 40) & 3),
	}
}

func entryAge(d uint64) uint8 { return uint8(d>>42) & 63 }

// Probe looks the position up. The hash value 0 never matches an empty slot
// because empty slots have bound BoundNone, which is rejected.
func (t *TranspositionTable) Probe(hash uint64) (TTHit, bool) {
	b := t.bucket(hash)
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == hash {
			h := unpackTT(d)
			if h.Bound == BoundNone {
				return TTHit{}, false
			}
			return h, true
		}
	}
	return TTHit{}, false
}

// Store records a search result. An entry for the same position is replaced
// unless it is deeper and exact while the new one is not; otherwise the
// shallowest entry, counting older searches as much shallower, gives way. A
// result without a move keeps the move already known for the position.
func (t *TranspositionTable) Store(hash uint64, m rules.Move, score, depth int, b Bound) {
	if depth < 0 {
		depth = 0
	}
	if depth > 255 {
		depth = 255
	}
	bk := t.bucket(hash)
	victim := -1
	worst := 1 << 30
	for i := range bk {
		d := bk[i].data.Load()
		if bk[i].check.Load()^d == hash {
			old := unpackTT(d)
			if m == rules.NoMove {
				m = old.Move
			}
			if old.Bound == BoundExact && b != BoundExact && old.Depth > depth && entryAge(d) == t.age {
				if m != old.Move { // keep the deep result, refresh only its move
					nd := packTT(m, old.Score, old.Depth, old.Bound, t.age)
					bk[i].check.Store(hash ^ nd)
					bk[i].data.Store(nd)
				}
				return
			}
			victim = i
			break
		}
		ageGap := int((t.age - entryAge(d)) & 63)
		value := int(uint8(d>>32)) - 8*ageGap
		if Bound((d>>40)&3) == BoundNone {
			value = -1 << 20
		}
		if value < worst {
			worst, victim = value, i
		}
	}
	nd := packTT(m, score, depth, b, t.age)
	bk[victim].check.Store(hash ^ nd)
	bk[victim].data.Store(nd)
}

// Hashfull returns the permille of slots holding an entry of the current
// search, sampled over the first thousand slots (UCI "hashfull").
func (t *TranspositionTable) Hashfull() int {
	n := len(t.buckets)
	if n > 500 {
		n = 500
	}
	used, total := 0, 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i] {
			total++
			d := t.buckets[i][j].data.Load()
			if Bound((d>>40)&3) != BoundNone && entryAge(d) == t.age {
				used++
			}
		}
	}
	if total == 0 {
		return 0
	}
	return used * 1000 / total
}
