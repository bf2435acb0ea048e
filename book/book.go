package book

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sort"
	"sync"

	"github.com/xqfyne/xiangqi/rules"
)

// Opening books use the record layout of ElephantEye's BOOK.DAT (also read by
// XQWLight, article 003 §6.1): 8 bytes per record, little-endian
//
//	uint32 lock   – Position.Lock1() of the position
//	uint16 move   – from + to*256 on the 16x16 board (the Move layout)
//	uint16 weight – relative frequency among the moves of that position
//
// sorted by lock, with a position and its left-right mirror stored only once.
// Keeping the exact layout lets a user load an ElephantEye book in place of ours.
const bookRecordSize = 8

// maxBookFileSize bounds LoadBookFile so a wrong path (a video, a disk image)
// fails fast instead of filling memory; real books are well under 1 MB.
const maxBookFileSize = 64 << 20

// BookMove is a move found in the book with its weight.
type BookMove struct {
	Move   rules.Move
	Weight int
}

type bookRecord struct {
	lock   uint32
	move   rules.Move
	weight uint16
}

// Book is an opening book loaded in memory. It is read-only after loading and
// safe for concurrent use.
type Book struct {
	records []bookRecord
}

// LoadBook parses book data in the ElephantEye layout. Data that is empty, not
// a whole number of records, not sorted by lock or holding a move with a square
// off the board is rejected with an error that names the problem.
func LoadBook(data []byte) (*Book, error) {
	if len(data) == 0 {
		return nil, fmt.Errorf("opening book: no data")
	}
	if len(data)%bookRecordSize != 0 {
		return nil, fmt.Errorf("opening book: size %d bytes is not a multiple of %d (truncated or not a book)",
			len(data), bookRecordSize)
	}
	n := len(data) / bookRecordSize
	records := make([]bookRecord, n)
	for i := range records {
		rec := data[i*bookRecordSize : (i+1)*bookRecordSize]
		r := bookRecord{
			lock:   binary.LittleEndian.Uint32(rec[0:4]),
			move:   rules.Move(binary.LittleEndian.Uint16(rec[4:6])),
			weight: binary.LittleEndian.Uint16(rec[6:8]),
		}
		from, to := r.move.From(), r.move.To()
		if !from.OnBoard() || !to.OnBoard() || from == to {
			return nil, fmt.Errorf("opening book: record %d: move 0x%04x is not a move on the board", i, uint16(r.move))
		}
		// Binary search needs the order; an unsorted file is corrupt, not merely slow.
		if i > 0 && r.lock < records[i-1].lock {
			return nil, fmt.Errorf("opening book: record %d: records are not sorted by position key", i)
		}
		records[i] = r
	}
	return &Book{records: records}, nil
}

// LoadBookFile reads and parses a book file such as ElephantEye's BOOK.DAT.
// Only a regular file is read, and no more of it than a book can be: a
// device such as /dev/zero, or a pipe, would never end.
func LoadBookFile(path string) (*Book, error) {
	// Stat, not Open, first: opening a pipe waits for a writer.
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("opening book: %w", err)
	}
	switch {
	case info.IsDir():
		return nil, fmt.Errorf("opening book %s: is a directory", path)
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("opening book %s: not a regular file (a device, pipe or socket)", path)
	case info.Size() > maxBookFileSize:
		return nil, fmt.Errorf("opening book %s: %d bytes is too large for a book", path, info.Size())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening book: %w", err)
	}
	defer f.Close()
	// The file may grow after Stat: read one byte past the limit to see.
	data, err := io.ReadAll(io.LimitReader(f, maxBookFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("opening book: %w", err)
	}
	if len(data) > maxBookFileSize {
		return nil, fmt.Errorf("opening book %s: too large for a book", path)
	}
	b, err := LoadBook(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// Len returns the number of records in the book.
func (b *Book) Len() int { return len(b.records) }

// lookup returns the records stored for one lock (possibly none).
func (b *Book) lookup(lock uint32) []bookRecord {
	lo := sort.Search(len(b.records), func(i int) bool { return b.records[i].lock >= lock })
	hi := lo
	for hi < len(b.records) && b.records[hi].lock == lock {
		hi++
	}
	return b.records[lo:hi]
}

// Moves returns the legal book moves of the position, highest weight first
// (ties by move number, so the order is deterministic). When the position is
// not stored, its left-right mirror is looked up and the moves mirrored back.
// In a symmetric position (such as the start) a move and its mirror are
// equally good, so each one is offered with the larger of their two weights.
// Moves that are not legal here (key collisions, corrupt entries) are left out.
func (b *Book) Moves(p *rules.Position) []BookMove {
	if b == nil || len(b.records) == 0 {
		return nil
	}
	lock := p.Lock1()
	mirrorLock := p.Mirror().Lock1()
	symmetric := mirrorLock == lock
	recs, mirrored := b.lookup(lock), false
	if len(recs) == 0 && !symmetric {
		recs, mirrored = b.lookup(mirrorLock), true
	}
	if len(recs) == 0 {
		return nil
	}
	moves := make([]BookMove, 0, 2*len(recs))
	add := func(m rules.Move, w int) {
		for i := range moves {
			if moves[i].Move == m {
				moves[i].Weight = max(moves[i].Weight, w)
				return
			}
		}
		if p.IsLegal(m) {
			moves = append(moves, BookMove{Move: m, Weight: w})
		}
	}
	for _, r := range recs {
		m := r.move
		if mirrored {
			m = m.Mirror()
		}
		add(m, int(r.weight))
		if symmetric {
			add(m.Mirror(), int(r.weight))
		}
	}
	sort.Slice(moves, func(i, j int) bool {
		if moves[i].Weight != moves[j].Weight {
			return moves[i].Weight > moves[j].Weight
		}
		return moves[i].Move < moves[j].Move
	})
	return moves
}

// Probe picks a book move for the position. With rnd nil the choice is
// deterministic: the move with the highest weight. Otherwise a move is drawn
// with probability proportional to its weight (uniformly when every weight is
// zero), which keeps games varied. ok is false when the book has no legal move.
func (b *Book) Probe(p *rules.Position, rnd *rand.Rand) (rules.Move, bool) {
	moves := b.Moves(p)
	if len(moves) == 0 {
		return rules.NoMove, false
	}
	return pickBookMove(moves, rnd), true
}

func pickBookMove(moves []BookMove, rnd *rand.Rand) rules.Move {
	if rnd == nil {
		return moves[0].Move
	}
	total := 0
	for _, m := range moves {
		total += m.Weight
	}
	if total == 0 {
		return moves[rnd.IntN(len(moves))].Move
	}
	x := rnd.IntN(total)
	for _, m := range moves {
		if x < m.Weight {
			return m.Move
		}
		x -= m.Weight
	}
	return moves[0].Move // not reached: x < total
}

// Prober adapts the book to Options.BookProbe / Searcher.SetBookProbe. The
// returned function may be called from several goroutines; rnd (nil for
// deterministic play) is used under a lock because rand.Rand is not safe for
// concurrent use.
func (b *Book) Prober(rnd *rand.Rand) func(*rules.Position) (rules.Move, bool) {
	var mu sync.Mutex
	return func(p *rules.Position) (rules.Move, bool) {
		moves := b.Moves(p)
		if len(moves) == 0 {
			return rules.NoMove, false
		}
		mu.Lock()
		defer mu.Unlock()
		return pickBookMove(moves, rnd), true
	}
}
