//go:build (linux || freebsd || openbsd || netbsd || dragonfly) && !android && !wayland

package main

import "os"

// displayMissing says why no window can open here, or "" when one can:
// Fyne's desktop driver on Linux and the BSDs draws on an X11 display (a
// Wayland desktop gives one through XWayland), and without one GLFW panics
// inside window creation. A build with the wayland tag talks to Wayland
// itself and is not checked.
func displayMissing() string {
	if os.Getenv("DISPLAY") != "" {
		return ""
	}
	return "no display: DISPLAY is not set; start the app in a desktop session, " +
		"or under Xvfb (xvfb-run make run)"
}
