package main

import (
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

func mustFEN(t *testing.T, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFamilyKeyIgnoresMirroring(t *testing.T) {
	a := "3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1"
	b := mustFEN(t, a).Mirror().FEN()
	if a == b || familyKey(a) != familyKey(b) {
		t.Errorf("mirror images %q and %q have keys %q and %q", a, b, familyKey(a), familyKey(b))
	}
	if familyKey(a) == familyKey("3k5/9/9/9/1R7/9/9/9/9/4K4 w - - 0 1") {
		t.Error("different positions share a key")
	}
}

func TestUniqueMate(t *testing.T) {
	// The rook mates on d5 but also stalemates on a8 (a win too): no puzzle.
	if line, ok := uniqueMate(mustFEN(t, "3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1"), 1_000_000); ok {
		t.Errorf("two winning first moves accepted: %v", line)
	}
	// Only d5d9 mates (铁门栓); the pawn i6 keeps Black from being stalemated.
	line, ok := uniqueMate(mustFEN(t, "4ka3/4a4/2N1b4/8p/3R5/9/9/4C4/9/3K5 w - - 0 1"), 1_000_000)
	if !ok || len(line) != 1 || line[0].String() != "d5d9" {
		t.Errorf("unique mate: %v %v, want d5d9", line, ok)
	}
}

func TestMinePositionTagsAndProves(t *testing.T) {
	c := puzzle.NewChecker(1_000_000)
	p, ok := minePosition(c, mustFEN(t, "4ka3/4a4/2N1b4/8p/3R5/9/9/4C4/9/3K5 w - - 0 1"), "t", nil, 1_000_000)
	if !ok || p.Kind != puzzle.KindMate || p.Proof != puzzle.Proven {
		t.Fatalf("got %+v, %v", p, ok)
	}
	if !strings.Contains(strings.Join(p.Themes, ","), puzzle.ThemeIronBolt) {
		t.Errorf("themes %v lack %s", p.Themes, puzzle.ThemeIronBolt)
	}
	// The loose black rook on a5 attacks the red one: a0a5 wins it.
	loose := mustFEN(t, "4k4/9/9/9/r8/9/9/9/9/R2K5 w - - 0 1")
	p, ok = minePosition(c, loose, "t", c.BestLine(loose, puzzle.MaterialDepth), 1_000_000)
	if !ok || p.Kind != puzzle.KindMaterial || p.Moves[0].String() != "a0a5" {
		t.Fatalf("material: got %+v, %v", p, ok)
	}
	start := mustFEN(t, rules.StartFEN)
	if _, ok := minePosition(c, start, "t", c.BestLine(start, puzzle.MaterialDepth), 1_000_000); ok {
		t.Error("the start position made a puzzle")
	}
}

func TestRunCheckCatchesAWrongSolution(t *testing.T) {
	dir := t.TempDir()
	good := "t-1\t3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1\ta5d5\tmate\tproven\t700\tmate1\t\ttest"
	write := func(text string) {
		if err := os.WriteFile(filepath.Join(dir, "a.tsv"), []byte(puzzle.Header+"\n"+text+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(good)
	if err := runCheck(io.Discard, dir, true, 1_000_000); err != nil {
		t.Fatal(err)
	}
	// a5a6 does not force mate: the rook h7 defends on d7.
	write("t-2\t3k5/9/7r1/9/R8/9/9/9/9/4K4 w - - 0 1\ta5a6 h7h9 a6d6\tmate\tproven\t900\tmate2\t\ttest")
	var out strings.Builder
	if err := runCheck(&out, dir, true, 1_000_000); err == nil || !strings.Contains(out.String(), "does not force mate") {
		t.Fatalf("wrong solution passed: %v\n%s", err, out.String())
	}
	if err := runCheck(io.Discard, t.TempDir(), true, 0); err == nil {
		t.Error("an empty folder passed")
	}
}

func TestReadSQYQ(t *testing.T) {
	text := "\ufeff[FEN_INDEX \"shiqingyaqu-551-007\"]\n[EVENT \"适情雅趣_李浭551局新版 第007局 七星聚会\"]\n[FEN \"3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1\"]\n"
	es, err := readSQYQ(strings.NewReader(text))
	if err != nil || len(es) != 1 || es[0].number != 7 || es[0].title != "七星聚会" {
		t.Fatalf("got %+v, %v", es, err)
	}
	restored := "[FEN_INDEX \"shiqingyaqu-551-228plus\"]\n[EVENT \"适情雅趣_李浭551局新版 *原_227局_舍生取义_补图复原\"]\n[FEN \"x\"]\n"
	if es, err := readSQYQ(strings.NewReader(restored)); err != nil || len(es) != 1 || es[0].number != 227 || es[0].title != "舍生取义" {
		t.Errorf("restored position: %+v, %v", es, err)
	}
	if _, err := readSQYQ(strings.NewReader(text + text)); err == nil {
		t.Error("a number twice was accepted")
	}
	if _, err := readSQYQ(strings.NewReader("[FEN \"x\"]\n")); err == nil {
		t.Error("a FEN without its index was accepted")
	}
}

func TestBookName(t *testing.T) {
	for in, want := range map[string]string{"03《橘中秘》朱晋桢": "橘中秘", "竹香斋": "竹香斋", "07《烂柯神机》": "烂柯神机"} {
		if got := bookName(in); got != want {
			t.Errorf("bookName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRandomEndingIsLegalWithItsMaterial(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, e := range endings {
		made := 0
		for range 50 {
			pos, ok := randomEnding(rng, e)
			if !ok {
				continue
			}
			made++
			for _, letter := range []byte("Kk" + e.red + e.black) {
				pc := pieceOf(letter)
				if pos.PieceCount(pc.Color(), pc.Type()) != strings.Count("Kk"+e.red+e.black, string(letter)) {
					t.Fatalf("%s: %s has the wrong material", e.name, pos.FEN())
				}
			}
			for _, sq := range pos.PieceSquares(rules.Red, rules.Pawn) {
				if r := rules.Square(sq).Rank(); r < 5 || r > 8 {
					t.Fatalf("%s: pawn on rank %d in %s", e.name, r, pos.FEN())
				}
			}
		}
		if made == 0 {
			t.Errorf("%s: no legal set-up in 50 tries", e.name)
		}
	}
}

func TestModernBooksLeftOut(t *testing.T) {
	for book, modern := range map[string]bool{"周孟芳作品": true, "鬼手百局": true, "江湖棋局搜秘 陈松顺": true, "烂柯神机": false, "竹香斋": false} {
		if isModern(book) != modern {
			t.Errorf("isModern(%q) = %v", book, !modern)
		}
	}
}

func TestClassicPuzzle(t *testing.T) {
	c := puzzle.NewChecker(300_000)
	line := func(words ...string) []rules.Move {
		var out []rules.Move
		for _, w := range words {
			m, err := rules.ParseMove(w)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, m)
		}
		return out
	}
	// A mate the prover finds: proven, with the prover's line.
	mate := mustFEN(t, "4ka3/4a4/2N1b4/8p/3R5/9/9/4C4/9/3K5 w - - 0 1")
	p := classicPuzzle(c, "t-1", mate, line("d5d6"), 300_000)
	if p.Proof != puzzle.Proven || p.Kind != puzzle.KindMate || len(p.Moves) != 1 || p.Moves[0].String() != "d5d9" {
		t.Errorf("mate: %s", p.Line())
	}
	// No mate (rook against rook, the black one out of reach): the book's line, a reference study.
	draw := mustFEN(t, "4k4/9/9/9/1r7/9/9/9/9/R2K5 w - - 0 1")
	book := line("a0a1", "b5b4", "a1a2")
	p = classicPuzzle(c, "t-2", draw, book, 300_000)
	if p.Proof != puzzle.Reference || p.Kind != puzzle.KindStudy || len(p.Moves) != 3 {
		t.Errorf("study: %s", p.Line())
	}
	// A record broken at its second move: the engine's line instead.
	p = classicPuzzle(c, "t-3", draw, line("a0a1", "e9e5"), 300_000)
	if len(p.Moves) != referencePlies || p.Proof != puzzle.Reference {
		t.Errorf("broken record: %s", p.Line())
	}
	if _, err := p.Validate(); err != nil {
		t.Error(err)
	}
}

// -retag: a stalemate tagged as a mate in 1 (m72-132 as it was) becomes a stalemate win,
// a true mate keeps its tags, and a second run finds nothing to change.
func TestRetagStalemates(t *testing.T) {
	dir := t.TempDir()
	lines := puzzle.Header + "\n" +
		"m72-132\t4k4/C8/9/9/9/2B2R3/P7P/4B4/4A4/3K5 w - - 4 67\tf4f8\tmate\tproven\t900\tmate1,facing-kings\t\tpuzzlegen -mine -seed 72 (self-play, ply 132)\n" +
		"mate\t3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1\ta5d5\tmate\tproven\t700\tmate1,facing-kings\t\ttest\n"
	path := filepath.Join(dir, "mined.tsv")
	if err := os.WriteFile(path, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := runRetag(&out, dir); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "1 of 2 puzzles retagged") {
		t.Errorf("retag said %q", out.String())
	}
	files, err := readDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	ps := files[0].Puzzles
	if got := strings.Join(ps[0].Themes, ","); got != "stalemate,facing-kings" || !ps[0].Stalemate() {
		t.Errorf("m72-132 tagged %q", got)
	}
	if got := strings.Join(ps[1].Themes, ","); got != "mate1,facing-kings" {
		t.Errorf("the mate tagged %q", got)
	}
	out.Reset()
	if err := runRetag(&out, dir); err != nil || out.Len() != 0 {
		t.Errorf("a second run: %v, %q", err, out.String())
	}
	if err := runCheck(io.Discard, dir, true, 100_000); err != nil {
		t.Errorf("the retagged file does not check: %v", err)
	}
}

// -simulate prints the two tables (exact seeds, and seeds off by sd 150) of the
// collection; a couple of solvers keep it short.
func TestSimulateTable(t *testing.T) {
	var out strings.Builder
	if err := runSimulate(&out, "../../resources/puzzles", 2, 1); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(out.String(), "| tries |"); got != 2 || !strings.Contains(out.String(), "| 200 |") {
		t.Errorf("tables:\n%s", out.String())
	}
	if err := runSimulate(io.Discard, t.TempDir(), 2, 1); err == nil {
		t.Error("a folder without puzzles simulated")
	}
}
