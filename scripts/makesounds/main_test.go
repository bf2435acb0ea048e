package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// The committed sound files are what the synthesiser makes: nobody edited one by hand
// or forgot to regenerate after changing a sound. Samples may differ by a unit or two,
// since floating-point functions may round differently on other processors.
func TestCommittedSoundsAreSynthesised(t *testing.T) {
	dir := t.TempDir()
	if err := writeAll(dir); err != nil {
		t.Fatal(err)
	}
	for _, s := range sounds() {
		made, err := os.ReadFile(filepath.Join(dir, s.name+".wav"))
		if err != nil {
			t.Fatal(err)
		}
		committed, err := os.ReadFile(filepath.Join("..", "..", "resources", "sounds", s.name+".wav"))
		if err != nil {
			t.Fatalf("%s: %v (run go run ./scripts/makesounds)", s.name, err)
		}
		const header = 44
		if len(made) != len(committed) || !bytes.Equal(made[:header], committed[:header]) {
			t.Fatalf("%s: the committed file differs from the synthesised one; run go run ./scripts/makesounds", s.name)
		}
		for i := header; i+1 < len(made); i += 2 {
			a := int(int16(binary.LittleEndian.Uint16(made[i:])))
			b := int(int16(binary.LittleEndian.Uint16(committed[i:])))
			if a-b > 2 || b-a > 2 {
				t.Fatalf("%s: sample %d is %d, committed %d; run go run ./scripts/makesounds", s.name, (i-header)/2, a, b)
			}
		}
	}
}

// Every sound is short, reaches its peak and no further, and ends in silence.
func TestSoundsAreShortAndBounded(t *testing.T) {
	for _, s := range sounds() {
		samples := s.render()
		if len(samples) == 0 || len(samples) > sampleRate {
			t.Fatalf("%s: %d samples", s.name, len(samples))
		}
		loudest := 0.0
		for _, v := range samples {
			loudest = max(loudest, v, -v)
		}
		if loudest > s.peak+1e-9 || loudest < s.peak*0.99 {
			t.Fatalf("%s: loudest sample %v, want %v", s.name, loudest, s.peak)
		}
		if last := samples[len(samples)-1]; last != 0 {
			t.Fatalf("%s: ends at %v", s.name, last)
		}
	}
}
