package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// IMA ADPCM (WAVE format 0x11), mono: the spoken moves' clips are stored so, four bits a
// sample, a quarter of 16-bit PCM. A block is a header (the first sample, 16 bits, and the
// step index) and then two samples a byte, the low nibble first.

// imaSteps and imaIndex are the IMA ADPCM tables of step sizes and index changes.
var imaSteps = [89]int32{
	7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66, 73, 80, 88, 97, 107, 118,
	130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449, 494, 544, 598, 658, 724, 796, 876, 963, 1060,
	1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484,
	7132, 7845, 8630, 9493, 10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086, 29794, 32767,
}

var imaIndex = [16]int32{-1, -1, -1, -1, 2, 4, 6, 8, -1, -1, -1, -1, 2, 4, 6, 8}

// IMAStep decodes one nibble from the predictor and step index, returning the new ones;
// the encoder of the clips (scripts/makespeech) predicts with the same function.
func IMAStep(pred, index int32, nibble byte) (int32, int32) {
	step := imaSteps[index]
	diff := step >> 3
	if nibble&1 != 0 {
		diff += step >> 2
	}
	if nibble&2 != 0 {
		diff += step >> 1
	}
	if nibble&4 != 0 {
		diff += step
	}
	if nibble&8 != 0 {
		pred -= diff
	} else {
		pred += diff
	}
	pred = max(-32768, min(32767, pred))
	index = max(0, min(88, index+imaIndex[nibble&15]))
	return pred, index
}

// decodeIMA turns the data chunk of a mono IMA ADPCM file into 16-bit PCM: blocks of
// align bytes (the last may be shorter), at most samples samples (the fact chunk's count;
// negative: all).
func decodeIMA(data []byte, align, samples int) ([]byte, error) {
	var pcm []byte
	put := func(v int32) { pcm = binary.LittleEndian.AppendUint16(pcm, uint16(int16(v))) }
	for len(data) > 0 {
		block := data[:min(align, len(data))]
		data = data[len(block):]
		if len(block) < 4 {
			return nil, errors.New("wav: ADPCM block shorter than its header")
		}
		pred, index := int32(int16(binary.LittleEndian.Uint16(block))), int32(block[2])
		if index > 88 {
			return nil, fmt.Errorf("wav: ADPCM step index %d out of range", index)
		}
		put(pred)
		for _, b := range block[4:] {
			pred, index = IMAStep(pred, index, b&15)
			put(pred)
			pred, index = IMAStep(pred, index, b>>4)
			put(pred)
		}
	}
	if samples >= 0 && 2*samples < len(pcm) {
		pcm = pcm[:2*samples]
	}
	return pcm, nil
}
