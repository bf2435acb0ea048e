package game

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// sharedPGNFiles lists the real-world games in ../shared (next to the
// repository), skipping the test when the folder is absent.
func sharedPGNFiles(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob("../../shared/testdata/pgn-ccgc/*.pgn")
	if len(files) == 0 {
		t.Skip("../shared/testdata/pgn-ccgc not present")
	}
	return files
}

func TestImportRealGamesGBK(t *testing.T) {
	files := sharedPGNFiles(t)
	if len(files) != 20 {
		t.Errorf("found %d games, want 20", len(files))
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		g, err := importPGN(bytes.NewReader(data))
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(name), err)
			continue
		}
		if g.Len() < 20 || g.Record().Meta.Red == "" || g.Record().Meta.Black == "" || g.Record().Meta.Event == "" {
			t.Errorf("%s: %d moves, red %q, black %q, event %q", filepath.Base(name), g.Len(), g.Record().Meta.Red, g.Record().Meta.Black, g.Record().Meta.Event)
		}
		// The recorded result tag must survive (the board decides none of
		// these games by itself, or agrees with the tag).
		tagResult := regexpTag(t, data, "Result")
		if got := g.Result().PGN(); got != tagResult {
			t.Errorf("%s: result %s, tag says %s", filepath.Base(name), got, tagResult)
		}
		// Every move was legal: replaying them through Play from the start
		// position must succeed (Play checks legality independently).
		replay, _ := New(g.StartFEN())
		for i, m := range g.Moves() {
			if err := replay.Play(m); err != nil {
				t.Fatalf("%s: move %d %s: %v", filepath.Base(name), i+1, m, err)
			}
		}
		for _, style := range []Notation{Chinese, WXF, ICCS} {
			for _, gbk := range []bool{false, true} {
				var out bytes.Buffer
				if err := g.Record().ExportPGN(&out, PGNOptions{Notation: style, GBK: gbk}); err != nil {
					t.Fatal(err)
				}
				back, err := importPGN(bytes.NewReader(out.Bytes()))
				if err != nil {
					t.Fatalf("%s: re-import (%s, gbk=%v): %v\n%s", filepath.Base(name), style, gbk, err, out.String())
				}
				if !slices.Equal(back.Moves(), g.Moves()) || back.Record().Meta != g.Record().Meta || back.Result() != g.Result() {
					t.Errorf("%s: re-import (%s, gbk=%v) differs", filepath.Base(name), style, gbk)
				}
			}
		}
	}
}

// regexpTag extracts a tag value from raw (ASCII-valued) PGN bytes.
func regexpTag(t *testing.T, data []byte, name string) string {
	t.Helper()
	prefix := []byte("[" + name + " \"")
	i := bytes.Index(data, prefix)
	if i < 0 {
		t.Fatalf("no %s tag", name)
	}
	rest := data[i+len(prefix):]
	return string(rest[:bytes.IndexByte(rest, '"')])
}

