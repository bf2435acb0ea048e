// Package resources holds the files bundled into the app binary: the subset CJK font used as
// the theme font, the app icon, toolbar icons, the UI translations, the sound effects and
// the opening book. It is plain data with no GUI import, so that the command-line engine can
// use the book without pulling in Fyne; gui/ wraps the bytes into Fyne resources.
package resources

import (
	"embed"

	"github.com/xqfyne/xiangqi/i18n"
)

//go:embed font/ukai-subset.ttf
var fontData []byte

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

// FontBytes returns the TrueType data of the bundled calligraphic font (a subset of
// AR PL UKai CN).
func FontBytes() []byte { return fontData }

// IconBytes returns the app icon (PNG).
func IconBytes() []byte { return iconData }

// UIIcon returns a toolbar icon drawn for the app (icons/NAME.svg): "flip", "hint",
// "resign" or "draw".
func UIIcon(name string) ([]byte, error) { return uiIcons.ReadFile("icons/" + name + ".svg") }
