package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// snugTheme is the app's theme with, while on, the padding inside widgets cut to the
// space between them: for the status line under a phone's board, where a label's usual
// padding would cost a row of the move list. It asks the app's theme for everything else
// at each use, so it follows a change of theme or text size.
type snugTheme struct{ on bool }

func (t *snugTheme) app() fyne.Theme { return fyne.CurrentApp().Settings().Theme() }

func (t *snugTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return t.app().Color(n, v)
}

func (t *snugTheme) Font(s fyne.TextStyle) fyne.Resource { return t.app().Font(s) }

func (t *snugTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.app().Icon(n) }

func (t *snugTheme) Size(n fyne.ThemeSizeName) float32 {
	if t.on && n == theme.SizeNameInnerPadding {
		return t.app().Size(theme.SizeNamePadding)
	}
	return t.app().Size(n)
}
