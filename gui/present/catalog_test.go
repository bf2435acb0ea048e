package present

import (
	"encoding/json"
	"strings"
	"testing"
	"text/template"

	"github.com/xqfyne/xiangqi/resources"
)

// catalog reads the bundled translations of one language ("en", "zh_Hans") and translates
// as the app does: the key's template filled from data, the key itself when missing.
func catalog(t *testing.T, lang string) Translate {
	t.Helper()
	data, err := resources.Translations.ReadFile(resources.TranslationsDir + "/xiangqi." + lang + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var texts map[string]string
	if err := json.Unmarshal(data, &texts); err != nil {
		t.Fatal(err)
	}
	return func(key string, fields map[string]any) string {
		text, ok := texts[key]
		if !ok {
			t.Errorf("no text for %q in %s", key, lang)
			return key
		}
		tpl, err := template.New(key).Parse(text)
		if err != nil {
			t.Fatalf("%s %q: %v", lang, key, err)
		}
		var b strings.Builder
		if err := tpl.Execute(&b, fields); err != nil {
			t.Fatalf("%s %q: %v", lang, key, err)
		}
		return b.String()
	}
}

// languages are the two catalogs the tables below are written for.
func languages(t *testing.T) (en, zh Translate) { return catalog(t, "en"), catalog(t, "zh_Hans") }
