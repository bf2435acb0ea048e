package present

import (
	"testing"

	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/resources"
)

// speaker renders keys and messages in one language from the bundled catalogs, as the
// app does; a text missing from the catalog fails the test.
type speaker struct {
	t    *testing.T
	cats *i18n.Catalogs
	lang i18n.Language
}

func newSpeaker(t *testing.T, lang play.Language) speaker {
	t.Helper()
	cats, err := resources.Catalogs()
	if err != nil {
		t.Fatal(err)
	}
	return speaker{t: t, cats: cats, lang: lang.Catalog()}
}

func (s speaker) say(m i18n.Message) string {
	text, err := s.cats.Render(s.lang, m)
	if err != nil {
		s.t.Errorf("%s: %v", s.lang, err)
	}
	return text
}

func (s speaker) tr(key string, data map[string]any) string {
	return s.say(i18n.Message{Key: key, Args: i18n.Args(data)})
}

// languages are the two catalogs the tables below are written for.
func languages(t *testing.T) (en, zh Translate) {
	return newSpeaker(t, play.English).tr, newSpeaker(t, play.Chinese).tr
}

// sayBoth checks that say says wantEN in English and wantZH in Chinese; name tells the
// case in a failure.
func sayBoth[T string | [2]string | [3]string](t *testing.T, name string, say func(Translate) T, wantEN, wantZH T) {
	t.Helper()
	en, zh := languages(t)
	if got := say(en); got != wantEN {
		t.Errorf("%s: %q, want %q", name, got, wantEN)
	}
	if got := say(zh); got != wantZH {
		t.Errorf("%s in Chinese: %q, want %q", name, got, wantZH)
	}
}
