package game

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// canonicalVariations is a PGN in the canonical export form: comments and
// variations on lines of their own, nested variations inline.
const canonicalVariations = `[Game "Chinese Chess"]
[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[Red "?"]
[Black "?"]
[Result "1-0"]
{开局}
  1. 炮二平五
{中炮}
(1. 炮八平五 马８进７ (1. ... 马２进３ {屏风马} 2. 马八进七) 2. 马二进三)
(1. 兵七进一)
  1. ... 马８进７
(1. ... 马２进３ 2. 马二进三 {line one
line two} 2. ... 车１平２)
  2. 马二进三 车９平８
{双方出车}
  3. 车一平二
1-0
`

func exportString(t *testing.T, r *Record, opt PGNOptions) string {
	t.Helper()
	var b bytes.Buffer
	if err := r.ExportPGN(&b, opt); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestPGNVariationsRoundTripByteForByte(t *testing.T) {
	r, err := ImportPGNRecord(strings.NewReader(canonicalVariations))
	if err != nil {
		t.Fatal(err)
	}
	if got := exportString(t, r, PGNOptions{}); got != canonicalVariations {
		t.Fatalf("export differs from the input:\n%s\nwant:\n%s", got, canonicalVariations)
	}
	// The tree: main line, comments where they belong, variations in order.
	if got := moveStrings(r.MainLineMoves()); got != "h2e2 h9g7 h0g2 i9h9 i0h0" {
		t.Errorf("main line %s", got)
	}
	if r.Root.Comment != "开局" || r.Root.Children[0].Comment != "中炮" {
		t.Errorf("comments %q %q", r.Root.Comment, r.Root.Children[0].Comment)
	}
	if n := len(r.Root.Children); n != 3 {
		t.Fatalf("%d first moves, want 3", n)
	}
	v := r.Root.Children[1] // 1. 炮八平五
	if v.Move.String() != "b2e2" || len(v.Children) != 2 || v.Children[1].Comment != "屏风马" {
		t.Errorf("nested variation wrong: %s, %d children", v.Move, len(v.Children))
	}
	blackVar := r.Root.Children[0].Children[1]
	if blackVar.Children[0].Comment != "line one\nline two" {
		t.Errorf("multi-line comment %q", blackVar.Children[0].Comment)
	}
	if r.Result.Status != RedWins {
		t.Errorf("result %v", r.Result)
	}
	// Other notations and GBK: export, import, export again gives the same bytes.
	for _, opt := range []PGNOptions{{Notation: WXF}, {Notation: ICCS}, {GBK: true}, {Notation: WXF, GBK: true}} {
		first := exportString(t, r, opt)
		back, err := ImportPGNRecord(strings.NewReader(first))
		if err != nil {
			t.Fatalf("%+v: %v\n%s", opt, err, first)
		}
		if second := exportString(t, back, opt); second != first {
			t.Errorf("%+v: second export differs:\n%s\n%s", opt, first, second)
		}
		if exportString(t, back, PGNOptions{}) != canonicalVariations {
			t.Errorf("%+v: the tree changed on the way", opt)
		}
	}
	// The linear game is the main line.
	g, err := importPGN(strings.NewReader(canonicalVariations))
	if err != nil || moveStrings(g.Moves()) != "h2e2 h9g7 h0g2 i9h9 i0h0" {
		t.Errorf("importPGN main line: %v", err)
	}
}

func TestPGNVariationsLooseInput(t *testing.T) {
	// Non-canonical spacing, several comments on one move, a variation's own
	// result token, NAGs and a duplicate of the main move merged.
	text := "{a}{b} 1.h2e2{c} {d}(1.b2e2 1-0)(1.h2e2 h9g7)h9g7 $1 (1...b9c7!?)2.h0g2 *"
	r, err := ImportPGNRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if r.Root.Comment != "a\nb" || r.Root.Children[0].Comment != "c\nd" {
		t.Errorf("comments %q %q", r.Root.Comment, r.Root.Children[0].Comment)
	}
	if len(r.Root.Children) != 2 || len(r.Root.Children[0].Children) != 2 {
		t.Errorf("variations: %d first moves, %d second moves", len(r.Root.Children), len(r.Root.Children[0].Children))
	}
	if got := moveStrings(r.MainLineMoves()); got != "h2e2 h9g7 h0g2" {
		t.Errorf("main line %s", got)
	}
	if r.Result.Decided() {
		t.Errorf("a variation's result became the game's: %v", r.Result)
	}
}

func TestPGNErrorsNameLineAndColumn(t *testing.T) {
	cases := map[string]struct{ text, want string }{
		"bad move":             {"[Red \"x\"]\n1. h2e2 h9g7\n2. 马二进九 *", `line 3, column 4: move 3: game: no legal move matches "马二进九"`},
		"illegal in variation": {"1. h2e2 (1. a0a5) h9g7 *", `line 1, column 13: move 1: game: illegal move "a0a5"`},
		"unclosed variation":   {"1. h2e2\n  (1. b2e2 *", "line 2, column 3: variation not closed"},
		"stray close":          {"1. h2e2 h9g7 ) *", "line 1, column 14: ')' without '('"},
		"variation first":      {"(1. h2e2) *", "line 1, column 1: variation before any move"},
		"unclosed comment":     {"1. h2e2\n{abc", "line 2, column 1: comment not closed"},
		"tag in variation":     {"1. h2e2 (1. b2e2\n[Red \"x\"]", "line 1, column 9: variation not closed"},
		"bad tag":              {"[Red x]", "line 1, column 1: bad tag"},
		"column in characters": {"1. 炮二平五 马８进８ *", "line 1, column 9: move 2"},
	}
	for name, c := range cases {
		r, err := ImportPGNRecord(strings.NewReader(c.text))
		if err == nil || r != nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q, want it to contain %q", name, err, c.want)
		}
	}
	deep := "1. h2e2 " + strings.Repeat("(1. b2e2 ", maxVariationDepth+1)
	if _, err := ImportPGNRecord(strings.NewReader(deep)); err == nil || !strings.Contains(err.Error(), "nested too deeply") {
		t.Errorf("deep nesting: %v", err)
	}
}

