package puzzle

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func TestAttemptFollowsAnotherProvenMate(t *testing.T) {
	// 《烂柯神机》-style mate in 2 (gp03-075): the line opens g8g9, but g6f8 first also
	// mates in 2; the prover answers it with the longest defence and writes the rest.
	p := Puzzle{ID: "alt", FEN: "3k5/6R1C/3c5/6N2/6b2/9/9/9/2r1p1p2/5K3 w - - 0 1", Kind: KindMate, Proof: Proven,
		Rating: 900, Moves: moves(t, "g8g9", "d9d8", "g6f8")}
	a, _ := NewAttempt(&p)
	reply, err := a.Play(moves(t, "g6f8")[0])
	if err != nil || a.State() != Solving || reply == 0 {
		t.Fatalf("another mate in 2: reply %v, %v, state %v", reply, err, a.State())
	}
	_, m, _ := a.Hint()
	if _, m, _ = a.Hint(); m == 0 {
		t.Fatal("no hint on the rewritten line")
	}
	if _, err := a.Play(m); err != nil || a.State() != Solved || !a.Position().IsMate() {
		t.Fatalf("the hinted move: %v, state %v", err, a.State())
	}

	// A quiet cannon move throws the mate away.
	b, _ := NewAttempt(&p)
	if _, err := b.Play(moves(t, "i8i7")[0]); err != nil || b.State() != Failed {
		t.Fatalf("a move that does not mate in 2: %v %v", err, b.State())
	}
	// A reference line is followed exactly.
	p.Proof = Reference
	c, _ := NewAttempt(&p)
	if c.Play(moves(t, "g6f8")[0]); c.State() != Failed {
		t.Fatal("a reference line took another move")
	}
}

func TestCollectionsThemesAndFilter(t *testing.T) {
	ps := []Puzzle{
		{ID: "a", Kind: KindMate, Source: "适情雅趣 12", Rating: 900, Themes: []string{"mate2", "fork"}},
		{ID: "b", Kind: KindMate, Source: "橘中秘 3", Rating: 1500, Themes: []string{"mate9"}},
		{ID: "c", Kind: KindMaterial, Source: "puzzlegen -mine -seed 4 (self-play, ply 40)", Rating: 1300, Themes: []string{"fork"}},
		{ID: "d", Kind: KindEndgame, Source: "puzzlegen -endgames -seed 1", Rating: 1440, Themes: []string{"win"}},
		{ID: "e", Kind: KindMate, Source: "适情雅趣 13", Rating: 2300, Themes: []string{"mate12"}},
	}
	if got := Collections(ps); !slices.Equal(got, []string{"适情雅趣", "endgames", "mined", "橘中秘"}) {
		t.Errorf("collections %q", got)
	}
	if got := ThemeGroups(ps); !slices.Equal(got, []string{"mate2", "mate8+", "fork", "win"}) {
		t.Errorf("theme groups %q", got)
	}
	pr := NewProgress()
	pr.Record(&ps[0], true)
	ids := func(f Filter) []string {
		var out []string
		for _, i := range Select(ps, f, pr) {
			out = append(out, ps[i].ID)
		}
		return out
	}
	cases := []struct {
		f    Filter
		want []string
	}{
		{Filter{}, []string{"a", "b", "c", "d", "e"}},
		{Filter{Collection: "适情雅趣"}, []string{"a", "e"}},
		{Filter{Theme: "mate8+"}, []string{"b", "e"}},
		{Filter{Theme: "fork", Unsolved: true}, []string{"c"}},
		{Filter{Band: RatingBands()[2]}, []string{"b", "d"}},
		{Filter{Band: RatingBands()[4], Collection: CollectionMined}, nil},
	}
	for _, c := range cases {
		if got := ids(c.f); !slices.Equal(got, c.want) {
			t.Errorf("%+v: %v, want %v", c.f, got, c.want)
		}
	}
}

// loadCollection reads the bundled puzzles (resources/puzzles, part of the repository).
func loadCollection(t testing.TB) []Puzzle {
	t.Helper()
	files, err := Load(os.DirFS("../resources/puzzles"))
	if err != nil {
		t.Fatal(err)
	}
	var all []Puzzle
	for _, f := range files {
		all = append(all, f.Puzzles...)
	}
	return all
}

