package gui

import (
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/resources"
)

var loadTranslations sync.Once

// setupTranslations registers the bundled translations once; Fyne then picks the language
// closest to the system locale (English when none matches).
func setupTranslations() {
	loadTranslations.Do(func() {
		if err := lang.AddTranslationsFS(resources.Translations, resources.TranslationsDir); err != nil {
			fyne.LogError("loading translations", err)
		}
	})
}

// tr returns the UI text for a translation key, filled from data when the text is a template.
func tr(key string, data ...any) string {
	return lang.X(key, key, data...)
}

// chineseUI reports whether the UI is in Chinese, which decides the move notation
// (Chinese notation, or WXF in the English UI) and the language of result reasons.
func chineseUI() bool { return tr("app.title") == "中国象棋" }

func sideName(c engine.Color) string {
	if c == engine.Red {
		return tr("side.red")
	}
	return tr("side.black")
}

func notationStyle() game.Notation {
	if chineseUI() {
		return game.Chinese
	}
	return game.WXF
}

// resultText describes a result with its reason in the UI language.
func resultText(r game.Result) string {
	if chineseUI() {
		return r.Chinese()
	}
	return r.English()
}
