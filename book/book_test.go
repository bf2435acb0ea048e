package book

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// bookBytes encodes records in the on-disk layout, in the order given.
func bookBytes(recs ...bookRecord) []byte {
	var data []byte
	for _, r := range recs {
		data = binary.LittleEndian.AppendUint32(data, r.lock)
		data = binary.LittleEndian.AppendUint16(data, uint16(r.move))
		data = binary.LittleEndian.AppendUint16(data, r.weight)
	}
	return data
}

func bookParseMove(t testing.TB, s string) rules.Move {
	t.Helper()
	m, err := rules.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func bookPlay(t testing.TB, moves ...string) *rules.Position {
	t.Helper()
	p := rules.NewPosition()
	for _, s := range moves {
		if m := bookParseMove(t, s); !p.IsLegal(m) || !p.MakeMove(m) {
			t.Fatalf("%s is not legal in %s", s, p.FEN())
		}
	}
	return p
}

func TestLoadBookRejectsCorruptData(t *testing.T) {
	start := rules.NewPosition()
	good := bookRecord{lock: start.Lock1(), move: bookParseMove(t, "h2e2"), weight: 10}
	cases := map[string][]byte{
		"empty":        nil,
		"one byte":     {1},
		"truncated":    bookBytes(good)[:7],
		"1.5 records":  bookBytes(good, good)[:12],
		"unsorted":     bookBytes(bookRecord{lock: 9, move: good.move}, bookRecord{lock: 3, move: good.move}),
		"off board":    bookBytes(bookRecord{lock: 1, move: rules.NewMove(0, 1)}),
		"null move":    bookBytes(bookRecord{lock: 1, move: rules.NoMove}),
		"same squares": bookBytes(bookRecord{lock: 1, move: rules.NewMove(rules.Sq(4, 0), rules.Sq(4, 0))}),
	}
	for name, data := range cases {
		if b, err := LoadBook(data); err == nil {
			t.Errorf("%s: LoadBook accepted %d bytes (%d records)", name, len(data), b.Len())
		}
	}
	if _, err := LoadBook(bookBytes(good)); err != nil {
		t.Fatalf("valid one-record book rejected: %v", err)
	}
}

func TestLoadBookFileErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := LoadBookFile(filepath.Join(dir, "missing.dat")); err == nil {
		t.Error("missing file accepted")
	}
	if _, err := LoadBookFile(dir); err == nil {
		t.Error("directory accepted")
	}
	bad := filepath.Join(dir, "bad.dat")
	if err := os.WriteFile(bad, []byte("not a book"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadBookFile(bad)
	if err == nil || !strings.Contains(err.Error(), "bad.dat") {
		t.Errorf("corrupt file: error %v should name the file", err)
	}
}

// A path that is no regular file is refused before it is read: /dev/zero
// never ends (the engine CLI's BookFile once read it until memory ran out).
func TestLoadBookFileRefusesDevices(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	_, err := LoadBookFile("/dev/zero")
	if err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("/dev/zero: %v", err)
	}
}

func TestBookMirrorLookup(t *testing.T) {
	// After 炮二平五 the position is not symmetric; store only its mirror
	// (after 炮八平五) with the mirrored reply and look up the original.
	p := bookPlay(t, "h2e2")
	m := p.Mirror()
	if p.Lock1() == m.Lock1() {
		t.Fatal("position after h2e2 should differ from its mirror")
	}
	reply := bookParseMove(t, "h9g7")
	b, err := LoadBook(bookBytes(bookRecord{lock: m.Lock1(), move: reply.Mirror(), weight: 7}))
	if err != nil {
		t.Fatal(err)
	}
	got := b.Moves(p)
	if len(got) != 1 || got[0].Move != reply || got[0].Weight != 7 {
		t.Fatalf("mirror lookup: got %v, want [{h9g7 7}]", got)
	}
	if got := b.Moves(m); len(got) != 1 || got[0].Move != reply.Mirror() {
		t.Fatalf("direct lookup of the stored side: got %v, want b9c7", got)
	}
	if mv, ok := b.Probe(p, rand.New(rand.NewPCG(1, 2))); !ok || mv != reply {
		t.Fatalf("Probe = %v %v, want h9g7", mv, ok)
	}
	if _, ok := b.Probe(rules.NewPosition(), nil); ok {
		t.Fatal("start position is not in this book, Probe should fail")
	}
}

func TestBookSymmetricPositionOffersBothSides(t *testing.T) {
	start := rules.NewPosition()
	b, err := LoadBook(bookBytes(bookRecord{lock: start.Lock1(), move: bookParseMove(t, "h2e2"), weight: 4}))
	if err != nil {
		t.Fatal(err)
	}
	got := b.Moves(start)
	if len(got) != 2 {
		t.Fatalf("got %v, want h2e2 and its mirror b2e2", got)
	}
	seen := map[string]int{}
	for _, bm := range got {
		seen[bm.Move.String()] = bm.Weight
	}
	if seen["h2e2"] != 4 || seen["b2e2"] != 4 {
		t.Fatalf("got %v, want h2e2 and b2e2 with weight 4", seen)
	}
}

func TestBookSkipsIllegalMoves(t *testing.T) {
	start := rules.NewPosition()
	recs := []bookRecord{
		{lock: start.Lock1(), move: bookParseMove(t, "e0e2"), weight: 100}, // king leaves the palace
		{lock: start.Lock1(), move: bookParseMove(t, "a6a5"), weight: 90},  // Black's pawn, Red to move
		{lock: start.Lock1(), move: bookParseMove(t, "c3c4"), weight: 1},
	}
	b, err := LoadBook(bookBytes(recs...))
	if err != nil {
		t.Fatal(err)
	}
	for _, bm := range b.Moves(start) {
		if bm.Move.String() != "c3c4" && bm.Move.String() != "g3g4" {
			t.Errorf("illegal book move %v returned", bm.Move)
		}
	}
	if mv, ok := b.Probe(start, nil); !ok || (mv.String() != "c3c4" && mv.String() != "g3g4") {
		t.Fatalf("Probe = %v %v, want the only legal entry", mv, ok)
	}
}

func TestBookProbeWeightedAndDeterministic(t *testing.T) {
	p := bookPlay(t, "h2e2")
	lock := p.Lock1()
	b, err := LoadBook(bookBytes(
		bookRecord{lock: lock, move: bookParseMove(t, "h9g7"), weight: 30},
		bookRecord{lock: lock, move: bookParseMove(t, "b9c7"), weight: 10},
	))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if mv, ok := b.Probe(p, nil); !ok || mv.String() != "h9g7" {
			t.Fatalf("deterministic Probe = %v %v, want h9g7 (highest weight)", mv, ok)
		}
	}
	rnd := rand.New(rand.NewPCG(7, 11))
	const tries = 4000
	count := 0
	for i := 0; i < tries; i++ {
		mv, ok := b.Probe(p, rnd)
		if !ok {
			t.Fatal("Probe failed")
		}
		if mv.String() == "h9g7" {
			count++
		}
	}
	if frac := float64(count) / tries; frac < 0.70 || frac > 0.80 {
		t.Fatalf("h9g7 chosen %.3f of the time, want about 0.75 (weights 30:10)", frac)
	}
}

