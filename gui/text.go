package gui

import (
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
)

var (
	loadTranslations sync.Once
	catalogs         *i18n.Catalogs // written once by setupTranslations
)

// setupTranslations registers the bundled translations once; Fyne then picks the language
// closest to the system locale for the app's own texts. The same files, read by package
// i18n, render the messages of game and play.
func setupTranslations() {
	loadTranslations.Do(func() {
		if err := lang.AddTranslationsFS(resources.Translations, resources.TranslationsDir); err != nil {
			fyne.LogError("loading translations", err)
		}
		var err error
		if catalogs, err = resources.Catalogs(); err != nil {
			fyne.LogError("loading the message catalogs", err)
		}
	})
}

// tr returns the UI text for a translation key, filled from data when the text is a
// template; English when the system's language has no translation.
func tr(key string, data ...any) string {
	fallback := key
	if catalogs != nil {
		if text, ok := catalogs.Source(i18n.English, key); ok {
			fallback = text
		}
	}
	return lang.X(key, fallback, data...)
}

// say renders a message of game or play in the window's language.
func (w *Window) say(m i18n.Message) string { return sayIn(w.lang)(m) }

// sayIn renders messages of game or play in lang: what the screens and dialogs that
// show them are given.
func sayIn(lang play.Language) present.Say {
	return func(m i18n.Message) string {
		if catalogs == nil {
			return m.String()
		}
		return catalogs.Text(lang.Catalog(), m)
	}
}

// systemLanguage is the language of the system locale as the app knows languages: Chinese
// for any Chinese locale (the bundled zh_Hans translation serves them), else English.
func systemLanguage() play.Language {
	if strings.HasPrefix(lang.SystemLocale().LanguageString(), "zh") {
		return play.Chinese
	}
	return play.English
}

func sideName(c rules.Color) string { return present.SideName(trData, c) }

// trData is tr in the form the presentation functions take.
func trData(key string, data map[string]any) string {
	if data == nil {
		return tr(key)
	}
	return tr(key, data)
}
