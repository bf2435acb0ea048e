//go:build !js

package audio

// beforeOpen has nothing to wait for outside a browser.
func beforeOpen() {}