func TestImportFirstRealGameMoves(t *testing.T) {
	sharedPGNFiles(t)
	data, err := os.ReadFile("../../shared/testdata/pgn-ccgc/game01.pgn")
	if err != nil {
		t.Fatal(err)
	}
	g, err := importPGN(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	// game01 opens 炮八平五 马２进３ 马八进七 车１平２ (b2e2 b9c7 b0c2 a9b9).
	want := []string{"b2e2", "b9c7", "b0c2", "a9b9"}
	for i, w := range want {
		if got := g.Moves()[i].String(); got != w {
			t.Errorf("move %d = %s, want %s", i+1, got, w)
		}
	}
	if g.Len() != 26 {
		t.Errorf("game01 has %d plies, want 26", g.Len())
	}
	if g.Record().Meta.Red != "宝岛一号" || g.Record().Meta.Black != "相眼竞技" || g.Record().Meta.ECCO != "C48" {
		t.Errorf("metadata %+v", g.Record().Meta)
	}
	if r := g.Result(); r.Status != BlackWins || r.Reason != ReasonRecorded {
		t.Errorf("result %v", r)
	}
}

func TestImportUTF8WithCommentsAndVariations(t *testing.T) {
	text := "\ufeff[Game \"Chinese Chess\"]\n[Red \"A \\\"quoted\\\" name\"]\n[Black \"B\"]\n[Result \"*\"]\n" +
		"{opening comment}\n1. 炮二平五 {centre cannon} 马8进7 (1... 马２进３ 2. 马二进三) $1\n" +
		"2.马二进三 ; rest of line ignored 1-0\n 马２进３\n3. I0-I1 ...\n% escaped line\n C8-1! *\ntrailer text 炮八平五"
	g, err := importPGN(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	got := make([]string, 0, g.Len())
	for _, m := range g.Moves() {
		got = append(got, m.String())
	}
	if want := "h2e2 h9g7 h0g2 b9c7 i0i1 h7h8"; strings.Join(got, " ") != want {
		t.Errorf("moves %v, want %s", got, want)
	}
	if g.Record().Meta.Red != `A "quoted" name` {
		t.Errorf("red %q", g.Record().Meta.Red)
	}
	if g.Result().Decided() {
		t.Errorf("result %v, want ongoing", g.Result())
	}
}

// Control bytes in a tag or a comment are dropped on import and never written: a short
// game whose export kept five of them read back as binary data.
func TestPGNDropsControlBytes(t *testing.T) {
	// Long enough that two control bytes are no sign of binary data (under 1 % of it).
	text := "[Game \"Chinese Chess\"]\n[Event \"Friendly match between two clubs\"]\n" +
		"[Site \"Bei\x02jing\tcup\"]\n[Date \"2026.11.27\"]\n[Red \"Red player\"]\n[Black \"Black player\"]\n" +
		"1. 炮二平五 {a\x07b\nc} 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ *\n"
	g, err := importPGN(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if site := g.Record().Meta.Site; site != "Beijing cup" {
		t.Errorf("site %q, want %q", site, "Beijing cup")
	}
	g.Record().Meta.Red = "x\x01y\x7fz"
	var out bytes.Buffer
	if err := g.Record().ExportPGN(&out, PGNOptions{Notation: WXF}); err != nil {
		t.Fatal(err)
	}
	for _, b := range out.Bytes() {
		if b < 0x20 && b != '\n' || b == 0x7f {
			t.Fatalf("the export holds the control byte %#x:\n%q", b, out.String())
		}
	}
	if !strings.Contains(out.String(), `[Red "xyz"]`) || !strings.Contains(out.String(), "{ab\nc}") {
		t.Errorf("tags or comment not as read, less their control bytes:\n%s", out.String())
	}
}

func TestExportPGNFormat(t *testing.T) {
	g := mustGame(t, "")
	g.Record().Meta = Metadata{Event: "友谊赛", Red: "甲", Black: "乙", Date: "2026.11.21"}
	playAll(t, g, "h2e2", "h9g7", "h0g2")
	g.Resign(rules.Black)
	var out bytes.Buffer
	if err := g.Record().ExportPGN(&out, PGNOptions{}); err != nil {
		t.Fatal(err)
	}
	want := `[Game "Chinese Chess"]
[Event "友谊赛"]
[Site "?"]
[Date "2026.11.21"]
[Round "?"]
[Red "甲"]
[Black "乙"]
[Result "1-0"]
  1. 炮二平五 马８进７
  2. 马二进三
1-0
`
	if out.String() != want {
		t.Errorf("export:\n%s\nwant:\n%s", out.String(), want)
	}
	out.Reset()
	g.Record().ExportPGN(&out, PGNOptions{Notation: ICCS})
	if !strings.Contains(out.String(), "[Format \"ICCS\"]\n  1. H2-E2 H9-G7\n  2. H0-G2\n1-0\n") {
		t.Errorf("ICCS export:\n%s", out.String())
	}
	out.Reset()
	g.Record().ExportPGN(&out, PGNOptions{Notation: WXF, GBK: true})
	if utf8Valid := bytes.Contains(out.Bytes(), []byte("友谊赛")); utf8Valid {
		t.Error("GBK export contains UTF-8 text")
	}
	back, err := importPGN(&out)
	if err != nil || back.Record().Meta.Event != "友谊赛" || !slices.Equal(back.Moves(), g.Moves()) {
		t.Errorf("GBK WXF re-import: %v %+v", err, back)
	}
}

func TestPGNWithFENAndBlackToMove(t *testing.T) {
	fen := "3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 30"
	g := mustGame(t, fen)
	playAll(t, g, "e4f4", "f0e0", "f4e4")
	var out bytes.Buffer
	if err := g.Record().ExportPGN(&out, PGNOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "[FEN \""+fen+"\"]\n") || !strings.Contains(out.String(), " 30. ... 车５平６\n 31. 帅四平五 车６平５\n*\n") {
		t.Errorf("export:\n%s", out.String())
	}
	back, err := importPGN(&out)
	if err != nil || back.StartFEN() != fen || !slices.Equal(back.Moves(), g.Moves()) {
		t.Fatalf("re-import: %v", err)
	}
}

func TestImportPGNRejectsBadInput(t *testing.T) {
	cases := map[string]string{
		"empty":              "",
		"illegal move":       "1. 炮二平五 炮２进８ *",
		"garbage move":       "1. 炮二平五 hello *",
		"bad FEN tag":        "[FEN \"xyz\"]\n1. h2e2 *",
		"unclosed comment":   "1. h2e2 {never closed",
		"unclosed variation": "1. h2e2 (1. b2e2",
		"unclosed tag":       "[Red \"abc\n1. h2e2 *",
		"unquoted tag":       "[Red abc]\n1. h2e2 *",
		"western chess":      "[Game \"Chess\"]\n1. e4 e5 *",
		"not text":           "\xff\xfe\x00\x01\x80",
	}
	for name, text := range cases {
		g, err := importPGN(strings.NewReader(text))
		if err == nil || g != nil {
			t.Errorf("%s: importPGN = %v, %v; want an error", name, g, err)
		}
	}
}

func TestImportPGNUnicodeSpaces(t *testing.T) {
	// Ideographic space (U+3000), no-break space and NEL between moves.
	text := "1.\u3000炮二平五\u3000马８进７\u00a02. 马二进三\u0085车９平８ *"
	g, err := importPGN(strings.NewReader(text))
	if err != nil || g.Len() != 4 {
		t.Fatalf("%v %v", err, g)
	}
}

func TestImportPGNFirstGameOnly(t *testing.T) {
	text := "[Game \"Chinese Chess\"]\n1. h2e2 h9g7 1-0\n\n[Game \"Chinese Chess\"]\n1. b2e2 *\n"
	g, err := importPGN(strings.NewReader(text))
	if err != nil || g.Len() != 2 || g.Result().Status != RedWins {
		t.Fatalf("%v %v", err, g)
	}
}
