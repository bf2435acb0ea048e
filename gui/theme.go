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

// Colours of the board and pieces.
var (
	colorBoard       = color.NRGBA{R: 0xe3, G: 0xc1, B: 0x87, A: 0xff}
	colorLine        = color.NRGBA{R: 0x4a, G: 0x2c, B: 0x12, A: 0xff}
	colorDiscFace    = color.NRGBA{R: 0xf3, G: 0xdc, B: 0xb0, A: 0xff}
	colorDiscEdge    = color.NRGBA{R: 0x8a, G: 0x5a, B: 0x2b, A: 0xff}
	colorDiscShadow  = color.NRGBA{R: 0x3a, G: 0x22, B: 0x0e, A: 0x70}
	colorRedPiece    = color.NRGBA{R: 0xb0, G: 0x1c, B: 0x16, A: 0xff}
	colorBlackPiece  = color.NRGBA{R: 0x1c, G: 0x1a, B: 0x18, A: 0xff}
	colorSelection   = color.NRGBA{R: 0x1e, G: 0x6a, B: 0xd8, A: 0xff}
	colorTarget      = color.NRGBA{R: 0x1e, G: 0x8a, B: 0x3a, A: 0xd0}
	colorLastMove    = color.NRGBA{R: 0x1e, G: 0x5a, B: 0xc8, A: 0xe0}
	colorCheck       = color.NRGBA{R: 0xe0, G: 0x10, B: 0x10, A: 0x90}
	colorHint        = color.NRGBA{R: 0x10, G: 0xa0, B: 0x40, A: 0xc0}
	colorRejectFlash = color.NRGBA{R: 0xe0, G: 0x20, B: 0x20, A: 0xff}
	colorCulprit     = color.NRGBA{R: 0xd0, G: 0x10, B: 0x60, A: 0xff}
	colorVictim      = color.NRGBA{R: 0xf0, G: 0x90, B: 0x10, A: 0xff}
)
