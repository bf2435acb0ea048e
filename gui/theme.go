package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/xqfyne/xiangqi/resources"
)

// appTheme is Fyne's default theme with the bundled CJK font first, because Fyne's own font
// has no Chinese glyphs and a phone may have none either. The bundled font has no ASCII
// glyphs but the space, so Fyne draws Latin letters and digits with its own sans face (its fallback for
// glyphs the theme font lacks): calligraphy for Chinese, a clean sans for English.
type appTheme struct {
	font fyne.Resource
	text float32 // the body text size; 0 keeps Fyne's (see textsize.go)
}

func newAppTheme() fyne.Theme {
	return &appTheme{font: fyne.NewStaticResource("ukai-subset.ttf", resources.FontBytes())}
}

func (t *appTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return theme.DefaultTheme().Color(n, v)
}

func (t *appTheme) Font(fyne.TextStyle) fyne.Resource { return t.font }

// appIcon is one of the app's own toolbar icons, recoloured with the theme like Fyne's.
func appIcon(name string) fyne.Resource {
	data, err := resources.UIIcon(name)
	if err != nil {
		fyne.LogError("icon "+name, err)
		return theme.QuestionIcon()
	}
	return theme.NewThemedResource(fyne.NewStaticResource(name+".svg", data))
}

func (t *appTheme) Icon(n fyne.ThemeIconName) fyne.Resource {
	return theme.DefaultTheme().Icon(n)
}

func (t *appTheme) Size(n fyne.ThemeSizeName) float32 {
	size := theme.DefaultTheme().Size(n)
	if t.text > 0 {
		switch n {
		case theme.SizeNameText:
			return t.text
		case theme.SizeNameInlineIcon, theme.SizeNameSubHeadingText, theme.SizeNameHeadingText:
			// Icons and headings grow with the text, so that labels keep their room.
			return size * t.text / theme.DefaultTheme().Size(theme.SizeNameText)
		}
	}
	return size
}
