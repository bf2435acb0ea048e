//go:build !linux || !cgo || android

package audio

// quietALSA: only ALSA prints to stderr on its own.
func quietALSA() {}
