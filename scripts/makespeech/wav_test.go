package main

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/xqfyne/xiangqi/audio"
)

// The clips' encoding round-trips through the app's decoder: the same count of samples,
// the rate, and a signal-to-noise ratio a voice keeps (over 15 dB on a loud sweep of 200 to 2,000 Hz, about 19 here; a coder that lost its steps would be near 0).
func TestIMARoundTrip(t *testing.T) {
	const rate = 11025
	in := make([]int16, 3000) // several blocks and a partial one
	for i := range in {
		f := 200 + 1800*float64(i)/float64(len(in))
		in[i] = int16(12000 * math.Sin(2*math.Pi*f*float64(i)/rate))
	}
	clip, err := audio.DecodeWAV(encodeIMAWAV(in, rate))
	if err != nil {
		t.Fatal(err)
	}
	if clip.Rate != rate || clip.Channels != 1 || len(clip.PCM) != 2*len(in) {
		t.Fatalf("decoded %d Hz × %d, %d samples; want %d", clip.Rate, clip.Channels, len(clip.PCM)/2, len(in))
	}
	var sig, noise float64
	for i, v := range in {
		d := float64(int16(binary.LittleEndian.Uint16(clip.PCM[2*i:]))) - float64(v)
		sig += float64(v) * float64(v)
		noise += d * d
	}
	if snr := 10 * math.Log10(sig/noise); snr < 15 {
		t.Fatalf("SNR %.1f dB", snr)
	} else {
		t.Logf("SNR %.1f dB", snr)
	}
}

// trim keeps the word and a margin; halve halves the count.
func TestTrimAndHalve(t *testing.T) {
	s := make([]int16, 22050)
	for i := 10000; i < 12000; i++ {
		s[i] = 5000
	}
	w := trim(s, 22050)
	if margin := 22050 * 15 / 1000; len(w) != 2000+2*margin {
		t.Fatalf("trimmed to %d samples", len(w))
	}
	if h := halve(w, 22050); len(h) != len(w)/2 || h[len(h)/2] != 5000 {
		t.Fatalf("halved to %d samples", len(h))
	}
	if trim(make([]int16, 100), 22050) != nil {
		t.Fatal("silence kept")
	}
}
