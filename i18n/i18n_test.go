package i18n

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

func testCatalogs(t *testing.T) *Catalogs {
	t.Helper()
	fsys := fstest.MapFS{
		"texts/app.en.json": {Data: []byte(`{
			"win": "{{.Side}} wins by {{.Reason}}",
			"side.red": "Red",
			"reason.mate": "checkmate",
			"by": " by {{.Pieces}}",
			"piece": "the {{.Name}} on {{.Square}}",
			"list.and.between": ", ",
			"list.and.last": " and ",
			"only.english": "only in English"
		}`)},
		"texts/app.zh_Hans.json": {Data: []byte(`{
			"win": "{{.Side}}胜（{{.Reason}}）",
			"side.red": "红方",
			"reason.mate": "将死",
			"by": "以{{.Pieces}}",
			"piece": "{{.Name}}（{{.Square}}）",
			"list.and.between": "、",
			"list.and.last": "、"
		}`)},
		"texts/fr.json":     {Data: []byte(`{"side.red": "Rouge"}`)},
		"texts/README.md":   {Data: []byte("not a catalog")},
		"texts/dir.json":    {Mode: fs.ModeDir | 0o755},
		"other/app.de.json": {Data: []byte(`{"side.red": "Rot"}`)},
	}
	c, err := Load(fsys, "texts")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestLoadNamesLanguagesByFile(t *testing.T) {
	c := testCatalogs(t)
	if got := c.Languages(); len(got) != 3 || got[0] != "en" || got[1] != "fr" || got[2] != "zh_Hans" {
		t.Fatalf("languages %v", got)
	}
	if got := strings.Join(c.Keys("fr"), " "); got != "side.red" {
		t.Errorf("fr keys %q", got)
	}
	if src, ok := c.Source(English, "win"); !ok || src != "{{.Side}} wins by {{.Reason}}" {
		t.Errorf("source %q %v", src, ok)
	}
	if _, ok := c.Source("fr", "win"); ok {
		t.Error("fr has no text for win")
	}
}

// Nested messages and lists render in the message's language, each list joined as
// that language joins lists.
func TestNestedMessagesAndLists(t *testing.T) {
	c := testCatalogs(t)
	piece := func(name, sq string) Message {
		return Message{Key: "piece", Args: Args{"Name": name, "Square": sq}}
	}
	by := func(items ...Message) Message {
		return Message{Key: "by", Args: Args{"Pieces": List{Style: "list.and", Items: items}}}
	}
	win := Message{Key: "win", Args: Args{"Side": Message{Key: "side.red"}, "Reason": Message{Key: "reason.mate"}}}
	cases := []struct {
		m      Message
		en, zh string
	}{
		{win, "Red wins by checkmate", "红方胜（将死）"},
		{by(piece("rook", "a5")), " by the rook on a5", "以rook（a5）"},
		{by(piece("rook", "a5"), piece("horse", "c4")), " by the rook on a5 and the horse on c4", "以rook（a5）、horse（c4）"},
		{by(piece("rook", "a5"), piece("horse", "c4"), piece("pawn", "e6")),
			" by the rook on a5, the horse on c4 and the pawn on e6", "以rook（a5）、horse（c4）、pawn（e6）"},
		{by(), " by ", "以"},
		{Message{}, "", ""},
	}
	for _, x := range cases {
		en, err := c.Render(English, x.m)
		if err != nil || en != x.en {
			t.Errorf("%v in English: %q, %v; want %q", x.m, en, err, x.en)
		}
		zh, err := c.Render("zh_Hans", x.m)
		if err != nil || zh != x.zh {
			t.Errorf("%v in Chinese: %q, %v; want %q", x.m, zh, err, x.zh)
		}
		if text := c.Text("zh_Hans", x.m); text != x.zh {
			t.Errorf("Text %q, Render %q", text, x.zh)
		}
	}
}

// A text missing in a language shows in English, and one missing everywhere as its key;
// Render reports both, and a value the template lacks.
func TestGapsShowAndAreReported(t *testing.T) {
	c := testCatalogs(t)
	english := Message{Key: "only.english"}
	if got := c.Text("zh_Hans", english); got != "only in English" {
		t.Errorf("fallback %q", got)
	}
	if _, err := c.Render("zh_Hans", english); err == nil {
		t.Error("Render does not report a text missing in Chinese")
	}
	missing := Message{Key: "no.such.key"}
	if got := c.Text(English, missing); got != "no.such.key" {
		t.Errorf("missing key shows as %q", got)
	}
	if _, err := c.Render(English, missing); err == nil {
		t.Error("Render does not report a missing key")
	}
	if _, err := c.Render("xx", Message{Key: "side.red"}); err == nil {
		t.Error("Render does not report a language with no catalog")
	}
	noReason := Message{Key: "win", Args: Args{"Side": Message{Key: "side.red"}}}
	if _, err := c.Render(English, noReason); err == nil || !strings.Contains(err.Error(), "Reason") {
		t.Errorf("a missing value gives %v", err)
	}
	if got := c.Text(English, noReason); got != "win" {
		t.Errorf("a missing value shows as %q", got)
	}
	nested := Message{Key: "win", Args: Args{"Side": missing, "Reason": Message{Key: "reason.mate"}}}
	if got, err := c.Render(English, nested); err == nil || got != "no.such.key wins by checkmate" {
		t.Errorf("a nested gap gives %q, %v", got, err)
	}
}

func TestLoadRejectsBadCatalogs(t *testing.T) {
	for name, fsys := range map[string]fstest.MapFS{
		"not JSON":          {"d/a.en.json": {Data: []byte(`{"a": `)}},
		"not text":          {"d/a.en.json": {Data: []byte(`{"a": {"one": "x"}}`)}},
		"no catalogs":       {"d/readme.txt": {Data: []byte("x")}},
		"no such directory": {"e/a.en.json": {Data: []byte(`{}`)}},
	} {
		if _, err := Load(fsys, "d"); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}

// Load parses no template; Check parses them all and names the bad ones, and a bad text
// renders as its key with the error.
func TestBadTemplatesShowWhenRenderedAndCheckFindsThem(t *testing.T) {
	c, err := Load(fstest.MapFS{"d/a.en.json": {Data: []byte(`{"bad": "{{.A", "good": "{{.A}}!", "plain": "a {b} c"}`)}}, "d")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"bad", "good", "plain"} {
		if c.texts[English][k].template != nil {
			t.Errorf("%s was parsed at load", k)
		}
	}
	if err := c.Check(); err == nil || !strings.Contains(err.Error(), "bad") || strings.Contains(err.Error(), "good") {
		t.Errorf("Check: %v, want an error for bad only", err)
	}
	if got, err := c.Render(English, Message{Key: "bad", Args: Args{"A": 1}}); err == nil || got != "bad" {
		t.Errorf("the bad text renders as %q, %v", got, err)
	}
	if got, err := c.Render(English, Message{Key: "good", Args: Args{"A": 1}}); err != nil || got != "1!" {
		t.Errorf("the good text renders as %q, %v", got, err)
	}
	if got, err := c.Render(English, Message{Key: "plain", Args: Args{"A": 1}}); err != nil || got != "a {b} c" {
		t.Errorf("the plain text renders as %q, %v", got, err)
	}
	if c.texts[English]["plain"].template != nil || c.texts[English]["good"].template == nil {
		t.Error("a text without actions was parsed, or one with actions was not kept parsed")
	}
}

func TestMessageString(t *testing.T) {
	m := Message{Key: "problem.noKing", Args: Args{"Side": Message{Key: "side.red"}, "Count": 2}}
	if got := m.String(); got != "problem.noKing{Count: 2, Side: side.red}" {
		t.Errorf("%q", got)
	}
	if got := (Message{Key: "reason.mate"}).String(); got != "reason.mate" {
		t.Errorf("%q", got)
	}
}
