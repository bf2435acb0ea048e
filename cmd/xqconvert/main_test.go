package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/game"
)

func convert(t *testing.T, c config) string {
	t.Helper()
	var out bytes.Buffer
	if err := run(c, strings.NewReader(""), &out); err != nil {
		t.Fatalf("%+v: %v", c, err)
	}
	return out.String()
}

// The acceptance check of the XQF reader: ElephantEye's own conversions of
// the two encrypted XQF files give the same start and main line.
func TestSharedXQFFilesMatchTheirPGN(t *testing.T) {
	dir := "../../../shared/testdata/xqf"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("../shared/testdata/xqf not present")
	}
	for _, name := range []string{"XQFEXAMA", "SAMPLE"} {
		fromXQF := convert(t, config{to: "iccs", in: filepath.Join(dir, name+".XQF")})
		fromPGN := convert(t, config{to: "iccs", in: filepath.Join(dir, name+".PGN")})
		if fromXQF != fromPGN {
			t.Errorf("%s: XQF and PGN differ:\n%s\n%s", name, fromXQF, fromPGN)
		}
		lines := strings.Split(strings.TrimSuffix(fromXQF, "\n"), "\n")
		if len(lines) != 2 || len(strings.Fields(lines[1])) < 70 {
			t.Errorf("%s: -to iccs output %q", name, fromXQF)
		}
	}
}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestConvertOwnFiles(t *testing.T) {
	dir := t.TempDir()
	pgn := "[Red \"红\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1\"]\n" +
		"1... 马８进７ {c} (1... 炮８平５ 2. 马二进三) 2. 炮二平五 车９平８ 0-1\n"
	pgnPath := writeFile(t, dir, "a.pgn", []byte(pgn))
	want := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1\nh9g7 h2e2 i9h9\n"
	if got := convert(t, config{to: "iccs", in: pgnPath}); got != want {
		t.Fatalf("PGN -> ICCS:\n%s\nwant\n%s", got, want)
	}

	// PGN -> XQF -> ICCS and -> PGN: the same game, variation and comment kept.
	xqfPath := filepath.Join(dir, "a.xqf")
	convert(t, config{to: "xqf", in: pgnPath, out: xqfPath})
	if got := convert(t, config{to: "iccs", in: xqfPath}); got != want {
		t.Errorf("XQF -> ICCS:\n%s\nwant\n%s", got, want)
	}
	viaXQF := convert(t, config{to: "pgn", in: xqfPath})
	direct := convert(t, config{to: "pgn", in: pgnPath})
	if viaXQF != direct || !strings.Contains(direct, "(1. ... 炮８平５ 2. 马二进三)") || !strings.Contains(direct, "{c}") {
		t.Errorf("PGN through XQF:\n%s\ndirect:\n%s", viaXQF, direct)
	}

	// The ICCS output reads back (FEN line and moves line).
	iccsPath := writeFile(t, dir, "a.txt", []byte(want))
	if got := convert(t, config{to: "iccs", in: iccsPath}); got != want {
		t.Errorf("ICCS -> ICCS: %q", got)
	}
	// A FEN alone.
	fenPath := writeFile(t, dir, "p.fen", []byte("3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 30\n"))
	if got := convert(t, config{to: "iccs", in: fenPath}); got != "3k5/9/9/9/9/4r4/9/9/9/5K3 b - - 0 30\n\n" {
		t.Errorf("FEN -> ICCS: %q", got)
	}
	// Content decides, not the name: PGN text in a .xqf file.
	misnamed := writeFile(t, dir, "text.xqf", []byte(pgn))
	if got := convert(t, config{to: "iccs", in: misnamed}); got != want {
		t.Errorf("misnamed PGN: %q", got)
	}
	// Notations and encodings.
	wxf := convert(t, config{to: "pgn", notation: "wxf", in: pgnPath})
	if !strings.Contains(wxf, "[Format \"WXF\"]") || !strings.Contains(wxf, "H8+7") {
		t.Errorf("WXF output:\n%s", wxf)
	}
	iccs := convert(t, config{to: "pgn", notation: "iccs", in: pgnPath})
	if !strings.Contains(iccs, "[Format \"ICCS\"]") || !strings.Contains(iccs, "H9-G7") {
		t.Errorf("ICCS PGN output:\n%s", iccs)
	}
	gbk := convert(t, config{to: "pgn", gbk: true, in: pgnPath})
	if strings.Contains(gbk, "红") {
		t.Error("GBK output holds UTF-8 text")
	}
	back, _, err := game.ReadRecord([]byte(gbk))
	if err != nil || back.Meta.Red != "红" {
		t.Errorf("GBK output does not read back: %v", err)
	}
	// Standard input.
	var out bytes.Buffer
	if err := run(config{to: "iccs", in: "-"}, strings.NewReader("h2e2 h9g7"), &out); err != nil ||
		!strings.HasSuffix(out.String(), "\nh2e2 h9g7\n") {
		t.Errorf("stdin: %v %q", err, out.String())
	}
}

func TestConvertErrors(t *testing.T) {
	dir := t.TempDir()
	broken := make([]byte, 1100)
	copy(broken, "XQ\x0a")
	brokenPath := writeFile(t, dir, "broken.xqf", broken) // no kings
	junk := writeFile(t, dir, "junk.xqf", []byte{0, 1, 2, 3, 0xFF})
	badPGN := writeFile(t, dir, "bad.pgn", []byte("1. h2e2 h9g7\n2. h0h5 *"))
	cases := []struct {
		c    config
		want string
	}{
		{config{to: "iccs", in: brokenPath}, "offset 17: two pieces on square a0"},
		{config{to: "iccs", in: junk}, "offset 0: not an XQF file"},
		{config{to: "pgn", in: badPGN}, `line 2, column 4: move 3: game: illegal move "h0h5"`},
		{config{to: "png", in: badPGN}, "-to \"png\""},
		{config{to: "pgn", notation: "latin", in: badPGN}, `-notation "latin"`},
		{config{to: "pgn", in: filepath.Join(dir, "missing.pgn")}, "no such file"},
	}
	for _, c := range cases {
		var out bytes.Buffer
		err := run(c.c, strings.NewReader(""), &out)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.c, err, c.want)
		}
		if out.Len() != 0 {
			t.Errorf("%+v: wrote output despite the error", c.c)
		}
	}
}

// A file of one long word gets a short error, quoting a little of the word
// once (issue 35, item 16: 3.1 MB of error for a 1 MB word).
func TestLongWordErrorIsShort(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"word.pgn":  strings.Repeat("x", 1<<20),
		"moves.pgn": "1. 炮二平五 " + strings.Repeat("马", 1<<19),
		"fen.txt":   "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1 " + strings.Repeat("h2", 1<<19),
	} {
		err := run(config{to: "iccs", in: writeFile(t, dir, name, []byte(text))}, strings.NewReader(""), &bytes.Buffer{})
		if err == nil || len(err.Error()) > 300 {
			t.Errorf("%s: error of %d bytes: %.300s", name, len(fmt.Sprint(err)), err)
		}
	}
}
