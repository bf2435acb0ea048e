package rules

// Zobrist keys are 96 bits (key, lock0, lock1) drawn from an RC4 stream with an
// empty key, exactly as ElephantEye and XQWLight draw them, so lock1 matches the
// positions stored in their opening books.

type zobristKey struct{ key, lock0, lock1 uint32 }

func (z *zobristKey) xor(o *zobristKey) {
	z.key ^= o.key
	z.lock0 ^= o.lock0
	z.lock1 ^= o.lock1
}

var (
	zobristSide   zobristKey
	zobristPieces [14][256]zobristKey
)

// rc4 is the RC4 keystream generator; only the empty-key schedule is needed.
type rc4 struct {
	s    [256]byte
	x, y byte
}

func newRC4EmptyKey() *rc4 {
	r := &rc4{}
	for i := range r.s {
		r.s[i] = byte(i)
	}
	var j byte
	for i := 0; i < 256; i++ {
		j += r.s[i] // key bytes are all zero
		r.s[i], r.s[j] = r.s[j], r.s[i]
	}
	return r
}

func (r *rc4) nextByte() byte {
	r.x++
	r.y += r.s[r.x]
	r.s[r.x], r.s[r.y] = r.s[r.y], r.s[r.x]
	return r.s[r.s[r.x]+r.s[r.y]]
}

// nextWord takes four stream bytes, little-endian.
func (r *rc4) nextWord() uint32 {
	b0, b1, b2, b3 := r.nextByte(), r.nextByte(), r.nextByte(), r.nextByte()
	return uint32(b0) | uint32(b1)<<8 | uint32(b2)<<16 | uint32(b3)<<24
}

func (r *rc4) nextKey() zobristKey {
	k := r.nextWord()
	l0 := r.nextWord()
	l1 := r.nextWord()
	return zobristKey{k, l0, l1}
}

func init() {
	r := newRC4EmptyKey()
	zobristSide = r.nextKey()
	for p := 0; p < 14; p++ {
		for sq := 0; sq < 256; sq++ {
			zobristPieces[p][sq] = r.nextKey()
		}
	}
}
