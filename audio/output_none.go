//go:build !cgo && !darwin && !windows && !js

package audio

import "errors"

// openDevice: Oto needs cgo on this system (ALSA on Linux), and this build has none.
func openDevice(int, int, [][]byte) (output, error) {
	return nil, errors.New("this build has no audio support (built without cgo)")
}
