//go:build !((linux || freebsd || openbsd || netbsd || dragonfly) && !android && !wayland)

package main

// displayMissing is "": on Windows, macOS, phones and in a browser the
// platform always gives the app somewhere to draw (and a wayland build is
// left to Fyne).
func displayMissing() string { return "" }
