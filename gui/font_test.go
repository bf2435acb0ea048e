package gui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/image/font/sfnt"

	"fyne.io/fyne/v2"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
)

// uiStrings collects every text the app can show: both translation files (which hold the
// messages of game and play too), the piece and coordinate characters (which messages
// fill in), and non-ASCII string literals in gui/, gui/board/, gui/present/, game/ and play/.
func uiStrings(t *testing.T) []string {
	t.Helper()
	var out []string
	entries, err := resources.Translations.ReadDir(resources.TranslationsDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := resources.Translations.ReadFile(resources.TranslationsDir + "/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]string
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		for _, v := range m {
			out = append(out, v)
		}
	}
	for _, c := range []rules.Color{rules.Red, rules.Black} {
		for t := rules.PieceType(0); t < rules.NumPieceTypes; t++ {
			out = append(out, game.PieceChar(rules.MakePiece(c, t)))
		}
		for f := 0; f < board.Files; f++ {
			out = append(out, game.FileNumeral(c, f))
		}
	}
	literal := regexp.MustCompile("\"(?:[^\"\\\\\\n]|\\\\.)*\"|`[^`]*`")
	for _, pattern := range []string{"*.go", "board/*.go", "present/*.go", "../game/*.go", "../play/*.go"} {
		files, _ := filepath.Glob(pattern)
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, literal.FindAllString(string(src), -1)...)
		}
	}
	return out
}

// notationSample plays a short game and returns its moves in Chinese and WXF notation,
// so that the move list's characters (including Black's full-width digits) are covered.
func notationSample(t *testing.T) []string {
	t.Helper()
	g, err := game.New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "h0h4", "h7i7", "c3c4", "g6g5", "b0c2", "b7b5"} {
		if err := g.Play(mv(t, m)); err != nil {
			t.Fatal(err)
		}
	}
	return append(g.MoveTextsFrom(0, game.Chinese), g.MoveTextsFrom(0, game.WXF)...)
}

func TestFontCoversUIText(t *testing.T) {
	f, err := sfnt.Parse(resources.FontBytes())
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	missing := map[rune]bool{}
	texts := append(uiStrings(t), notationSample(t)...)
	for _, s := range texts {
		for _, r := range s {
			if r < 0x7f && r != ' ' { // ASCII is drawn by Fyne's own sans font; see make-font.sh
				continue
			}
			if gi, err := f.GlyphIndex(&buf, r); err != nil || gi == 0 {
				missing[r] = true
			}
		}
	}
	if len(missing) > 0 {
		var rs []string
		for r := range missing {
			rs = append(rs, string(r))
		}
		sort.Strings(rs)
		t.Fatalf("the bundled font lacks %q; run scripts/make-font.sh", strings.Join(rs, ""))
	}
}

// Every translation key gui's code uses exists in every language. (That every catalog
// has the same keys is resources' test; that game's and play's messages have their
// texts, theirs.)
func TestTranslationsComplete(t *testing.T) {
	langs := map[string]map[string]string{}
	entries, _ := resources.Translations.ReadDir(resources.TranslationsDir)
	for _, e := range entries {
		data, _ := resources.Translations.ReadFile(resources.TranslationsDir + "/" + e.Name())
		m := map[string]string{}
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		langs[e.Name()] = m
	}
	if len(langs) < 2 {
		t.Fatalf("want English and Chinese translations, have %d files", len(langs))
	}
	used := map[string]bool{}
	// gui calls tr(key), gui/present the Translate it is given, t(key, data).
	keyUse := regexp.MustCompile(`\bt(?:r)?\("([a-zA-Z.]+)"`)
	files, _ := filepath.Glob("*.go")
	more, _ := filepath.Glob("present/*.go")
	for _, f := range append(files, more...) {
		src, _ := os.ReadFile(f)
		for _, m := range keyUse.FindAllStringSubmatch(string(src), -1) {
			used[m[1]] = true
		}
	}
	for _, l := range play.Levels() {
		used[l.Key] = true
	}
	for name, m := range langs {
		for k := range used {
			if m[k] == "" {
				t.Errorf("%s lacks %q", name, k)
			}
		}
	}
}

// The language follows the system locale; a language the app has no translation for
// falls back to English.
func TestChineseLocaleSelectsChineseText(t *testing.T) {
	for _, env := range []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"} {
		t.Setenv(env, "zh_CN.UTF-8")
	}
	newTestApp(t)
	reloadTranslations(t)
	if got := tr("action.undo"); got != "悔棋" {
		t.Fatalf("Chinese locale shows %q for Undo", got)
	}
	if systemLanguage().DefaultNotation() != game.Chinese {
		t.Fatal("Chinese UI should list moves in Chinese notation")
	}
	for _, env := range []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"} {
		t.Setenv(env, "en_GB.UTF-8")
	}
	reloadTranslations(t)
	if got := tr("action.undo"); got != "Undo" || systemLanguage().DefaultNotation() != game.WXF {
		t.Fatalf("English locale shows %q for Undo", got)
	}
	for _, env := range []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"} {
		t.Setenv(env, "fr_FR.UTF-8")
	}
	reloadTranslations(t)
	if got := tr("action.undo"); got != "Undo" || systemLanguage() != play.English {
		t.Fatalf("French locale shows %q for Undo, language %v", got, systemLanguage())
	}
}

// Latin text is set in Fyne's proportional sans face, not in the calligraphy font's
// typewriter-like Latin glyphs: the bundled font has no ASCII, Fyne's default font has it,
// and the measured text is proportional.
func TestLatinTextUsesSansFace(t *testing.T) {
	newTestApp(t)
	bundled, err := sfnt.Parse(resources.FontBytes())
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	for _, r := range "AZaz09" {
		if gi, err := bundled.GlyphIndex(&buf, r); err == nil && gi != 0 {
			t.Errorf("the bundled font has a glyph for %q, which would hide Fyne's sans face", r)
		}
	}
	narrow := fyne.MeasureText("iiiiiiiiii", 14, fyne.TextStyle{})
	wide := fyne.MeasureText("MMMMMMMMMM", 14, fyne.TextStyle{})
	if narrow.Width > wide.Width/2 {
		t.Errorf("Latin text is not proportional: i×10 %.1f wide, M×10 %.1f", narrow.Width, wide.Width)
	}
	if han := fyne.MeasureText("炮二平五", 14, fyne.TextStyle{}); han.Width < 3*14 {
		t.Errorf("Chinese text measures %.1f wide for four characters at 14", han.Width)
	}
}
