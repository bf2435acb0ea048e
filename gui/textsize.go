package gui

import (
	"math"

	"fyne.io/fyne/v2"
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

// fitText applies the text size for the window's size when it changes. It runs from the
// layout, so the theme is changed afterwards, on the UI goroutine.
func (w *Window) fitText(size fyne.Size) {
	want := textSizeFor(size)
	if want == w.text || size.Width <= 0 || size.Height <= 0 {
		return
	}
	w.text = want
	w.post(func() {
		if w.text != want {
			return // the window was resized again meanwhile
		}
		applyTheme(w.app, w.session.Settings().Appearance.Theme, want)
	})
}
