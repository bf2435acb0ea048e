// Package audio plays the app's sound effects on the device's audio output through Oto
// (ALSA on Linux, Core Audio on macOS and iOS, AAudio/OpenSL ES on Android, WASAPI on
// Windows, Web Audio in a browser). The controller (play/) decides which sound an event
// makes; this package only plays it. The device is opened on a background goroutine, so
// the UI never waits for it, and where there is none (a server, CI, a build without cgo)
// the player stays silent after one log line. Only the app's main package imports it, so
// play/, engine/ and gui/ stay free of audio libraries.
package audio
