package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/xqfyne/xiangqi/resources"
)

// appTheme is Fyne's default theme with the bundled sans CJK face (Noto Sans CJK SC) for every
// style, because Fyne's own font has no Chinese glyphs and a phone may have none either. The
// face has ASCII too, so a line mixing Chinese and digits stays in one face. A character it
// lacks (a rare one in a file's names) Fyne draws with a system font that has it. The brush
// face is the board's own (gui/board).
type appTheme struct {
	font fyne.Resource
	text float32 // the body text size; 0 keeps Fyne's (see textsize.go)
}

func newAppTheme() fyne.Theme {
	return &appTheme{font: fyne.NewStaticResource("ui-subset.otf", resources.UIFontBytes())}
}

// disabledText is the grey of disabled text and icons in both variants. Fyne's own (57/255
// on a 40/255 dark button, 227/255 on a 245/255 light one) is under 1.3:1 and a disabled
// 悔棋 nearly vanished (issue 35); this grey stands about 3.6:1 from either button and
// still well under the enabled text (13:1 dark, 6.7:1 light).
var disabledText = color.NRGBA{R: 0x80, G: 0x80, B: 0x80, A: 0xff}

func (t *appTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if n == theme.ColorNameDisabled {
		return disabledText
	}
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
