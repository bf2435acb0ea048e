package main

import (
	"encoding/binary"
	"errors"

	"github.com/xqfyne/xiangqi/audio"
)

// readPCM reads espeak-ng's mono 16-bit WAV file.
func readPCM(data []byte) ([]int16, int, error) {
	clip, err := audio.DecodeWAV(data)
	if err != nil {
		return nil, 0, err
	}
	if clip.Channels != 1 {
		return nil, 0, errors.New("not mono")
	}
	s := make([]int16, len(clip.PCM)/2)
	for i := range s {
		s[i] = int16(binary.LittleEndian.Uint16(clip.PCM[2*i:]))
	}
	return s, clip.Rate, nil
}

// trim cuts the silence before and after the word, keeping 15 ms either side.
func trim(s []int16, rate int) []int16 {
	const quiet = 400 // about -38 dB of full scale
	first, last := -1, -1
	for i, v := range s {
		if v > quiet || v < -quiet {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return nil
	}
	margin := rate * 15 / 1000
	return s[max(0, first-margin):min(len(s), last+margin+1)]
}

// halve resamples to half the rate through a small low-pass filter (1 2 1).
func halve(s []int16, _ int) []int16 {
	out := make([]int16, 0, len(s)/2)
	at := func(i int) int32 { return int32(s[max(0, min(len(s)-1, i))]) }
	for i := 0; i+1 < len(s); i += 2 {
		out = append(out, int16((at(i-1)+2*at(i)+at(i+1))/4))
	}
	return out
}

// blockAlign is the size of an ADPCM block: a 4-byte header and 252 bytes, 505 samples.
const blockAlign = 256

// encodeIMAWAV writes mono samples as an IMA ADPCM WAV file (format 0x11) with a fact
// chunk of the sample count.
func encodeIMAWAV(s []int16, rate int) []byte {
	perBlock := (blockAlign-4)*2 + 1
	var data []byte
	index := int32(0) // carried from block to block: each header states it, so the step
	// size need not grow again from its smallest
	for start := 0; start < len(s); start += perBlock {
		block := s[start:min(len(s), start+perBlock)]
		pred := int32(block[0])
		data = binary.LittleEndian.AppendUint16(data, uint16(block[0]))
		data = append(data, byte(index), 0)
		rest := block[1:]
		for i := 0; i < len(rest); i += 2 {
			var lo, hi byte
			lo, pred, index = encodeNibble(pred, index, rest[i])
			if i+1 < len(rest) {
				hi, pred, index = encodeNibble(pred, index, rest[i+1])
			}
			data = append(data, lo|hi<<4)
		}
	}
	var b []byte
	le32 := func(v int) { b = binary.LittleEndian.AppendUint32(b, uint32(v)) }
	le16 := func(v int) { b = binary.LittleEndian.AppendUint16(b, uint16(v)) }
	b = append(b, "RIFF"...)
	le32(4 + 8 + 20 + 8 + 4 + 8 + len(data) + len(data)%2)
	b = append(b, "WAVEfmt "...)
	le32(20)
	le16(0x11) // IMA ADPCM
	le16(1)
	le32(rate)
	le32(rate * blockAlign / perBlock) // bytes a second
	le16(blockAlign)
	le16(4) // bits a sample
	le16(2) // extra bytes: the samples a block
	le16(perBlock)
	b = append(b, "fact"...)
	le32(4)
	le32(len(s))
	b = append(b, "data"...)
	le32(len(data))
	b = append(b, data...)
	if len(data)%2 == 1 {
		b = append(b, 0)
	}
	return b
}

// encodeNibble picks the nibble whose decoding (audio.IMAStep, the decoder's own step)
// comes closest to v.
func encodeNibble(pred, index int32, v int16) (byte, int32, int32) {
	best, bestErr := byte(0), int64(-1)
	var bestPred, bestIndex int32
	for n := byte(0); n < 16; n++ {
		p, i := audio.IMAStep(pred, index, n)
		e := int64(p) - int64(v)
		if e < 0 {
			e = -e
		}
		if bestErr < 0 || e < bestErr {
			best, bestErr, bestPred, bestIndex = n, e, p, i
		}
	}
	return best, bestPred, bestIndex
}
