package gui

import (
	"encoding/json"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
)

// englishFile is the bundled English translation: the text shown when the system's
// language is one the app has no translation for.
const englishFile = "xiangqi.en.json"

var (
	loadTranslations sync.Once
	english          map[string]string // written once by setupTranslations
)

// setupTranslations registers the bundled translations once; Fyne then picks the language
// closest to the system locale.
func setupTranslations() {
	loadTranslations.Do(func() {
		if err := lang.AddTranslationsFS(resources.Translations, resources.TranslationsDir); err != nil {
			fyne.LogError("loading translations", err)
		}
		data, err := resources.Translations.ReadFile(resources.TranslationsDir + "/" + englishFile)
		if err == nil {
			err = json.Unmarshal(data, &english)
		}
		if err != nil {
			fyne.LogError("loading the English texts", err)
		}
	})
}

// tr returns the UI text for a translation key, filled from data when the text is a
// template; English when the system's language has no translation.
func tr(key string, data ...any) string {
	fallback, ok := english[key]
	if !ok {
		fallback = key
	}
	return lang.X(key, fallback, data...)
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
