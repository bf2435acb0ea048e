package rules

import (
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	fens := []string{
		StartFEN,
		"2ba1k2r/r3n4/6n1C/4p2C1/6p2/pR2P1N1p/c1P3Pc1/2N1B4/9/3AKA3 b - - 2 44",
		"6b2/9/4k4/9/9/3p5/9/1n7/9/3K5 w - - 17 64",
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("round trip: got %s, want %s", got, fen)
		}
	}
}

func TestFENSynonymsAndDefaults(t *testing.T) {
	p, err := ParseFEN("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
	if err != nil {
		t.Fatal(err)
	}
	if p.FEN() != StartFEN {
		t.Errorf("E/H/r synonyms: got %s", p.FEN())
	}
}

func TestFENErrors(t *testing.T) {
	bad := map[string]string{
		"": "empty",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w":           "ranks",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w":        "longer",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w":          "files",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w":         "letter",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x":         "side",
		"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w":         "one king",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1": "halfmove",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0": "move number",
		"4k4/9/9/9/9/9/9/9/9/4K4 w":                                             "check",
		"3k5/9/9/9/9/9/9/9/9/K8 w":                                              "stand",
		"3k5/9/9/9/9/9/9/9/PPP6/4K4 w":                                          "stand",
		"3k5/9/9/9/9/9/9/RRR6/9/4K4 w":                                          "more than",
		"4k4/9/9/9/9/9/9/9/4R4/3K5 w":                                           "check",
	}
	for fen, want := range bad {
		_, err := ParseFEN(fen)
		if err == nil {
			t.Errorf("%q: no error, want one about %s", fen, want)
			continue
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %q does not mention %q", fen, err, want)
		}
	}
}

func TestParseMove(t *testing.T) {
	m, err := ParseMove("h2e2")
	if err != nil || m.From() != Sq(7, 2) || m.To() != Sq(4, 2) || m.String() != "h2e2" {
		t.Fatalf("h2e2 parsed as %v (%v)", m, err)
	}
	if m2, err := ParseMove("H2-E2"); err != nil || m2 != m {
		t.Errorf("H2-E2 parsed as %v (%v)", m2, err)
	}
	if m.Mirror().String() != "b2e2" {
		t.Errorf("mirror of h2e2 is %s", m.Mirror())
	}
	for _, bad := range []string{"", "h2e", "j2e2", "h2ex", "h2h2", "h2e2e"} {
		if _, err := ParseMove(bad); err == nil {
			t.Errorf("%q parsed without error", bad)
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	f.Add(StartFEN)
	f.Add("2ba1k2r/r3n4/6n1C/4p2C1/6p2/pR2P1N1p/c1P3Pc1/2N1B4/9/3AKA3 b - - 2 44")
	f.Add("4k4/9/9/9/9/9/9/9/9/3K5 r - - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("FEN %q from %q does not parse again: %v", out, fen, err)
		}
		if q.FEN() != out || q.Key() != p.Key() || q.Lock1() != p.Lock1() {
			t.Fatalf("round trip of %q is not exact", out)
		}
		// Every generated legal move can be made and unmade.
		for _, m := range p.LegalMoves() {
			if !p.IsLegal(m) || !p.MakeMove(m) {
				t.Fatalf("%q: legal move %s rejected", out, m)
			}
			p.UnmakeMove()
		}
		if p.FEN() != out {
			t.Fatalf("make/unmake changed %q", out)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"h2e2", "a0a1", "i9i8", "H2-E2", "z", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMove(text)
		if err != nil {
			return
		}
		if !m.From().OnBoard() || !m.To().OnBoard() {
			t.Fatalf("%q parsed to off-board move %d", text, m)
		}
		again, err := ParseMove(m.String())
		if err != nil || again != m {
			t.Fatalf("%q: %s does not round-trip", text, m)
		}
		// IsLegal must accept any parsed move without panicking.
		NewPosition().IsLegal(m)
	})
}

// The FEN of a position more than MaxFENCounter moves into a game is one
// ParseFEN reads: both sides bound the counters the same way.
func TestFENCountersWrittenAsRead(t *testing.T) {
	p, err := ParseFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 10000 10000")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"b0c2", "b9c7", "c2b0"} {
		m, _ := ParseMove(text)
		p.MakeMove(m)
	}
	fen := p.FEN()
	q, err := ParseFEN(fen)
	if err != nil || q.FEN() != fen || !strings.HasSuffix(fen, " 10000 10000") {
		t.Fatalf("FEN %q read back: %v", fen, err)
	}
}

// Reader messages name the problem, quote at most a little of the text and
// never pass a control byte on to a terminal (issue 35, item 20).
func TestFENErrorMessagesNameTheProblem(t *testing.T) {
	const board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
	cases := map[string]string{
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w":     "10 ranks expected, found 9",
		"rnbakabnr/9/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w": "10 ranks expected, found 11",
		board + " x":       `side to move "x" must be w, r or b`,
		board + " \x1b[2J": `side to move "\x1b[2J" must be w, r or b`,
		board + " w - - 12345678901234567890123 1":                    `halfmove clock "12345678901234567890123" is larger than 10000`,
		board + " w - - 0 " + strings.Repeat("9", 1<<20):              `move number "` + strings.Repeat("9", 40) + `"… is larger than 10000`,
		board + " w - - 0 -3":                                         `move number "-3" is not a number from 1 to 10000`,
		strings.Replace(board, "RNBAKABNR", "RNB\x07KABNR", 1) + " w": `rank 1: unknown piece letter "\a"`,
	}
	for fen, want := range cases {
		_, err := ParseFEN(fen)
		if err == nil || !strings.Contains(err.Error(), want) || len(err.Error()) > 200 || strings.ContainsAny(err.Error(), "\x1b\x07") {
			t.Errorf("%.80q: error %.300q, want one with %q", fen, err, want)
		}
	}
}
