package resources

import (
	"bytes"
	"testing"
)

// Every sound effect is bundled and is a WAV file; an unknown name is an error.
func TestSoundsAreBundled(t *testing.T) {
	for _, name := range []string{"move", "capture", "check", "illegal", "win", "loss", "draw"} {
		data, err := SoundWAV(name)
		if err != nil || len(data) < 44 || !bytes.HasPrefix(data, []byte("RIFF")) || !bytes.Equal(data[8:12], []byte("WAVE")) {
			t.Fatalf("sound %s: %v", name, err)
		}
	}
	if _, err := SoundWAV("missing"); err == nil {
		t.Fatal("a missing sound was found")
	}
}
