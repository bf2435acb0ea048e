package main

import (
	"encoding/binary"
	"math"
)

// sampleRate is the rate of every sound; the app's audio output runs at the same rate.
const sampleRate = 44100

// encodeWAV writes samples in [-1, 1] as a mono 16-bit PCM WAV file.
func encodeWAV(samples []float64) []byte {
	const header = 44
	dataLen := 2 * len(samples)
	b := make([]byte, header+dataLen)
	copy(b[0:], "RIFF")
	binary.LittleEndian.PutUint32(b[4:], uint32(header-8+dataLen))
	copy(b[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(b[16:], 16) // fmt chunk size
	binary.LittleEndian.PutUint16(b[20:], 1)  // PCM
	binary.LittleEndian.PutUint16(b[22:], 1)  // mono
	binary.LittleEndian.PutUint32(b[24:], sampleRate)
	binary.LittleEndian.PutUint32(b[28:], sampleRate*2) // bytes per second
	binary.LittleEndian.PutUint16(b[32:], 2)            // bytes per frame
	binary.LittleEndian.PutUint16(b[34:], 16)           // bits per sample
	copy(b[36:], "data")
	binary.LittleEndian.PutUint32(b[40:], uint32(dataLen))
	for i, v := range samples {
		v = math.Max(-1, math.Min(1, v))
		binary.LittleEndian.PutUint16(b[header+2*i:], uint16(int16(math.Round(v*32767))))
	}
	return b
}
