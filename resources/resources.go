// Package resources holds the files bundled into the app binary: the two subset CJK fonts
// (the sans face of the controls, the brush face of the pieces), the app icon, toolbar icons, the UI translations, the sound effects, the puzzles and
// the opening book. It is plain data with no GUI import, so that the command-line engine can
// use the book without pulling in Fyne; gui/ wraps the bytes into Fyne resources.
package resources

import (
	"embed"

	"github.com/xqfyne/xiangqi/i18n"
)

//go:embed font/ui-subset.otf
var uiFontData []byte

//go:embed font/ukai-subset.ttf
var brushFontData []byte

//go:embed Icon.png
var iconData []byte

//go:embed icons/*.svg
var uiIcons embed.FS

// Translations holds one JSON file per language in the directory "translations",
// named as Fyne's lang package expects (prefix.language.json).
//
//go:embed translations/*.json
var Translations embed.FS

// TranslationsDir is the directory inside Translations that holds the files.
const TranslationsDir = "translations"

// Catalogs reads the translations as package i18n's catalogs: one per language, holding
// the app's texts and the messages of game and play.
func Catalogs() (*i18n.Catalogs, error) { return i18n.Load(Translations, TranslationsDir) }

// UIFontBytes returns the OpenType data of the face of every control, list and dialog (a
// subset of Noto Sans CJK SC: ASCII, GB2312 and every character of the UI and the bundled
// data).
func UIFontBytes() []byte { return uiFontData }

// BrushFontBytes returns the TrueType data of the calligraphic face of the pieces and the
// board's labels (a subset of AR PL UKai CN: font/brush-chars.txt).
func BrushFontBytes() []byte { return brushFontData }

// IconBytes returns the app icon (PNG).
func IconBytes() []byte { return iconData }

// UIIcon returns a toolbar icon drawn for the app (icons/NAME.svg): "flip", "hint",
// "resign" or "draw".
func UIIcon(name string) ([]byte, error) { return uiIcons.ReadFile("icons/" + name + ".svg") }
