// Command makesounds synthesises the app's sound effects into resources/sounds/*.wav:
// a wooden "tock" for a move, a sharper double click for a capture, a rising two-tone for
// check, a soft low buzz for an illegal tap, short chords for a win, a loss and a
// draw, and a short beep for the 读秒 countdown. Everything is computed here (sines, a deterministic noise burst, envelopes), so the
// files are the project's own work and the output is the same on every run.
//
//	go run ./scripts/makesounds            # from the repository root
//	go run ./scripts/makesounds -out DIR   # somewhere else
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	out := flag.String("out", filepath.Join("resources", "sounds"), "directory to write the WAV files to")
	flag.Parse()
	if err := writeAll(*out); err != nil {
		fmt.Fprintln(os.Stderr, "makesounds:", err)
		os.Exit(1)
	}
}

// writeAll writes every sound into dir.
func writeAll(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, s := range sounds() {
		data := encodeWAV(s.render())
		path := filepath.Join(dir, s.name+".wav")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
		fmt.Printf("%s: %d bytes\n", path, len(data))
	}
	return nil
}
