package train

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/xqfyne/xiangqi/rules"
)

// Training data: shards written by cmd/datagen and read by cmd/train and
// scripts/nnue/train.py. A shard is a 16-byte header followed by records
// of RecordSize bytes:
//
//	header: 8 bytes magic "XQPOSDAT", uint32 version = 1, uint32 RecordSize = 50
//	record:
//	  0..44  the board, 90 squares of 4 bits, square i = rank·9 + file
//	         (rank 0 is Red's back rank, file 0 is file a), square 2k in the
//	         low nibble of byte k; 0 empty, 1+type for Red, 9+type for Black
//	         (type: king 0, advisor 1, elephant 2, horse 3, rook 4, cannon 5,
//	         pawn 6)
//	  45     bit 0: side to move (0 Red, 1 Black); bits 1-2: the game's
//	         result for the side to move (0 loss, 1 draw, 2 win)
//	  46..47 int16 score of the search from the side to move's view
//	  48..49 uint16 ply of the position in its game
//
// All integers are little-endian.
const (
	RecordSize      = 50
	dataVersion     = 1
	shardHeaderSize = 16
)

var dataMagic = [8]byte{'X', 'Q', 'P', 'O', 'S', 'D', 'A', 'T'}

// Results of a game for the side to move, as records store them.
const (
	Loss = 0
	Draw = 1
	Win  = 2
)

// Record is one training position.
type Record struct {
	Pos    *rules.Position
	Score  int // search score, side to move's view
	Result int // Loss, Draw or Win for the side to move
	Ply    int
}

// ShardHeader returns the bytes a shard starts with.
func ShardHeader() []byte {
	h := make([]byte, shardHeaderSize)
	copy(h, dataMagic[:])
	binary.LittleEndian.PutUint32(h[8:], dataVersion)
	binary.LittleEndian.PutUint32(h[12:], RecordSize)
	return h
}

// EncodeRecord packs a record into dst (RecordSize bytes).
func EncodeRecord(dst []byte, p *rules.Position, score, result, ply int) {
	dst = dst[:RecordSize]
	clear(dst)
	for rank := 0; rank < 10; rank++ {
		for file := 0; file < 9; file++ {
			pc := p.At(rules.Sq(file, rank))
			if pc == rules.NoPiece {
				continue
			}
			code := byte(1 + int(pc.Type()) + 8*int(pc.Color()))
			i := rank*9 + file
			dst[i/2] |= code << (4 * (i % 2))
		}
	}
	dst[45] = byte(p.Side()) | byte(result)<<1
	binary.LittleEndian.PutUint16(dst[46:], uint16(int16(min(max(score, -32767), 32767))))
	binary.LittleEndian.PutUint16(dst[48:], uint16(min(max(ply, 0), 65535)))
}

// DecodeRecord unpacks a record, refusing boards that are not positions.
func DecodeRecord(src []byte) (Record, error) {
	if len(src) < RecordSize {
		return Record{}, fmt.Errorf("record of %d bytes, want %d", len(src), RecordSize)
	}
	var fen bytes.Buffer
	for rank := 9; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 9; file++ {
			i := rank*9 + file
			code := src[i/2] >> (4 * (i % 2)) & 15
			if code == 0 {
				empty++
				continue
			}
			t := code&7 - 1
			if code&7 == 0 || t >= rules.NumPieceTypes {
				return Record{}, fmt.Errorf("record: square %d holds code %d, not a piece", i, code)
			}
			if empty > 0 {
				fen.WriteByte(byte('0' + empty))
				empty = 0
			}
			fen.WriteByte(rules.MakePiece(rules.Color(code>>3), rules.PieceType(t)).FENChar())
		}
		if empty > 0 {
			fen.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			fen.WriteByte('/')
		}
	}
	flags := src[45]
	if flags>>3 != 0 || flags>>1&3 > Win {
		return Record{}, fmt.Errorf("record: flags byte %#x is not a side and a result", flags)
	}
	if flags&1 == 0 {
		fen.WriteString(" w")
	} else {
		fen.WriteString(" b")
	}
	p, err := rules.ParseFEN(fen.String())
	if err != nil {
		return Record{}, fmt.Errorf("record: %v", err)
	}
	return Record{Pos: p, Result: int(flags >> 1 & 3),
		Score: int(int16(binary.LittleEndian.Uint16(src[46:]))),
		Ply:   int(binary.LittleEndian.Uint16(src[48:]))}, nil
}

// ShardReader reads the records of one shard.
type ShardReader struct {
	r   *bufio.Reader
	buf [RecordSize]byte
	n   int
}

// NewShardReader checks the shard's header and returns a reader of its records.
func NewShardReader(r io.Reader) (*ShardReader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	h := make([]byte, shardHeaderSize)
	if _, err := io.ReadFull(br, h); err != nil {
		return nil, fmt.Errorf("shard header: %v", err)
	}
	if !bytes.Equal(h[:8], dataMagic[:]) {
		return nil, errors.New("not a training data shard (bad magic)")
	}
	if v, size := binary.LittleEndian.Uint32(h[8:]), binary.LittleEndian.Uint32(h[12:]); v != dataVersion || size != RecordSize {
		return nil, fmt.Errorf("shard version %d with %d-byte records, this build reads version %d with %d", v, size, dataVersion, RecordSize)
	}
	return &ShardReader{r: br}, nil
}

// Next returns the next record; io.EOF after the last.
func (s *ShardReader) Next() (Record, error) {
	n, err := io.ReadFull(s.r, s.buf[:])
	if err == io.EOF {
		return Record{}, io.EOF
	}
	if err != nil {
		return Record{}, fmt.Errorf("record %d: cut short after %d bytes", s.n, n)
	}
	rec, err := DecodeRecord(s.buf[:])
	if err != nil {
		return Record{}, fmt.Errorf("record %d: %v", s.n, err)
	}
	s.n++
	return rec, nil
}
