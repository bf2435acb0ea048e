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
	hiddenWT    []int8  // 2H × L2, what the evaluation reads (prepare)
	outBias     int32
	outW        []int16 // L2
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
	r := bytes.NewReader(body[headerSize:])
	desc := make([]byte, descLen)
	io.ReadFull(r, desc)
	n.Description = string(desc)
	n.allocate()
	// The length was checked above, so these reads cannot come short.
	for _, dst := range []any{n.ftBias, n.ftWeights, n.hiddenBias, n.hiddenW, &n.outBias, n.outW} {
		if err := binary.Read(r, le, dst); err != nil {
			return nil, fmt.Errorf("nnue: reading the weights: %v", err)
		}
	}
	return n.prepare(), nil
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
// skipped with its whole row.
func (n *Net) prepare() *Net {
	in := 2 * n.H
	n.hiddenWT = make([]int8, in*n.L2)
	for j := 0; j < n.L2; j++ {
		for i := 0; i < in; i++ {
			n.hiddenWT[i*n.L2+j] = n.hiddenW[j*in+i]
		}
	}
	return n
}

// output runs the dense layers on the two accumulators (side to move's
// first) and returns the score in the engine's units. sums is scratch of
// L2 entries.
func (n *Net) output(us, them []int16, sums []int32) int {
	sums = sums[:n.L2]
	copy(sums, n.hiddenBias)
	n.addHidden(sums, us[:n.H], n.hiddenWT[:n.H*n.L2])
	n.addHidden(sums, them[:n.H], n.hiddenWT[n.H*n.L2:])
	out := int64(n.outBias)
	outW := n.outW[:len(sums)]
	for j, s := range sums {
		v := min(max(s>>hiddenShift, 0), ActScale)
		out += int64(v) * int64(outW[j])
	}
	return int(out * int64(n.OutScale) / (ActScale * OutputScale))
}

// addHidden adds the clipped accumulator acc times its rows of the hidden
// weights wt (input-major) to sums.
func (n *Net) addHidden(sums []int32, acc []int16, wt []int8) {
	l2 := len(sums)
	for i, v := range acc {
		if v <= 0 {
			continue
		}
		a := int32(min(v, ActScale))
		w := wt[i*l2 : (i+1)*l2]
		w = w[:len(sums)]
		for j := range sums {
			sums[j] += a * int32(w[j])
		}
	}
}
