package resources

import "embed"

//go:embed sounds/*.wav
var soundFiles embed.FS

// SoundWAV returns a sound effect (sounds/NAME.wav, mono 16-bit PCM WAV), named as
// play.Sound names it: "move", "capture", "check", "illegal", "win", "loss" or "draw".
func SoundWAV(name string) ([]byte, error) { return soundFiles.ReadFile("sounds/" + name + ".wav") }
