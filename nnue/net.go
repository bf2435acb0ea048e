package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
)

// Quantisation scales of file format version 1 (see the package doc).
const (
	// ActScale is the accumulator value that means 1.0 (the clip's top).
	ActScale = 127
	// HiddenScale is the hidden-layer weight that means 1.0.
	HiddenScale = 64
	// hiddenShift divides by HiddenScale.
	hiddenShift = 6
	// OutputScale is the output weight that means 1.0.
	OutputScale = 1024
)

// Limits of the header's fields.
const (
	formatVersion  = 1
	minHidden      = 8
	maxHidden      = 1024
	maxL2          = 256
	maxOutScale    = 100000
	maxDescription = 4096
	headerSize     = 36
	// MaxFileSize bounds what LoadFile reads: the largest net the header
	// allows is about 16 MB.
	MaxFileSize = 32 << 20
)

// magic opens every net file.
var magic = [8]byte{'X', 'Q', 'N', 'N', 'U', 'E', 0x1a, '\n'}

// Net is a quantised network, read-only once loaded and safe to share
// between search threads.
type Net struct {
	H, L2       int
	OutScale    int32
	Description string
	ftBias      []int16 // H
	ftWeights   []int16 // Inputs × H, input-major
	hiddenBias  []int32 // L2
	hiddenW     []int8  // L2 × 2H, the file's order
	// hiddenPacked is what the evaluation reads (prepare): for each of
	// the 2H inputs, its L2 weights two to an int64 (the lower in the low
	// 32 bits), so that one multiplication serves two sums.
	hiddenPacked []int64
	// hiddenBlocked is the vector kernels' layout (blockHidden), where
	// there are vector kernels and L2 is a multiple of 8; nil otherwise.
	hiddenBlocked []int16
	pairs         int // L2/2 rounded up
	outBias       int32
	outW          []int16 // L2
}

// Load reads a net in the format of the package doc.
func Load(data []byte) (*Net, error) {
	if len(data) < headerSize+4 {
		return nil, fmt.Errorf("nnue: file of %d bytes is too short for a net", len(data))
	}
	if !bytes.Equal(data[:8], magic[:]) {
		return nil, errors.New("nnue: not a net file (bad magic)")
	}
	le := binary.LittleEndian
	if v := le.Uint32(data[8:]); v != formatVersion {
		return nil, fmt.Errorf("nnue: format version %d, this build reads version %d", v, formatVersion)
	}
	if fs := le.Uint32(data[12:]); fs != featureSetID {
		return nil, fmt.Errorf("nnue: feature set %d, this build knows feature set %d", fs, featureSetID)
	}
	if in := le.Uint32(data[16:]); in != Inputs {
		return nil, fmt.Errorf("nnue: %d inputs, feature set %d has %d", in, featureSetID, Inputs)
	}
	h, l2 := le.Uint32(data[20:]), le.Uint32(data[24:])
	if h < minHidden || h > maxHidden || h%8 != 0 {
		return nil, fmt.Errorf("nnue: accumulator size %d, want a multiple of 8 from %d to %d", h, minHidden, maxHidden)
	}
	if l2 < 1 || l2 > maxL2 {
		return nil, fmt.Errorf("nnue: hidden layer size %d, want 1 to %d", l2, maxL2)
	}
	outScale := int32(le.Uint32(data[28:]))
	if outScale < 1 || outScale > maxOutScale {
		return nil, fmt.Errorf("nnue: output scale %d, want 1 to %d", outScale, maxOutScale)
	}
	descLen := le.Uint32(data[32:])
	if descLen > maxDescription {
		return nil, fmt.Errorf("nnue: description of %d bytes, at most %d allowed", descLen, maxDescription)
	}
	n := &Net{H: int(h), L2: int(l2), OutScale: outScale}
	want := n.fileSize(int(descLen))
	if len(data) != want {
		return nil, fmt.Errorf("nnue: file has %d bytes, its header (H=%d, L2=%d) needs %d", len(data), h, l2, want)
	}
	body := data[:len(data)-4]
	if sum, stored := crc32.ChecksumIEEE(body), le.Uint32(data[len(data)-4:]); sum != stored {
		return nil, fmt.Errorf("nnue: checksum %08x does not match the stored %08x (damaged file)", sum, stored)
	}
	rest := body[headerSize:]
	n.Description = string(rest[:descLen])
	rest = rest[descLen:]
	n.allocate()
	// The length was checked above, so each slice of rest is long enough. The weights
	// are decoded straight from data: encoding/binary.Read copies each array into a
	// buffer first and calls the byte order through an interface for every value, which
	// in the browser build made this decode 0.1 s of the app's start (docs/budget.md).
	rest = getInt16s(n.ftBias, rest)
	rest = getInt16s(n.ftWeights, rest)
	for i := range n.hiddenBias {
		n.hiddenBias[i] = int32(le.Uint32(rest[4*i:]))
	}
	rest = rest[4*len(n.hiddenBias):]
	for i := range n.hiddenW {
		n.hiddenW[i] = int8(rest[i])
	}
	rest = rest[len(n.hiddenW):]
	n.outBias = int32(le.Uint32(rest))
	getInt16s(n.outW, rest[4:])
	return n.prepare(), nil
}

