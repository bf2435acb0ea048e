// Package resources holds the files bundled into the app binary: the subset CJK font used as
// the theme font, the app icon and the UI translations.
package resources

import (
	"embed"

	"fyne.io/fyne/v2"
)

//go:embed font/ukai-subset.ttf
var fontData []byte

//go:embed Icon.png
var iconData []byte

// Translations holds one JSON file per language in the directory "translations",
// named as Fyne's lang package expects (prefix.language.json).
//
//go:embed translations/*.json
var Translations embed.FS

// TranslationsDir is the directory inside Translations that holds the files.
const TranslationsDir = "translations"

// Font returns the bundled calligraphic font (a subset of AR PL UKai CN).
func Font() fyne.Resource { return fyne.NewStaticResource("ukai-subset.ttf", fontData) }

// FontBytes returns the raw TrueType data of the bundled font.
func FontBytes() []byte { return fontData }

// Icon returns the app icon.
func Icon() fyne.Resource { return fyne.NewStaticResource("Icon.png", iconData) }