func TestPGNRecordCommentsCannotBreakOut(t *testing.T) {
	r, _ := NewRecord("")
	n := addLine(t, r, r.Root, "h2e2")
	n.Comment = "  a } b {c}\r\nd  "
	text := exportString(t, r, PGNOptions{})
	back, err := ImportPGNRecord(strings.NewReader(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if got := back.Root.Children[0].Comment; got != "a ｝ b {c｝\nd" {
		t.Errorf("comment %q", got)
	}
	if exportString(t, back, PGNOptions{}) != text {
		t.Error("second export differs")
	}
}

func TestSharedGamesAsRecords(t *testing.T) {
	for _, name := range sharedPGNFiles(t) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		r, err := ImportPGNRecord(bytes.NewReader(data))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		g, _ := importPGN(bytes.NewReader(data))
		if moveStrings(r.MainLineMoves()) != moveStrings(g.Moves()) {
			t.Errorf("%s: record and game differ", name)
		}
		first := exportString(t, r, PGNOptions{GBK: true})
		back, err := ImportPGNRecord(strings.NewReader(first))
		if err != nil || exportString(t, back, PGNOptions{GBK: true}) != first {
			t.Errorf("%s: GBK round trip: %v", name, err)
		}
	}
}

func FuzzImportPGNRecord(f *testing.F) {
	f.Add([]byte(canonicalVariations))
	f.Add([]byte("{a}{b} 1.h2e2{c} {d}(1.b2e2 1-0)(1.h2e2 h9g7)h9g7 $1 (1...b9c7!?)2.h0g2 *"))
	f.Add([]byte("[FEN \"3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 30\"]\n30... 车５平６ (30... e4e0) 31. 帅四平五 *"))
	f.Add([]byte("1. C2=5 (1. H2+3 {x} H8+7 (1... P7+1)) H8+7 0-1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ImportPGNRecord(bytes.NewReader(data))
		if err != nil {
			if r != nil {
				t.Fatal("error with a record")
			}
			return
		}
		for _, style := range []Notation{Chinese, WXF, ICCS} {
			var first, second bytes.Buffer
			if err := r.ExportPGN(&first, PGNOptions{Notation: style}); err != nil {
				t.Fatal(err)
			}
			back, err := ImportPGNRecord(bytes.NewReader(first.Bytes()))
			if err != nil {
				t.Fatalf("re-import (%s): %v\n%s", style, err, first.String())
			}
			if err := back.ExportPGN(&second, PGNOptions{Notation: style}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(first.Bytes(), second.Bytes()) {
				t.Fatalf("export → import → export differs (%s):\n%s\n%s", style, first.String(), second.String())
			}
		}
	})
}

func TestPGNGBKExportOfUnencodableText(t *testing.T) {
	r, _ := NewRecord("")
	addLine(t, r, r.Root, "h2e2").Comment = "好棋 🙂"
	var out bytes.Buffer
	err := r.ExportPGN(&out, PGNOptions{GBK: true})
	if err == nil || !strings.Contains(err.Error(), "GBK cannot encode") {
		t.Errorf("GBK export of an emoji: %v", err)
	}
	if err := r.ExportPGN(&out, PGNOptions{}); err != nil {
		t.Errorf("UTF-8 export: %v", err)
	}
}

// BenchmarkImportPGNRecordOneLine reads a long game written on a single
// line with a comment after every move (columns and comments must stay
// linear in the input size).
func BenchmarkImportPGNRecordOneLine(b *testing.B) {
	r, _ := NewRecord("")
	at := r.Root
	shuffle := []string{"h0g2", "h9g7", "g2h0", "g7h9"}
	for i := 0; i < 2000; i++ {
		n, _, err := r.AddMove(at, mustMove(b, shuffle[i%4]))
		if err != nil {
			b.Fatal(err)
		}
		n.Comment = "注"
		at = n
	}
	var out bytes.Buffer
	r.ExportPGN(&out, PGNOptions{})
	text := strings.Join(strings.Fields(out.String()), " ") + strings.Repeat(" {x}", 5000)
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ImportPGNRecord(strings.NewReader(text)); err != nil {
			b.Fatal(err)
		}
	}
}

func TestPGNTagWithUnescapedQuotes(t *testing.T) {
	// As ElephantEye writes the event of its XQF example.
	text := "[Event \"\"中立杯\"象棋电视快棋赛\"]\n[Red \"a \\\"b\\\"\" ]\n1. h2e2 *"
	r, err := ImportPGNRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if r.Meta.Event != `"中立杯"象棋电视快棋赛` || r.Meta.Red != `a "b"` {
		t.Errorf("event %q, red %q", r.Meta.Event, r.Meta.Red)
	}
	if _, err := ImportPGNRecord(strings.NewReader("[Event \"abc\" x]\n1. h2e2 *")); err == nil {
		t.Error("text after a closed tag value was accepted")
	}
}