// getInt16s decodes len(dst) little-endian int16s from the front of b and returns the
// rest of b.
func getInt16s(dst []int16, b []byte) []byte {
	src := b[:2*len(dst)]
	for i := range dst {
		dst[i] = int16(binary.LittleEndian.Uint16(src[2*i:]))
	}
	return b[2*len(dst):]
}

// LoadFile reads a net file.
func LoadFile(path string) (*Net, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("nnue: %v", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("nnue: reading %s: %v", path, err)
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("nnue: %s is larger than %d bytes, not a net", path, MaxFileSize)
	}
	n, err := Load(data)
	if err != nil {
		return nil, fmt.Errorf("%v (%s)", err, path)
	}
	return n, nil
}

// fileSize is the length of the file of n with a description of descLen bytes.
func (n *Net) fileSize(descLen int) int {
	return headerSize + descLen + 2*n.H + 2*Inputs*n.H + 4*n.L2 + 2*n.H*n.L2 + 4 + 2*n.L2 + 4
}

func (n *Net) allocate() {
	n.ftBias = make([]int16, n.H)
	n.ftWeights = make([]int16, Inputs*n.H)
	n.hiddenBias = make([]int32, n.L2)
	n.hiddenW = make([]int8, n.L2*2*n.H)
	n.outW = make([]int16, n.L2)
}

// Bytes encodes the net in the file format.
func (n *Net) Bytes() []byte {
	le := binary.LittleEndian
	var b bytes.Buffer
	b.Write(magic[:])
	desc := n.Description
	if len(desc) > maxDescription {
		desc = desc[:maxDescription]
	}
	for _, v := range []uint32{formatVersion, featureSetID, Inputs, uint32(n.H), uint32(n.L2), uint32(n.OutScale), uint32(len(desc))} {
		binary.Write(&b, le, v)
	}
	b.WriteString(desc)
	for _, src := range []any{n.ftBias, n.ftWeights, n.hiddenBias, n.hiddenW, n.outBias, n.outW} {
		binary.Write(&b, le, src)
	}
	binary.Write(&b, le, crc32.ChecksumIEEE(b.Bytes()))
	return b.Bytes()
}

// column returns the first-layer weights of input f.
func (n *Net) column(f int) []int16 { return n.ftWeights[f*n.H : (f+1)*n.H] }

// prepare derives the layout the evaluation reads: the hidden weights
// input-major, so that an input clipped to zero (often half of them) is
// skipped with its whole row, and packed two to an int64 (the Go kernel's
// layout; the vector kernels read hiddenBlocked). Go has no SIMD,
// but a 64-bit multiplication of an activation a by w0 + w1·2³² gives
// a·w0 + a·w1·2³² at once; the sums stay exact because each lane's sum
// fits in 32 bits (2H · 127 · 128 < 2³¹) and the lower lane's borrow is
// undone when the lanes are taken apart (output).
func (n *Net) prepare() *Net {
	in := 2 * n.H
	n.pairs = (n.L2 + 1) / 2
	n.hiddenPacked = make([]int64, in*n.pairs)
	for i := 0; i < in; i++ {
		for j := 0; j < n.L2; j++ {
			w := int64(n.hiddenW[j*in+i])
			if j%2 == 1 {
				w <<= 32
			}
			n.hiddenPacked[i*n.pairs+j/2] += w
		}
	}
	if len(kernelSets()) > 1 {
		n.hiddenBlocked = blockHidden(n.hiddenW, n.H, n.L2)
	}
	return n
}

// output runs the dense layers on the two accumulators (side to move's
// first) with kernel set k and returns the score in the engine's units.
func (n *Net) output(k kernelSet, us, them []int16, s *scratch) int {
	sums := s.sums[:n.L2]
	hidden(k, n, sums, us, them, s.act, s.packed)
	out := int64(n.outBias)
	hb, ow := n.hiddenBias[:len(sums)], n.outW[:len(sums)]
	for j, sum := range sums {
		v := min(max((int64(sum)+int64(hb[j]))>>hiddenShift, 0), ActScale)
		out += v * int64(ow[j])
	}
	return int(out * int64(n.OutScale) / (ActScale * OutputScale))
}

// scratch is what output needs besides the net: the hidden sums, the
// clipped inputs of the vector kernels and the Go kernel's packed sums.
type scratch struct {
	sums   []int32
	act    []int16
	packed []int64
}

func newScratch(n *Net) scratch {
	return scratch{sums: make([]int32, n.L2), act: make([]int16, 2*n.H), packed: make([]int64, n.pairs)}
}
