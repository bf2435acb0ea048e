package game

import (
	"math/rand"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

func mustFEN(t testing.TB, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func mustMove(t testing.TB, s string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestNotationStartPosition(t *testing.T) {
	p := rules.NewPosition()
	cases := []struct{ iccs, chinese, wxf string }{
		{"h2e2", "炮二平五", "C2=5"},
		{"b2e2", "炮八平五", "C8=5"},
		{"h0g2", "马二进三", "H2+3"},
		{"c0e2", "相七进五", "E7+5"},
		{"f0e1", "仕四进五", "A4+5"},
		{"e0e1", "帅五进一", "K5+1"},
		{"i0i2", "车一进二", "R1+2"},
		{"g3g4", "兵三进一", "P3+1"},
		{"b2b9", "炮八进七", "C8+7"},
	}
	for _, c := range cases {
		m := mustMove(t, c.iccs)
		if got := FormatMove(p, m, Chinese); got != c.chinese {
			t.Errorf("%s Chinese = %s, want %s", c.iccs, got, c.chinese)
		}
		if got := FormatMove(p, m, WXF); got != c.wxf {
			t.Errorf("%s WXF = %s, want %s", c.iccs, got, c.wxf)
		}
		if got := FormatMove(p, m, ICCS); got != c.iccs {
			t.Errorf("%s ICCS = %s", c.iccs, got)
		}
	}
	p.MakeMove(mustMove(t, "h2e2"))
	black := []struct{ iccs, chinese, wxf string }{
		{"h9g7", "马８进７", "H8+7"},
		{"b9c7", "马２进３", "H2+3"},
		{"h7h0", "炮８进７", "C8+7"},
		{"g6g5", "卒７进１", "P7+1"},
		{"d9e8", "士４进５", "A4+5"},
		{"i9i8", "车９进１", "R9+1"},
	}
	for _, c := range black {
		m := mustMove(t, c.iccs)
		if got := FormatMove(p, m, Chinese); got != c.chinese {
			t.Errorf("black %s Chinese = %s, want %s", c.iccs, got, c.chinese)
		}
		if got := FormatMove(p, m, WXF); got != c.wxf {
			t.Errorf("black %s WXF = %s, want %s", c.iccs, got, c.wxf)
		}
	}
}

// TestNotationTandemPieces covers pieces sharing a file: 前/后 for two,
// 前/中/后 for three pawns, 一..五 for four or five, file numbers for
// tandem pawns on two files, and advisors that keep the file form.
func TestNotationTandemPieces(t *testing.T) {
	cases := []struct{ name, fen, iccs, chinese, wxf string }{
		{"front cannon", "3k5/9/9/9/9/4C4/9/4C4/9/4K4 w - - 0 1", "e4d4", "前炮平六", "C+=6"},
		{"front cannon forward", "3k5/9/9/9/9/4C4/9/4C4/9/4K4 w - - 0 1", "e4e6", "前炮进二", "C++2"},
		{"rear cannon", "3k5/9/9/9/9/4C4/9/4C4/9/4K4 w - - 0 1", "e2e3", "后炮进一", "C-+1"},
		{"rear horse black", "4k4/9/2n6/9/2n6/9/9/9/9/3K5 b - - 0 1", "c7b5", "后马进２", "H-+2"},
		{"front horse black", "4k4/9/2n6/9/2n6/9/9/9/9/3K5 b - - 0 1", "c5d3", "前马进４", "H++4"},
		{"front pawn black", "4k4/9/9/9/9/3p5/3p5/9/9/5K3 b - - 0 1", "d3e3", "前卒平５", "P+=5"},
		{"rear pawn black", "4k4/9/9/9/9/3p5/3p5/9/9/5K3 b - - 0 1", "d4e4", "后卒平５", "P-=5"},
		{"front of three pawns", "5k3/9/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1", "c7b7", "前兵平八", "P+=8"},
		{"middle of three pawns", "5k3/9/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1", "c6d6", "中兵平六", "P7=6"},
		{"rear of three pawns", "5k3/9/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1", "c5b5", "后兵平八", "P-=8"},
		{"first of five pawns", "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1", "c9b9", "一兵平八", "++=8"},
		{"second of five pawns", "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1", "c8d8", "二兵平六", "P+=6"},
		{"third of five pawns", "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1", "c7d7", "三兵平六", "P7=6"},
		{"fourth of five pawns", "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1", "c6d6", "四兵平六", "P-=6"},
		{"fifth of five pawns", "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1", "c5d5", "五兵平六", "--=6"},
		{"second of four pawns", "5k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1", "c7d7", "二兵平六", "P+=6"},
		{"third of four pawns", "5k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1", "c6d6", "三兵平六", "P-=6"},
		{"two files, front of three", "5k3/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1", "c7b7", "前七平八", "7+=8"},
		{"two files, middle of three", "5k3/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1", "c6d6", "中七平六", "77=6"},
		{"two files, rear of three", "5k3/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1", "c5d5", "后七平六", "7-=6"},
		{"two files, front of two", "5k3/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1", "g6h6", "前三平二", "3+=2"},
		{"two files, rear of two", "5k3/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1", "g5f5", "后三平四", "3-=4"},
		{"advisor keeps file form", "3k5/9/9/9/9/9/9/5A3/9/4KA3 w - - 0 1", "f0e1", "仕四进五", "A4+5"},
		{"advisor backwards", "3k5/9/9/9/9/9/9/5A3/9/4KA3 w - - 0 1", "f2e1", "仕四退五", "A4-5"},
	}
	checkedFEN := map[string]bool{}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		if !checkedFEN[c.fen] {
			checkedFEN[c.fen] = true
			checkAllMovesRoundTrip(t, p)
		}
		m := mustMove(t, c.iccs)
		if !p.IsLegal(m) {
			t.Fatalf("%s: %s is not legal in %s", c.name, c.iccs, c.fen)
		}
		if got := FormatMove(p, m, Chinese); got != c.chinese {
			t.Errorf("%s: Chinese = %s, want %s", c.name, got, c.chinese)
		}
		if got := FormatMove(p, m, WXF); got != c.wxf {
			t.Errorf("%s: WXF = %s, want %s", c.name, got, c.wxf)
		}
		for _, text := range []string{c.chinese, c.wxf, c.iccs} {
			got, err := ParseMove(p, text)
			if err != nil || got != m {
				t.Errorf("%s: ParseMove(%q) = %v, %v; want %s", c.name, text, got, err, c.iccs)
			}
		}
	}
}

// checkAllMovesRoundTrip checks that in p every legal move has a distinct
// text in each notation and parses back from it.
func checkAllMovesRoundTrip(t *testing.T, p *rules.Position) {
	t.Helper()
	for _, style := range []Notation{Chinese, WXF, ICCS} {
		seen := map[string]rules.Move{}
		for _, m := range p.LegalMoves() {
			text := FormatMove(p, m, style)
			if other, dup := seen[text]; dup {
				t.Errorf("%s: %s and %s both written %q in %s", style, other, m, text, p.FEN())
			}
			seen[text] = m
			if back, err := ParseMoveAs(p, text, style); err != nil || back != m {
				t.Errorf("%s: %q parses to %v, %v; want %s in %s", style, text, back, err, m, p.FEN())
			}
		}
	}
}

func TestParseMoveVariants(t *testing.T) {
	start := rules.NewPosition()
	afterCannon := rules.NewPosition()
	afterCannon.MakeMove(mustMove(t, "h2e2"))
	tandemAdvisors := mustFEN(t, "3k5/9/9/9/9/9/9/5A3/9/4KA3 w - - 0 1")
	tandemCannons := mustFEN(t, "3k5/9/9/9/9/4C4/9/4C4/9/4K4 w - - 0 1")
	cases := []struct {
		pos  *rules.Position
		text string
		want string
	}{
		{start, "炮2平5", "h2e2"},          // Red with digits
		{start, " 炮二 平五 ", "h2e2"},       // spaces
		{start, "砲二平五", "h2e2"},          // traditional cannon
		{start, "傌二進三", "h0g2"},          // traditional horse and 進
		{start, "c2.5", "h2e2"},          // WXF lower case with '.'
		{start, "N2+3", "h0g2"},          // N for horse
		{start, "B3+5", "g0e2"},          // B for elephant
		{start, "H2-E2", "h2e2"},         // ICCS upper case with dash
		{afterCannon, "马8进7", "h9g7"},    // Black with ASCII digits
		{afterCannon, "马８进７", "h9g7"},    // Black with full-width digits
		{afterCannon, "馬８進７", "h9g7"},    // traditional
		{afterCannon, "卒3进1", "c6c5"},    // Black pawn
		{afterCannon, "兵3进1", "c6c5"},    // red piece name for Black's pawn
		{tandemAdvisors, "后仕进五", "f0e1"}, // 前/后 form for advisors
		{tandemAdvisors, "前仕退五", "f2e1"},
		{tandemCannons, "+C=6", "e4d4"}, // prefix form of WXF tandem
		{tandemCannons, "C+.6", "e4d4"},
		{tandemCannons, "前炮平6", "e4d4"},
	}
	for _, c := range cases {
		m, err := ParseMove(c.pos, c.text)
		if err != nil || m.String() != c.want {
			t.Errorf("ParseMove(%q) = %v, %v; want %s", c.text, m, err, c.want)
		}
	}
	bad := []struct {
		pos  *rules.Position
		text string
	}{
		{start, ""},
		{start, "炮五平四"},         // no cannon on file five
		{start, "马二进四"},         // the horse cannot reach file four
		{start, "车一平二"},         // blocked by the horse
		{start, "C2=2"},         // sideways to its own file
		{start, "h2h2"},         // same square
		{start, "e0e2"},         // king jump
		{start, "炮二平五X"},        // trailing garbage
		{start, "Q2=5"},         // unknown piece letter
		{afterCannon, "车１平２"},   // blocked by the horse
		{tandemCannons, "炮五平六"}, // a tandem piece must be named by 前/后
		{tandemCannons, "前马进七"}, // no tandem horses
	}
	for _, c := range bad {
		if m, err := ParseMove(c.pos, c.text); err == nil {
			t.Errorf("ParseMove(%q) = %s, want an error", c.text, m)
		}
	}
}

// TestNotationRoundTripRandomGames plays a few hundred random games. In
// every position reached the texts of all legal moves must be distinct in
// each notation, and the move played must parse back from its Chinese, WXF
// and ICCS text (with the notation detected from the text).
func TestNotationRoundTripRandomGames(t *testing.T) {
	games, maxPlies := 300, 150
	if testing.Short() {
		games = 60
	}
	rng := rand.New(rand.NewSource(20061103))
	checked := 0
	for g := 0; g < games; g++ {
		p := rules.NewPosition()
		for ply := 0; ply < maxPlies; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			played := moves[rng.Intn(len(moves))]
			for _, style := range []Notation{Chinese, WXF, ICCS} {
				seen := make(map[string]rules.Move, len(moves))
				for _, m := range moves {
					text := FormatMove(p, m, style)
					if other, dup := seen[text]; dup {
						t.Fatalf("%s: %s and %s both written %q in %s", style, other, m, text, p.FEN())
					}
					seen[text] = m
				}
				text := FormatMove(p, played, style)
				back, err := ParseMove(p, text)
				if err != nil || back != played {
					t.Fatalf("%s: %s written %q parses to %v, %v in %s", style, played, text, back, err, p.FEN())
				}
				checked++
			}
			p.MakeMove(played)
		}
	}
	if checked < 10000 {
		t.Errorf("only %d moves checked", checked)
	}
}
