package game

import (
	"bytes"
	"encoding/binary"
	"os"
	"strings"
	"testing"

	"golang.org/x/text/encoding/simplifiedchinese"
)

// specExampleXQF builds, byte by byte, the example file of the published
// XQF 1.0 description (柳大华 vs 吕钦, eight moves each).
func specExampleXQF(t testing.TB) []byte {
	t.Helper()
	data := make([]byte, 0x400)
	copy(data, "XQ\x0a")
	copy(data[0x10:], []byte{
		0x50, 0x46, 0x3C, 0x32, 0x28, 0x1E, 0x14, 0x0A, 0x00, 0x48, 0x0C, 0x53, 0x3F, 0x2B, 0x17, 0x03,
		0x09, 0x13, 0x1D, 0x27, 0x31, 0x3B, 0x45, 0x4F, 0x59, 0x11, 0x4D, 0x06, 0x1A, 0x2E, 0x42, 0x56})
	data[0x33] = 2 // Black won
	gbkField := func(at int, s string) {
		b, err := simplifiedchinese.GBK.NewEncoder().Bytes([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		data[at] = byte(len(b))
		copy(data[at+1:], b)
	}
	gbkField(0x50, "仙人指路对起马局")
	gbkField(0xD0, `"中立杯"象棋电视快棋赛`)
	gbkField(0x110, "1997年11月16日")
	gbkField(0x120, "北京")
	gbkField(0x130, "柳大华")
	gbkField(0x140, "吕  钦")
	moves := [][2]byte{{0x18, 0x20}, // the empty move 0
		{0x2F, 0x38}, {0x67, 0x63}, {0x57, 0x60}, {0x29, 0x3B}, {0x2C, 0x4A}, {0x2B, 0x27}, {0x22, 0x36}, {0x21, 0x33},
		{0x18, 0x2A}, {0x2B, 0x2F}, {0x24, 0x22}, {0x27, 0x6B}, {0x60, 0x6D}, {0x33, 0x6D}, {0x5E, 0x5E}, {0x71, 0x6F}}
	for i, m := range moves {
		rec := []byte{m[0], m[1], 0xF0, 0, 0, 0, 0, 0}
		if i == 0 {
			rec[3] = 0xFF
		}
		if i == len(moves)-1 {
			rec[2] = 0
		}
		data = append(data, rec...)
	}
	return data
}

func TestXQFSpecExample(t *testing.T) {
	r, err := ImportXQF(bytes.NewReader(specExampleXQF(t)))
	if err != nil {
		t.Fatal(err)
	}
	g, err := Open(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "兵七进一 马８进７ 兵三进一 炮２平３ 相七进五 马２进１ 马八进七 车１平２ " +
		"车九平八 车２进４ 炮八平九 车２平８ 炮二进五 炮３平８ 马二进三 车９平８"
	if got := strings.Join(g.MoveTextsFrom(0, Chinese), " "); got != want {
		t.Errorf("moves\n%s\nwant\n%s", got, want)
	}
	m := r.Meta
	if m.Title != "仙人指路对起马局" || m.Event != `"中立杯"象棋电视快棋赛` || m.Date != "1997年11月16日" ||
		m.Site != "北京" || m.Red != "柳大华" || m.Black != "吕  钦" {
		t.Errorf("metadata %+v", m)
	}
	if r.Result.Status != BlackWins || r.StartFEN() != "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1" {
		t.Errorf("result %v, start %s", r.Result, r.StartFEN())
	}
}

// variationRecord is a record with nested variations, comments, missing
// pieces and Black to move first, to exercise every part of the format.
func variationRecord(t *testing.T) *Record {
	t.Helper()
	r, err := ImportPGNRecord(strings.NewReader(`[Title "测试"]
[Red "红方"]
[Black "黑方"]
[Event "赛事"]
[Site "北京"]
[Date "2026.11.23"]
[FEN "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"]
{开局评注} 1... 车９平８ {出车} (1... 炮２平５ {中炮} 2. 马二进三 (2. 马八进七 车１进１) 马２进３) (1... 卒３进１)
2. 炮二平五 车８进１ 0-1`))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// xqfKeyHeader returns header bytes for an encrypted file of the version,
// with key bytes derived from seed whose sum is 0 mod 256, as XQStudio
// requires.
func xqfKeyHeader(version, seed byte) [16]byte {
	h := [16]byte{'X', 'Q', version, 0xFF - seed, 1, 2, 3, 4}
	for i := 8; i < 15; i++ {
		h[i] = seed*byte(i)*37 + byte(i)
	}
	h[15] = -(h[12] + h[13] + h[14])
	return h
}

func TestXQFRoundTripPlainAndEncrypted(t *testing.T) {
	r := variationRecord(t)
	want := exportString(t, r, PGNOptions{})
	var plain bytes.Buffer
	if err := r.ExportXQF(&plain); err != nil {
		t.Fatal(err)
	}
	back, err := ImportXQF(bytes.NewReader(plain.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if got := exportString(t, back, PGNOptions{}); got != want {
		t.Fatalf("plain XQF round trip:\n%s\nwant:\n%s", got, want)
	}
	for _, version := range []byte{11, 12, 16, 18} {
		for _, seed := range []byte{0, 1, 0x5A, 0xC3} {
			h := xqfKeyHeader(version, seed)
			data, err := r.encodeXQF(h)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Equal(data[0x400:], plain.Bytes()[0x400:]) || bytes.Equal(data[0x10:0x30], plain.Bytes()[0x10:0x30]) {
				t.Fatalf("version %d seed %d: nothing was encrypted", version, seed)
			}
			back, err := ImportXQF(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("version %d seed %d: %v", version, seed, err)
			}
			if got := exportString(t, back, PGNOptions{}); got != want {
				t.Errorf("version %d seed %d:\n%s\nwant:\n%s", version, seed, got, want)
			}
		}
	}
}

func TestXQFSharedFilesMatchElephantEyesPGN(t *testing.T) {
	for _, name := range []string{"SAMPLE", "XQFEXAMA"} {
		xqf, err := os.ReadFile("../../shared/testdata/xqf/" + name + ".XQF")
		if err != nil {
			t.Skip("../shared/testdata/xqf not present")
		}
		pgn, err := os.ReadFile("../../shared/testdata/xqf/" + name + ".PGN")
		if err != nil {
			t.Fatal(err)
		}
		fromXQF, err := ImportXQF(bytes.NewReader(xqf))
		if err != nil {
			t.Fatalf("%s.XQF: %v", name, err)
		}
		fromPGN, err := ImportPGNRecord(bytes.NewReader(pgn))
		if err != nil {
			t.Fatalf("%s.PGN: %v", name, err)
		}
		if fromXQF.StartFEN() != fromPGN.StartFEN() || moveStrings(fromXQF.MainLineMoves()) != moveStrings(fromPGN.MainLineMoves()) {
			t.Errorf("%s: XQF and PGN differ:\n%s %s\n%s %s", name, fromXQF.StartFEN(), moveStrings(fromXQF.MainLineMoves()),
				fromPGN.StartFEN(), moveStrings(fromPGN.MainLineMoves()))
		}
		a, b := fromXQF.Meta, fromPGN.Meta
		if a.Red != b.Red || a.Black != b.Black || a.Event != b.Event || a.Date != b.Date || a.Site != b.Site || fromXQF.Result != fromPGN.Result {
			t.Errorf("%s: metadata differs:\n%+v %v\n%+v %v", name, a, fromXQF.Result, b, fromPGN.Result)
		}
		// ElephantEye keeps the comments too: the same ones, in the same places.
		xn, pn := fromXQF.Nodes(), fromPGN.Nodes()
		if len(xn) != len(pn) {
			t.Fatalf("%s: %d nodes vs %d", name, len(xn), len(pn))
		}
		for i := range xn {
			if xn[i].Comment != pn[i].Comment {
				t.Errorf("%s: comment at ply %d differs:\n%q\n%q", name, xn[i].Ply(), xn[i].Comment, pn[i].Comment)
				break
			}
		}
	}
}

func TestXQFBadInputNamesTheOffset(t *testing.T) {
	good := specExampleXQF(t)
	edit := func(f func(d []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	enc := xqfKeyHeader(18, 7)
	r := variationRecord(t)
	encrypted, err := r.encodeXQF(enc)
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		data []byte
		want string
	}{
		"not XQF":          {[]byte("[Game \"Chinese Chess\"]"), "offset 0: not an XQF file"},
		"short header":     {good[:100], "offset 100: file ends inside the 1024-byte header"},
		"newer version":    {edit(func(d []byte) []byte { d[2] = 0x20; return d }), "offset 2: version 32"},
		"bad key sum":      {func() []byte { d := append([]byte(nil), encrypted...); d[13]++; return d }(), "offset 12: the key bytes"},
		"two on a square":  {edit(func(d []byte) []byte { d[0x11] = d[0x10]; return d }), "offset 17: two pieces on square i0"},
		"no king":          {edit(func(d []byte) []byte { d[0x14] = 0xFF; return d }), "offset 16: bad start position"},
		"long title":       {edit(func(d []byte) []byte { d[0x50] = 64; return d }), "offset 80: title length 64"},
		"illegal move":     {edit(func(d []byte) []byte { d[0x409] = 0x20 + 29; return d }), "offset 1032: move 1 (c3c9) is illegal"},
		"off the board":    {edit(func(d []byte) []byte { d[0x408] = 0x18 + 95; return d }), "offset 1032: move to or from a square off the board"},
		"truncated":        {good[:0x40C], "offset 1036: file ends inside a comment length"},
		"cut record":       {good[:0x40A], "offset 1032: file ends inside a move record"},
		"comment too long": {edit(func(d []byte) []byte { binary.LittleEndian.PutUint32(d[0x40C:], 1000); return d }), "offset 1036: bad comment length 1000"},
		"tree outside":     {edit(func(d []byte) []byte { binary.LittleEndian.PutUint32(d[0x38:], 99999); return d }), "offset 56: move records said to start at 99999"},
		"encrypted cut":    {encrypted[:len(encrypted)-3], "file ends inside"},
	}
	for name, c := range cases {
		r, err := ImportXQF(bytes.NewReader(c.data))
		if err == nil || r != nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q does not contain %q", name, err, c.want)
		}
	}
}

func FuzzImportXQF(f *testing.F) {
	f.Add(specExampleXQF(f))
	for _, name := range []string{"SAMPLE", "XQFEXAMA"} {
		if data, err := os.ReadFile("../../shared/testdata/xqf/" + name + ".XQF"); err == nil {
			f.Add(data)
		}
	}
	r, err := ImportPGNRecord(strings.NewReader("1. h2e2 {c} (1. b2e2 h9g7 (1... b9c7)) h9g7 2. h0g2 *"))
	if err != nil {
		f.Fatal(err)
	}
	for _, h := range [][16]byte{{'X', 'Q', 10}, xqfKeyHeader(11, 3), xqfKeyHeader(18, 9)} {
		data, err := r.encodeXQF(h)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ImportXQF(bytes.NewReader(data))
		if err != nil {
			if r != nil {
				t.Fatal("error with a record")
			}
			return
		}
		var out bytes.Buffer
		if err := r.ExportXQF(&out); err != nil {
			t.Fatal(err)
		}
		back, err := ImportXQF(&out)
		if err != nil {
			t.Fatalf("re-import: %v", err)
		}
		if back.StartFEN() != r.StartFEN() || len(back.Nodes()) != len(r.Nodes()) ||
			moveStrings(back.MainLineMoves()) != moveStrings(r.MainLineMoves()) || back.Result != r.Result {
			t.Fatal("XQF export and re-import changed the record")
		}
	})
}

// ExportXQF writes the published 1.0 example byte for byte.
func TestXQFExportMatchesSpecExample(t *testing.T) {
	spec := specExampleXQF(t)
	r, err := ImportXQF(bytes.NewReader(spec))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := r.ExportXQF(&out); err != nil {
		t.Fatal(err)
	}
	if got := out.Bytes(); !bytes.Equal(got, spec) {
		for i := range spec {
			if i >= len(got) || got[i] != spec[i] {
				t.Fatalf("differs from offset %#x (%d bytes vs %d)", i, len(got), len(spec))
			}
		}
		t.Fatalf("%d bytes, the example has %d", len(got), len(spec))
	}
}
