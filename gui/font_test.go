package gui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font/sfnt"

	"fyne.io/fyne/v2"

	"github.com/xqfyne/xiangqi/book"
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

// bundledData collects the texts of the bundled data the app shows: the opening book's
// names and, where the puzzles are bundled, their files.
func bundledData(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "resources", "openings.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines, err := book.ParseOpenings(f)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range lines {
		out = append(out, l.Name)
	}
	puzzles, _ := filepath.Glob(filepath.Join("..", "resources", "puzzles", "*"))
	for _, p := range puzzles {
		if data, err := os.ReadFile(p); err == nil && utf8.Valid(data) {
			out = append(out, string(data))
		}
	}
	return out
}

// lacking returns the characters of texts that font has no glyph for, sorted.
func lacking(t *testing.T, fontData []byte, texts []string) string {
	t.Helper()
	f, err := sfnt.Parse(fontData)
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	missing := map[rune]bool{}
	for _, s := range texts {
		for _, r := range s {
			if !unicode.IsPrint(r) && r != ' ' {
				continue
			}
			if gi, err := f.GlyphIndex(&buf, r); err != nil || gi == 0 {
				missing[r] = true
			}
		}
	}
	var rs []string
	for r := range missing {
		rs = append(rs, string(r))
	}
	sort.Strings(rs)
	return strings.Join(rs, "")
}

// The UI face has every character the app can show: its own texts, the moves and the
// bundled data. (Names in opened files outside it come from a system font.)
func TestUIFontCoversText(t *testing.T) {
	texts := append(uiStrings(t), notationSample(t)...)
	texts = append(texts, bundledData(t)...)
	if missing := lacking(t, resources.UIFontBytes(), texts); missing != "" {
		t.Fatalf("the UI font lacks %d characters, %q; run scripts/make-font.sh", utf8.RuneCountInString(missing), firstRunes(missing, 80))
	}
}

// The UI face stays within its budget (docs/budget.md): Fyne parses it once per text style
// and theme scope, each parse holding about twice its size, and it is part of every
// download of the browser build. With all of GB2312 it was 3.0 MB.
func TestUIFontSizeBudget(t *testing.T) {
	const budget = 1 << 20
	if n := len(resources.UIFontBytes()); n > budget {
		t.Fatalf("the UI font is %d bytes, over its budget of %d; keep only the characters the app shows (scripts/make-font.sh)", n, budget)
	}
}

// firstRunes is s cut to n characters, for a message.
func firstRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
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

// fontFamily is the family name in a font file.
func fontFamily(t *testing.T, data []byte) string {
	t.Helper()
	f, err := sfnt.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	name, err := f.Name(nil, sfnt.NameIDFamily)
	if err != nil {
		t.Fatal(err)
	}
	return name
}

// Controls, lists and dialogs are set in a plain sans CJK face, not the brush face of the
// pieces, in every style; and that one face has the digits and Latin letters too, so a line
// like "第12回合" does not change face where the digits start.
func TestControlsUseSansFace(t *testing.T) {
	th := newAppTheme()
	for _, style := range []fyne.TextStyle{{}, {Bold: true}, {Italic: true}, {Monospace: true}} {
		data := th.Font(style).Content()
		if fam := fontFamily(t, data); fam != "Noto Sans CJK SC" {
			t.Errorf("style %+v: the controls' face is %q, want Noto Sans CJK SC", style, fam)
		}
		if missing := lacking(t, data, []string{"悔棋还原第12回合 Red 0:59"}); missing != "" {
			t.Errorf("style %+v: the controls' face lacks %q, so a line would change face there", style, missing)
		}
	}
	if fam := fontFamily(t, resources.BrushFontBytes()); fam != "AR PL UKai CN" {
		t.Errorf("the brush face is %q, want AR PL UKai CN", fam)
	}
}

// Latin text is proportional (the sans face's own Latin, not a typewriter-like one), and
// Chinese text is measured with its glyphs.
func TestLatinTextUsesSansFace(t *testing.T) {
	newTestApp(t)
	narrow := fyne.MeasureText("iiiiiiiiii", 14, fyne.TextStyle{})
	wide := fyne.MeasureText("MMMMMMMMMM", 14, fyne.TextStyle{})
	if narrow.Width > wide.Width/2 {
		t.Errorf("Latin text is not proportional: i×10 %.1f wide, M×10 %.1f", narrow.Width, wide.Width)
	}
	if han := fyne.MeasureText("炮二平五", 14, fyne.TextStyle{}); han.Width < 3*14 {
		t.Errorf("Chinese text measures %.1f wide for four characters at 14", han.Width)
	}
}
