package gui

import (
	"math"

	"fyne.io/fyne/v2"

	"github.com/xqfyne/xiangqi/play"
)

// Text grows with the window, so that on a large screen the side panel is not tiny next to
// a huge board; a phone or a small window keeps Fyne's size.
const (
	minTextSize = 14 // Fyne's own body text size
	maxTextSize = 20
	// One text line per this much of the window's height in landscape, of its width in
	// portrait.
	landscapeLinesPerHeight = 50
	portraitLinesPerWidth   = 30
)

// textSizeFor is the body text size for a window of this size, in whole points so that
// small resizes change nothing.
func textSizeFor(size fyne.Size) float32 {
	per := size.Width / portraitLinesPerWidth
	if landscape(size) {
		per = size.Height / landscapeLinesPerHeight
	}
	return float32(math.Round(float64(min(max(per, minTextSize), maxTextSize))))
}

// appLook applies the app's theme: the player's choice of light or dark, at the text size
// that fits the window.
type appLook struct {
	app   fyne.App
	text  float32 // the text size chosen for the window's size
	theme func() play.ThemeChoice
	post  func(func())
}

// apply applies the player's theme at the current text size.
func (l *appLook) apply() { applyTheme(l.app, l.theme(), l.text) }

// fit applies the text size for the window's size when it changes. It runs from the
// layout, so the theme is changed afterwards, on the UI goroutine.
func (l *appLook) fit(size fyne.Size) {
	want := textSizeFor(size)
	if want == l.text || size.Width <= 0 || size.Height <= 0 {
		return
	}
	l.text = want
	l.post(func() {
		if l.text != want {
			return // the window was resized again meanwhile
		}
		applyTheme(l.app, l.theme(), want)
	})
}