func TestProberMatchesProbe(t *testing.T) {
	start := rules.NewPosition()
	b, err := LoadBook(bookBytes(bookRecord{lock: start.Lock1(), move: bookParseMove(t, "g3g4"), weight: 2}))
	if err != nil {
		t.Fatal(err)
	}
	probe := b.Prober(nil)
	want, _ := b.Probe(start, nil)
	if got, ok := probe(start); !ok || got != want {
		t.Fatalf("Prober = %v %v, want %v", got, ok, want)
	}
	var empty *Book
	if got := empty.Moves(start); got != nil {
		t.Fatalf("nil book returned %v", got)
	}
}

func TestParseOpeningsReportsBadLines(t *testing.T) {
	cases := map[string]string{
		"# comment\n\n5 | ok | h2e2 h9g7\n5 | bad | h2e2 h9g8\n": "line 4",
		"5 | no legal | h2e2 h2e3\n":                             "line 1",
		"x | weight | h2e2\n":                                    "weight",
		"0 | weight | h2e2\n":                                    "weight",
		"5 | two fields\n":                                       "field",
		"5 |  | h2e2\n":                                          "name",
		"5 | nomoves | \n":                                       "no moves",
		"5 | text | h2e\n":                                       "ply 1",
		"# only comments\n":                                      "no opening lines",
	}
	for src, want := range cases {
		_, err := ParseOpenings(strings.NewReader(src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("source %q: error %v, want one mentioning %q", src, err, want)
		}
	}
}

func TestBuildBookSumsWeightsAndStoresMirrorsOnce(t *testing.T) {
	// The two lines are mirror images of each other after the first move, so
	// they must collapse onto the same records with summed weights.
	src := "3 | right | h2e2 h9g7 h0g2\n" +
		"2 | left | b2e2 b9c7 b0c2\n" +
		"1 | other | c3c4\n"
	data, stats, err := CompileOpenings(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if stats.Lines != 3 || stats.Positions != 3 || stats.Records != 4 {
		t.Fatalf("stats %+v, want 3 lines, 3 positions, 4 records", stats)
	}
	b, err := LoadBook(data)
	if err != nil {
		t.Fatal(err)
	}
	start := b.Moves(rules.NewPosition())
	weights := map[string]int{}
	for _, bm := range start {
		weights[bm.Move.String()] = bm.Weight
	}
	want := map[string]int{"h2e2": 5, "b2e2": 5, "c3c4": 1, "g3g4": 1}
	for m, w := range want {
		if weights[m] != w {
			t.Errorf("start: %s weight %d, want %d (all: %v)", m, weights[m], w, weights)
		}
	}
	for _, line := range [][]string{{"h2e2", "h9g7", "h0g2"}, {"b2e2", "b9c7", "b0c2"}} {
		p := rules.NewPosition()
		for ply, s := range line {
			got := b.Moves(p)
			if ply > 0 && (len(got) != 1 || got[0].Move.String() != s || got[0].Weight != 5) {
				t.Fatalf("%v ply %d: got %v, want only %s with weight 5", line, ply+1, got, s)
			}
			p.MakeMove(bookParseMove(t, s))
		}
	}
}

// bookTestdata returns the path of a file in the team's shared test data, or
// skips the test when the folder is not present.
func bookTestdata(t testing.TB, name string) string {
	t.Helper()
	path := filepath.Join("..", "..", "shared", "testdata", name)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared test data not available: %v", err)
	}
	return path
}

func TestElephantEyeBook(t *testing.T) {
	b, err := LoadBookFile(bookTestdata(t, "eleeye-book.dat"))
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != 12081 {
		t.Errorf("ElephantEye book has %d records, README says 12081", b.Len())
	}
	checkBookPosition := func(name string, p *rules.Position) []BookMove {
		t.Helper()
		moves := b.Moves(p)
		if len(moves) == 0 {
			t.Fatalf("%s: no ElephantEye book moves for %s", name, p.FEN())
		}
		for _, bm := range moves {
			if !p.IsLegal(bm.Move) {
				t.Errorf("%s: book move %v is not legal", name, bm.Move)
			}
		}
		return moves
	}
	start := checkBookPosition("start", rules.NewPosition())
	t.Logf("ElephantEye start moves: %v", start)
	checkBookPosition("after h2e2", bookPlay(t, "h2e2"))
	checkBookPosition("after b2e2 (mirror)", bookPlay(t, "b2e2"))
	checkBookPosition("after h2e2 h9g7", bookPlay(t, "h2e2", "h9g7"))

	// Random walks through the book: every returned move must be legal and
	// playable, whichever side of a mirror pair was stored.
	rnd := rand.New(rand.NewPCG(3, 4))
	deepest := 0
	for game := 0; game < 50; game++ {
		p := rules.NewPosition()
		for ply := 0; ply < 40; ply++ {
			mv, ok := b.Probe(p, rnd)
			if !ok {
				deepest = max(deepest, ply)
				break
			}
			if !p.MakeMove(mv) {
				t.Fatalf("game %d ply %d: book move %v not playable in %s", game, ply, mv, p.FEN())
			}
		}
	}
	if deepest < 6 {
		t.Errorf("random walks left the ElephantEye book after at most %d plies", deepest)
	}
}

func FuzzLoadBook(f *testing.F) {
	start := rules.NewPosition()
	f.Add(bookBytes(bookRecord{lock: start.Lock1(), move: rules.NewMove(rules.Sq(7, 2), rules.Sq(4, 2)), weight: 3}))
	f.Add([]byte{})
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7})
	if data, err := os.ReadFile(filepath.Join("..", "resources", "book.dat")); err == nil && len(data) >= 64 {
		f.Add(data[:64])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := LoadBook(data)
		if err != nil {
			if b != nil {
				t.Fatal("error with a non-nil book")
			}
			return
		}
		if b.Len()*bookRecordSize != len(data) {
			t.Fatalf("%d records from %d bytes", b.Len(), len(data))
		}
		for _, p := range []*rules.Position{start, bookPlay(t, "h2e2")} {
			for _, bm := range b.Moves(p) {
				if !p.IsLegal(bm.Move) {
					t.Fatalf("illegal move %v returned", bm.Move)
				}
			}
			if mv, ok := b.Probe(p, rand.New(rand.NewPCG(1, 1))); ok && !p.IsLegal(mv) {
				t.Fatalf("Probe returned illegal %v", mv)
			}
		}
	})
}

