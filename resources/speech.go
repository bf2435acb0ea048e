package resources

import "embed"

//go:embed speech/*.wav
var speechFiles embed.FS

// SpeechWAV returns a clip of the spoken moves (speech/NAME.wav, mono IMA ADPCM WAV at
// 11,025 Hz), named as play.MoveWords names it: "zh-pao", "en-cannon", "zh-5"...
func SpeechWAV(name string) ([]byte, error) { return speechFiles.ReadFile("speech/" + name + ".wav") }
