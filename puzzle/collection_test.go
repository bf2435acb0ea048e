package puzzle

import (
	"slices"
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
	if got := ThemeGroups(ps); !slices.Equal(got, []string{"fork", "mate8+", "mate2", "win"}) {
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
