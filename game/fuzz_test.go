package game

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

func FuzzImportPGN(f *testing.F) {
	files, _ := filepath.Glob("../../shared/testdata/pgn-ccgc/*.pgn")
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("[Game \"Chinese Chess\"]\n[FEN \"4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1\"]\n1. B1-B9 1-0\n"))
	f.Add([]byte("1. C2=5 H8+7 2. h0g2 {c} (2. 马二进三) 车９平８ *"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := importPGN(bytes.NewReader(data))
		if err != nil {
			if g != nil {
				t.Fatal("error with a game")
			}
			return
		}
		for _, style := range []Notation{Chinese, WXF, ICCS} {
			var out bytes.Buffer
			if err := g.Record().ExportPGN(&out, PGNOptions{Notation: style}); err != nil {
				t.Fatal(err)
			}
			back, err := importPGN(bytes.NewReader(out.Bytes()))
			if err != nil {
				t.Fatalf("re-import (%s): %v\n%s", style, err, out.String())
			}
			if !slices.Equal(back.Moves(), g.Moves()) || back.StartFEN() != g.StartFEN() || back.Result() != g.Result() {
				t.Fatalf("re-import (%s) differs\n%s", style, out.String())
			}
		}
	})
}

func FuzzParseNotation(f *testing.F) {
	positions := []*rules.Position{
		rules.NewPosition(),
		mustFEN(f, "5k3/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1"),
		mustFEN(f, "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1"),
		mustFEN(f, "4k4/9/2n6/9/2n6/9/9/9/9/3K5 b - - 0 1"),
		mustFEN(f, "3k5/9/9/9/9/4C4/9/4C4/9/4K4 w - - 0 1"),
	}
	for _, s := range []string{"炮二平五", "马８进７", "C2=5", "+C=6", "h2e2", "H2-E2", "前七平八", "77=6", "++=8", "五兵平六", "后马进２"} {
		for i := range positions {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		p := positions[int(which)%len(positions)].Copy()
		fen := p.FEN()
		m, err := ParseMove(p, text)
		if p.FEN() != fen {
			t.Fatal("ParseMove changed the position")
		}
		if err != nil {
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("%q parsed to illegal %s", text, m)
		}
		for _, style := range []Notation{Chinese, WXF, ICCS} {
			if back, err := ParseMoveAs(p, FormatMove(p, m, style), style); err != nil || back != m {
				t.Fatalf("%s of %s does not parse back: %v %v", style, m, back, err)
			}
		}
	})
}
