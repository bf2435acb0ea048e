package gui

import (
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/xqfyne/xiangqi/play"
)

// luminance is WCAG 2's relative luminance of a colour.
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		x := float64(v) / 0xffff
		if x <= 0.03928 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// contrast is WCAG 2's contrast ratio of two colours, 1 to 21.
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// A disabled button's text (悔棋 before the first move) must stay readable, at least 3:1
// against the button, yet dimmer than an enabled one, in the dark and the light theme.
func TestDisabledTextIsReadableAndDimmer(t *testing.T) {
	for _, c := range []play.ThemeChoice{play.DarkTheme, play.LightTheme} {
		th := themeFor(c, theme.DefaultTheme().Size(theme.SizeNameText))
		col := func(n fyne.ThemeColorName) color.Color { return th.Color(n, theme.VariantDark) }
		for _, bg := range []fyne.ThemeColorName{theme.ColorNameDisabledButton, theme.ColorNameButton, theme.ColorNameBackground} {
			dis := contrast(col(theme.ColorNameDisabled), col(bg))
			on := contrast(col(theme.ColorNameForeground), col(bg))
			if dis < 3 {
				t.Errorf("theme %v: disabled text on %s has contrast %.2f:1, want ≥ 3:1", c, bg, dis)
			}
			if on < dis*1.5 {
				t.Errorf("theme %v: enabled text on %s (%.2f:1) is not clearly brighter than disabled (%.2f:1)", c, bg, on, dis)
			}
		}
	}
}