func BenchmarkBookLoad(b *testing.B) {
	path := filepath.Join("..", "..", "shared", "testdata", "eleeye-book.dat")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("ElephantEye book not available: %v", err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := LoadBook(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBookProbe(b *testing.B) {
	path := filepath.Join("..", "..", "shared", "testdata", "eleeye-book.dat")
	book, err := LoadBookFile(path)
	if err != nil {
		b.Skipf("ElephantEye book not available: %v", err)
	}
	// A position found directly and one found only through its mirror.
	positions := []*rules.Position{bookPlay(b, "h2e2"), bookPlay(b, "b2e2"), rules.NewPosition()}
	rnd := rand.New(rand.NewPCG(5, 6))
	for b.Loop() {
		for _, p := range positions {
			if _, ok := book.Probe(p, rnd); !ok {
				b.Fatal("position not in book")
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(positions)), "ns/probe")
}

func FuzzParseOpenings(f *testing.F) {
	f.Add("5 | 中炮 | h2e2 h9g7 h0g2\n")
	f.Add("# c\n1|x|c3c4\n2 | y | h2-e2 h9g8\n")
	f.Add("|||\n")
	f.Fuzz(func(t *testing.T, src string) {
		data, stats, err := CompileOpenings(strings.NewReader(src))
		if err != nil {
			return
		}
		b, err := LoadBook(data)
		if err != nil {
			t.Fatalf("compiled book does not load: %v", err)
		}
		if b.Len() != stats.Records || stats.Records == 0 {
			t.Fatalf("%d records loaded, stats %+v", b.Len(), stats)
		}
	})
}
