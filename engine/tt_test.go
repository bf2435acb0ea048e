package engine

import (
	"sync"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

func TestTTStoreProbe(t *testing.T) {
	tt := NewTranspositionTable(1)
	if tt.SizeMB() != 1 {
		t.Fatalf("size %d MB", tt.SizeMB())
	}
	const h = 0x123456789abcdef0
	if _, ok := tt.Probe(h); ok {
		t.Fatal("hit in an empty table")
	}
	m := rules.NewMove(rules.Sq(7, 2), rules.Sq(4, 2))
	tt.Store(h, m, -345, 7, BoundLower)
	e, ok := tt.Probe(h)
	if !ok || e.Move != m || e.Score != -345 || e.Depth != 7 || e.Bound != BoundLower {
		t.Fatalf("probe after store: %+v %v", e, ok)
	}
	// Same bucket, different lock: a miss.
	if _, ok := tt.Probe(h ^ 1<<40); ok {
		t.Fatal("lock mismatch accepted")
	}
	// A shallower inexact result keeps the deep exact one but learns its move.
	tt.Store(h, m, 10, 9, BoundExact)
	m2 := rules.NewMove(rules.Sq(1, 2), rules.Sq(4, 2))
	tt.Store(h, m2, 50, 3, BoundUpper)
	if e, _ := tt.Probe(h); e.Depth != 9 || e.Score != 10 || e.Bound != BoundExact || e.Move != m2 {
		t.Fatalf("deep exact entry lost: %+v", e)
	}
	// No move given: the known move stays.
	tt.Store(h, rules.NoMove, 60, 12, BoundLower)
	if e, _ := tt.Probe(h); e.Move != m2 || e.Depth != 12 {
		t.Fatalf("move forgotten: %+v", e)
	}
	tt.Clear()
	if _, ok := tt.Probe(h); ok {
		t.Fatal("hit after Clear")
	}
}

func TestTTReplacementPrefersDepthAndAge(t *testing.T) {
	tt := NewTranspositionTable(1)
	// Three keys in one bucket (same low 32 bits).
	a, b, c := uint64(1)<<32|5, uint64(2)<<32|5, uint64(3)<<32|5
	tt.Store(a, rules.NoMove, 1, 10, BoundExact)
	tt.Store(b, rules.NoMove, 2, 2, BoundExact)
	tt.Store(c, rules.NoMove, 3, 5, BoundExact) // replaces the shallow b
	if _, ok := tt.Probe(b); ok {
		t.Fatal("shallow entry survived")
	}
	if _, ok := tt.Probe(a); !ok {
		t.Fatal("deep entry replaced")
	}
	for i := 0; i < 3; i++ {
		tt.NewSearch()
	}
	tt.Store(b, rules.NoMove, 2, 1, BoundExact) // old deep entries give way
	if _, ok := tt.Probe(b); !ok {
		t.Fatal("new entry not stored over old ones")
	}
}

func TestMateScoresInTT(t *testing.T) {
	// Mate in 3 plies from a node 4 plies from the root: stored as 3 from the node.
	v := MateValue - 7
	stored := scoreToTT(v, 4)
	if stored != MateValue-3 {
		t.Fatalf("stored %d", stored)
	}
	if got, ok := scoreFromTT(stored, 10); !ok || got != MateValue-13 {
		t.Fatalf("read back at ply 10: %d %v", got, ok)
	}
	if got, ok := scoreFromTT(scoreToTT(-MateValue+6, 2), 5); !ok || got != -MateValue+9 {
		t.Fatalf("mated score: %d %v", got, ok)
	}
	// Perpetual-check verdicts are path dependent: never trusted.
	if _, ok := scoreFromTT(scoreToTT(BanValue-6, 2), 2); ok {
		t.Fatal("ban score trusted")
	}
	if _, ok := scoreFromTT(scoreToTT(6-BanValue, 3), 1); ok {
		t.Fatal("negative ban score trusted")
	}
	if got, ok := scoreFromTT(123, 9); !ok || got != 123 {
		t.Fatal("plain score changed")
	}
}

// TestTTConcurrentAccess hammers the table from several goroutines (run
// with -race): every hit must be an entry that some writer stored whole.
func TestTTConcurrentAccess(t *testing.T) {
	tt := NewTranspositionTable(1)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 20000; i++ {
				h := uint64(i%97)<<32 | uint64(i%13)
				d := i % 50
				// Score and depth are tied to the key so torn entries show.
				tt.Store(h, rules.Move(h&0xff00|0x33), int(h>>32), d, BoundExact)
				if e, ok := tt.Probe(h); ok && (e.Score != int(h>>32) || e.Move != rules.Move(h&0xff00|0x33)) {
					t.Errorf("torn entry %+v for %x", e, h)
					return
				}
			}
		}(g)
	}
	wg.Wait()
}

// BenchmarkTTClear measures clearing a 16 MB table (every new game, and
// before each bench position).
func BenchmarkTTClear(b *testing.B) {
	t := NewTranspositionTable(16)
	for i := 0; i < b.N; i++ {
		t.Clear()
	}
}

func TestSearcherDefaultHashSize(t *testing.T) {
	s := NewSearcher(Options{})
	if s.Options().HashMB != DefaultHashMB || s.tt.SizeMB() != DefaultHashMB {
		t.Fatalf("new searcher: option %d MB, table %d MB, want %d", s.Options().HashMB, s.tt.SizeMB(), DefaultHashMB)
	}
	s.SetHashMB(DefaultHashMB * 4)
	if s.tt.SizeMB() != DefaultHashMB*4 {
		t.Fatalf("after SetHashMB(%d): table %d MB", DefaultHashMB*4, s.tt.SizeMB())
	}
	s.SetHashMB(0) // no size given: back to the default
	if s.Options().HashMB != DefaultHashMB || s.tt.SizeMB() != DefaultHashMB {
		t.Fatalf("after SetHashMB(0): option %d MB, table %d MB", s.Options().HashMB, s.tt.SizeMB())
	}
}