// Every puzzle labelled a mate ends in checkmate when its line is replayed with the
// rules, every one labelled a stalemate (困毙) in stalemate, and the labels shown (the
// mateN theme, the stalemate theme) agree with the line.
func TestCollectionEndingsAreTrue(t *testing.T) {
	mates, stalemates := 0, 0
	for _, p := range loadCollection(t) {
		if p.Kind != KindMate {
			if p.Stalemate() || slices.ContainsFunc(p.Themes, func(th string) bool { _, ok := MateMoves(th); return ok }) {
				t.Errorf("%s: a %s puzzle tagged %v", p.ID, p.Kind, p.Themes)
			}
			continue
		}
		pos, err := p.Position()
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range p.Moves {
			if !pos.IsLegal(m) {
				t.Fatalf("%s: move %d (%s) illegal", p.ID, i+1, m)
			}
			pos.MakeMove(m)
		}
		noMove := len(pos.LegalMoves()) == 0
		mateTheme := slices.Contains(p.Themes, MateTheme(p.SolverMoves()))
		switch {
		case p.Stalemate():
			stalemates++
			if !noMove || pos.InCheck() || mateTheme {
				t.Errorf("%s: labelled a stalemate win (%v); after the line: %d legal moves, in check %v", p.ID, p.Themes, len(pos.LegalMoves()), pos.InCheck())
			}
		default:
			mates++
			if !noMove || !pos.InCheck() {
				t.Errorf("%s: labelled a mate (%v); after the line: %d legal moves, in check %v", p.ID, p.Themes, len(pos.LegalMoves()), pos.InCheck())
			}
			if p.Proof == Proven && !mateTheme {
				t.Errorf("%s: a proven mate in %d without the theme %s: %v", p.ID, p.SolverMoves(), MateTheme(p.SolverMoves()), p.Themes)
			}
		}
	}
	t.Logf("%d mates, %d stalemate wins", mates, stalemates)
	if mates == 0 || stalemates == 0 {
		t.Errorf("%d mates, %d stalemates: the collection was not read", mates, stalemates)
	}
}

func TestNearFirst(t *testing.T) {
	ps := []Puzzle{{ID: "far", Rating: 2940}, {ID: "near", Rating: 1180}, {ID: "low", Rating: 700}, {ID: "tie", Rating: 1220}}
	pr := NewProgress()
	idx := []int{0, 1, 2, 3}
	NearFirst(ps, idx, pr)
	var got []string
	for _, i := range idx {
		got = append(got, ps[i].ID)
	}
	if !slices.Equal(got, []string{"near", "tie", "low", "far"}) {
		t.Errorf("order %v for a player rated %.0f", got, pr.Player.Rating)
	}
}

// Validate holds the labels to the line: a stalemate tagged as a mate, and a mate tagged
// as a stalemate, are refused.
func TestValidateStalemateLabel(t *testing.T) {
	stale := Puzzle{ID: "m72-132", FEN: "4k4/C8/9/9/9/2B2R3/P7P/4B4/4A4/3K5 w - - 4 67", Kind: KindMate, Proof: Proven,
		Rating: 900, Themes: []string{"mate1", ThemeFacingKings}}
	stale.Moves = moves(t, "f4f8")
	if _, err := stale.Validate(); err == nil || !strings.Contains(err.Error(), "ends in stalemate") {
		t.Errorf("a stalemate labelled mate: %v", err)
	}
	stale.Themes = []string{ThemeStalemate, ThemeFacingKings}
	if _, err := stale.Validate(); err != nil {
		t.Errorf("a stalemate labelled so: %v", err)
	}
	mate := Puzzle{ID: "mate", FEN: "3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1", Kind: KindMate, Proof: Proven, Rating: 700,
		Themes: []string{ThemeStalemate}}
	mate.Moves = moves(t, "a5d5")
	if _, err := mate.Validate(); err == nil || !strings.Contains(err.Error(), "ends in checkmate") {
		t.Errorf("a mate labelled stalemate: %v", err)
	}
}
