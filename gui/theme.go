package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/xqfyne/xiangqi/resources"
)

// appTheme is Fyne's default theme with the bundled CJK font for all text, because Fyne's
// own font has no Chinese glyphs and a phone may have none either.
type appTheme struct {
	font fyne.Resource
}

func newAppTheme() fyne.Theme {
	return &appTheme{font: fyne.NewStaticResource("ukai-subset.ttf", resources.FontBytes())}
}

func (t *appTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return theme.DefaultTheme().Color(n, v)
}

func (t *appTheme) Font(fyne.TextStyle) fyne.Resource { return t.font }

func (t *appTheme) Icon(n fyne.ThemeIconName) fyne.Resource {
	return theme.DefaultTheme().Icon(n)
}

func (t *appTheme) Size(n fyne.ThemeSizeName) float32 {
	return theme.DefaultTheme().Size(n)
}
