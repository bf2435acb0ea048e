package resources

import (
	"bytes"
	"slices"
	"testing"

	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/puzzle"
)

// The toolbar icons are bundled and are SVG.
func TestUIIconsAreBundled(t *testing.T) {
	for _, name := range []string{"flip", "hint", "resign", "draw"} {
		data, err := UIIcon(name)
		if err != nil || !bytes.HasPrefix(data, []byte("<svg")) {
			t.Fatalf("icon %s: %v", name, err)
		}
	}
	if _, err := UIIcon("missing"); err == nil {
		t.Fatal("a missing icon was found")
	}
}

// The catalogs load as package i18n reads them (valid JSON, valid templates), and every
// language has the same keys: a text missing in one language would fall back to English.
func TestCatalogsHaveTheSameKeys(t *testing.T) {
	c, err := Catalogs()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	langs := c.Languages()
	if len(langs) < 2 || !slices.Contains(langs, i18n.English) {
		t.Fatalf("want English and at least one other catalog, have %v", langs)
	}
	english := c.Keys(i18n.English)
	for _, lang := range langs {
		keys := c.Keys(lang)
		for _, k := range english {
			if _, ok := slices.BinarySearch(keys, k); !ok {
				t.Errorf("%s lacks %q", lang, k)
			}
		}
		for _, k := range keys {
			if _, ok := slices.BinarySearch(english, k); !ok {
				t.Errorf("%s has %q, which English lacks", lang, k)
			}
		}
	}
}

// The bundled puzzles read, every file, as many as issue 34 asks for at least.
func TestBundledPuzzles(t *testing.T) {
	files, err := puzzle.Load(Puzzles())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		n += len(f.Puzzles)
	}
	if len(files) != 4 || n < 3500 {
		t.Errorf("%d files, %d puzzles; want 4 and at least 3,500", len(files), n)
	}
}
