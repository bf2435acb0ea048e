//go:build linux && cgo && !android

package audio

// #cgo pkg-config: alsa
// #include <alsa/asoundlib.h>
//
// static void ignoreALSAError(const char *file, int line, const char *function, int err, const char *fmt, ...) {}
// static void quietALSA(void) { snd_lib_error_set_handler(ignoreALSAError); }
import "C"

// quietALSA stops ALSA from printing its own messages to stderr (a dozen lines when there
// is no sound card): Oto returns the same errors to us, and we log one line.
func quietALSA() { C.quietALSA() }
