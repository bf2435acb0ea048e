package puzzle

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/xqfyne/xiangqi/rules"
)

func samplePuzzle(t *testing.T) Puzzle {
	return Puzzle{ID: "t-1", FEN: "3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1", Moves: moves(t, "a5d5"),
		Kind: KindMate, Proof: Proven, Rating: 700, Themes: []string{"mate1", ThemeFacingKings}, Title: "白脸将", Source: "test"}
}

func TestReadWriteRoundTrip(t *testing.T) {
	in := []Puzzle{samplePuzzle(t), {ID: "t-2", FEN: rules.StartFEN, Moves: moves(t, "h2e2", "h9g7"),
		Kind: KindStudy, Proof: Reference, Rating: 1500, Title: "tab\tin title", Source: "line\nbreak"}}
	var buf bytes.Buffer
	if err := Write(&buf, in); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), Header+"\n") {
		t.Fatalf("no header: %q", buf.String())
	}
	out, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || out[0].Line() != in[0].Line() || out[1].Title != "tab in title" || out[1].Source != "line break" {
		t.Fatalf("read back %+v", out)
	}
	if !slices.Equal(out[0].Moves, in[0].Moves) || !slices.Equal(out[0].Themes, in[0].Themes) {
		t.Fatalf("moves or themes changed: %+v", out[0])
	}
}

func TestReadErrorsNameTheLine(t *testing.T) {
	good := samplePuzzle(t)
	cases := map[string]string{
		"fields":    "a\tb\tc",
		"move":      strings.Replace(good.Line(), "a5d5", "a5z5", 1),
		"rating":    strings.Replace(good.Line(), "\t700\t", "\tseven\t", 1),
		"theme":     strings.Replace(good.Line(), "mate1,", "mate1,,", 1),
		"duplicate": good.Line() + "\n" + good.Line(),
		"utf8":      strings.Replace(good.Line(), "test", "\xff", 1),
		"id":        "\t" + strings.SplitN(good.Line(), "\t", 2)[1],
	}
	for name, text := range cases {
		_, err := Read(strings.NewReader(Header + "\n\n" + text + "\n"))
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if !strings.Contains(err.Error(), "line 3") && !(name == "duplicate" && strings.Contains(err.Error(), "line 4")) {
			t.Errorf("%s: error %q does not name the line", name, err)
		}
	}
}

func TestValidate(t *testing.T) {
	good := samplePuzzle(t)
	if _, err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	bad := map[string]func(p *Puzzle){
		"kind":         func(p *Puzzle) { p.Kind = "riddle" },
		"proof":        func(p *Puzzle) { p.Proof = "trust me" },
		"rating":       func(p *Puzzle) { p.Rating = 0 },
		"fen":          func(p *Puzzle) { p.FEN = "9/9 w" },
		"illegal move": func(p *Puzzle) { p.Moves = moves(t, "a5a0") },
		"no mate":      func(p *Puzzle) { p.Moves = moves(t, "a5a9") },
		"even line":    func(p *Puzzle) { p.Moves = moves(t, "a5d5", "d9d8") },
		"no moves":     func(p *Puzzle) { p.Moves = nil },
		"id":           func(p *Puzzle) { p.ID = "two words" },
	}
	for name, spoil := range bad {
		p := good
		spoil(&p)
		if _, err := p.Validate(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// FuzzParseLine: any line either fails with an error or reads back the
// same after writing, and validating it never panics.
func FuzzParseLine(f *testing.F) {
	f.Add("t-1\t3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1\ta5d5\tmate\tproven\t700\tmate1,facing-kings\t白脸将\ttest")
	f.Add("x\t" + rules.StartFEN + "\th2e2 h9g7\tstudy\treference\t1500\t\t\t")
	f.Add("x\tbad fen\th2e2\tmaterial\tproven\t-5\ta,b\tt\ts")
	f.Fuzz(func(t *testing.T, line string) {
		p, err := ParseLine(line)
		if err != nil {
			return
		}
		q, err := ParseLine(p.Line())
		if err != nil {
			t.Fatalf("written line does not read back: %v", err)
		}
		if q.Line() != p.Line() {
			t.Fatalf("round trip changed %q to %q", p.Line(), q.Line())
		}
		p.Validate()
	})
}

func TestLoad(t *testing.T) {
	sample := samplePuzzle(t)
	line := sample.Line()
	other := strings.Replace(line, "t-1", "t-2", 1)
	fsys := fstest.MapFS{
		"b.tsv":     {Data: []byte(Header + "\n" + other + "\n")},
		"a.tsv":     {Data: []byte(Header + "\n" + line + "\n")},
		"notes.txt": {Data: []byte("not a puzzle file")},
	}
	files, err := Load(fsys)
	if err != nil || len(files) != 2 || files[0].Name != "a.tsv" || files[1].Puzzles[0].ID != "t-2" {
		t.Fatalf("got %+v, %v", files, err)
	}
	fsys["c.tsv"] = &fstest.MapFile{Data: []byte(line + "\n")}
	if _, err := Load(fsys); err == nil || !strings.Contains(err.Error(), "already in a.tsv") {
		t.Errorf("an id in two files: %v", err)
	}
	if _, err := Load(fstest.MapFS{}); err == nil {
		t.Error("no files accepted")
	}
}
