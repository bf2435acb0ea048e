package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
)

// The game's window, in each layout, holds no theme override: for each override scope
// Fyne parses the theme's face, its own fallback face and a system face again for every
// text style drawn in it and keeps them (about 4.5 MB a scope and style at start; the
// status line's snug padding is a layout, snugBox, for this reason).
func TestGameWindowHasNoThemeScope(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	for _, size := range append([]fyne.Size{{Width: 900, Height: 680}, {Width: 640, Height: 480}}, phoneSizes...) {
		w.Fyne().Resize(size)
		for _, o := range test.LaidOutObjects(w.Fyne().Canvas().Content()) {
			if _, ok := o.(*container.ThemeOverride); ok {
				t.Fatalf("%v: a theme override in the game window (%T holds %T)", size, o, o.(*container.ThemeOverride).Content)
			}
		}
	}
}
