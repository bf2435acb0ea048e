// Package i18n turns messages into text in the player's language.
//
// The packages that decide what to say (game, play) never hold language-specific text:
// they return a Message, a catalog key with the values its text needs. Catalogs holds one
// catalog per language, the JSON files of resources/translations that Fyne's lang package
// reads for the app's own texts, and renders a message in a language. The catalogs'
// texts are Go templates ({{.Name}}), the syntax Fyne's lang uses. The package imports
// nothing of the project and nothing of Fyne, so that the app, the command-line tools
// and the tests render the same texts from the same files.
package i18n

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
	"text/template"
)

// Message is something to say: the key of its text in the catalogs and the values the
// text's template fills in. A value that is itself a Message or a List is rendered in
// the same language first. The zero Message says nothing (it renders as "").
type Message struct {
	Key  string
	Args Args
}

// Args are the values of a message, by the names its templates use.
type Args map[string]any

// List is a list of messages, rendered with the texts of the keys Style+".between"
// between two items and Style+".last" before the last one ("a, b and c"). A language
// joins different kinds of list differently, so the style is the message's to choose.
type List struct {
	Style string
	Items []Message
}

// Language names a catalog by the tag in its file name: xiangqi.en.json is "en".
type Language string

// English is the language a text missing from another catalog falls back to.
const English Language = "en"

// String names the message by its key and its values, for logs and errors where no
// language is at hand, e.g. `editor.noKing{Side: side.red}`.
func (m Message) String() string {
	if len(m.Args) == 0 {
		return m.Key
	}
	names := make([]string, 0, len(m.Args))
	for name := range m.Args {
		names = append(names, name)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = fmt.Sprintf("%s: %v", name, m.Args[name])
	}
	return m.Key + "{" + strings.Join(parts, ", ") + "}"
}

// Catalogs holds the texts of every language, each parsed once, when first rendered.
// Its methods may be called from several goroutines.
type Catalogs struct {
	texts map[Language]map[string]*text
}

// text is one catalog entry: as written, and parsed when first rendered. Most texts have
// no template action ({{...}}) and are never parsed: parsing the app's 1,100 texts at
// load took 0.1 s of the browser build's start (docs/budget.md).
type text struct {
	key, source string
	once        sync.Once
	template    *template.Template // nil for a text without actions
	err         error
}

// parsed is t's template, parsed on the first call; nil when t has no actions.
func (t *text) parsed() (*template.Template, error) {
	t.once.Do(func() {
		if strings.Contains(t.source, "{{") {
			// A value the template does not get is an error, not "<no value>" in the text.
			t.template, t.err = template.New(t.key).Option("missingkey=error").Parse(t.source)
		}
	})
	return t.template, t.err
}

// Load reads every catalog in dir of fsys: files named [prefix.]language.json, each a
// JSON object of key to text, as Fyne's lang package reads them. A file that is not
// such an object is an error. The texts' templates are parsed when first rendered;
// Check parses them all.
func Load(fsys fs.FS, dir string) (*Catalogs, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	c := &Catalogs{texts: map[Language]map[string]*text{}}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".json") {
			continue
		}
		data, err := fs.ReadFile(fsys, path.Join(dir, name))
		if err != nil {
			return nil, err
		}
		var raw map[string]string
		if err := json.Unmarshal(data, &raw); err != nil {
			return nil, fmt.Errorf("catalog %s: %w", name, err)
		}
		base := strings.TrimSuffix(name, ".json")
		lang := Language(base[strings.LastIndex(base, ".")+1:])
		texts := make(map[string]*text, len(raw))
		for key, source := range raw {
			texts[key] = &text{key: key, source: source}
		}
		c.texts[lang] = texts
	}
	if len(c.texts) == 0 {
		return nil, fmt.Errorf("no catalogs in %s", dir)
	}
	return c, nil
}

// Check parses every text of every catalog and reports those that are not valid templates.
func (c *Catalogs) Check() error {
	var errs []error
	for _, lang := range c.Languages() {
		for _, key := range c.Keys(lang) {
			if _, err := c.texts[lang][key].parsed(); err != nil {
				errs = append(errs, fmt.Errorf("catalog %s: %w", lang, err))
			}
		}
	}
	return errors.Join(errs...)
}

// Languages lists the languages that have a catalog, sorted.
func (c *Catalogs) Languages() []Language {
	out := make([]Language, 0, len(c.texts))
	for l := range c.texts {
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Keys lists the keys of lang's catalog, sorted.
func (c *Catalogs) Keys(lang Language) []string {
	out := make([]string, 0, len(c.texts[lang]))
	for k := range c.texts[lang] {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Source returns the text of key in lang's catalog as written there, template and all,
// and whether the catalog has it.
func (c *Catalogs) Source(lang Language, key string) (string, bool) {
	if t, ok := c.texts[lang][key]; ok {
		return t.source, true
	}
	return "", false
}

// Text renders m in lang. A text lang's catalog lacks comes from the English one, and
// one missing there too shows as its key, so that a gap shows on screen instead of
// stopping the app; Render reports gaps.
func (c *Catalogs) Text(lang Language, m Message) string {
	s, _ := c.render(lang, m, false)
	return s
}

// Render renders m in lang, and fails when lang's catalog lacks a key m uses or a
// template lacks a value.
func (c *Catalogs) Render(lang Language, m Message) (string, error) {
	return c.render(lang, m, true)
}

func (c *Catalogs) render(lang Language, m Message, strict bool) (string, error) {
	if m.Key == "" {
		return "", nil
	}
	t, err := c.text(lang, m.Key, strict)
	if err != nil {
		return m.Key, err
	}
	tmpl, err := t.parsed()
	if err != nil {
		return m.Key, fmt.Errorf("%s: %w", lang, err)
	}
	data := make(map[string]any, len(m.Args))
	var errs []error
	for name, v := range m.Args {
		switch v := v.(type) {
		case Message:
			s, err := c.render(lang, v, strict)
			data[name], errs = s, append(errs, err)
		case List:
			s, err := c.renderList(lang, v, strict)
			data[name], errs = s, append(errs, err)
		default:
			data[name] = v
		}
	}
	if tmpl == nil {
		return t.source, errors.Join(errs...)
	}
	var b strings.Builder
	if err := tmpl.Execute(&b, data); err != nil {
		return m.Key, fmt.Errorf("%s: %w", lang, err)
	}
	return b.String(), errors.Join(errs...)
}

// text finds key in lang's catalog, or else (unless strict) in the English one.
func (c *Catalogs) text(lang Language, key string, strict bool) (*text, error) {
	if t, ok := c.texts[lang][key]; ok {
		return t, nil
	}
	if t, ok := c.texts[English][key]; ok && !strict {
		return t, nil
	}
	return nil, fmt.Errorf("%s: no text for %q", lang, key)
}

func (c *Catalogs) renderList(lang Language, l List, strict bool) (string, error) {
	var b strings.Builder
	var errs []error
	for i, item := range l.Items {
		if i > 0 {
			sep := ".between"
			if i == len(l.Items)-1 {
				sep = ".last"
			}
			s, err := c.render(lang, Message{Key: l.Style + sep}, strict)
			b.WriteString(s)
			errs = append(errs, err)
		}
		s, err := c.render(lang, item, strict)
		b.WriteString(s)
		errs = append(errs, err)
	}
	return b.String(), errors.Join(errs...)
}
