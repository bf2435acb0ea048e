package puzzle

import (
	"slices"
	"testing"
)

// The path over the collection: the curriculum's chapters in order, no puzzle twice,
// each chapter's puzzles what its theme says, easiest first (a book in its order).
func TestPathOverTheCollection(t *testing.T) {
	ps := loadCollection(t)
	byID := map[string]*Puzzle{}
	for i := range ps {
		byID[ps[i].ID] = &ps[i]
	}
	path := Path(ps)
	var ids []string
	for _, ch := range path {
		ids = append(ids, ch.ID)
	}
	want := []string{"first-mates", "stalemate", "mate-in-2", "continuous-check", "smothered-mate", "iron-bolt",
		"facing-kings", "double-check", "mate-in-3", "shiqingyaqu", "juzhongmi", "lankeshenji", "tactics", "endgames"}
	if !slices.Equal(ids, want) {
		t.Fatalf("chapters %v", ids)
	}
	seen := map[string]bool{}
	for _, ch := range path {
		if len(ch.Puzzles) == 0 {
			t.Errorf("%s is empty", ch.ID)
		}
		for j, id := range ch.Puzzles {
			p := byID[id]
			if seen[id] || p == nil {
				t.Fatalf("%s: %s twice or unknown", ch.ID, id)
			}
			seen[id] = true
			if j > 0 && ch.ID != "shiqingyaqu" && ch.ID != "juzhongmi" && ch.ID != "lankeshenji" && p.Rating < byID[ch.Puzzles[j-1]].Rating {
				t.Errorf("%s: %s (%d) after a harder one", ch.ID, id, p.Rating)
			}
		}
	}
	first, stale := byID[path[0].Puzzles[0]], byID[path[1].Puzzles[0]]
	if first.SolverMoves() != 1 || first.Stalemate() || !stale.Stalemate() {
		t.Errorf("first mates open with %s %v, the stalemate chapter with %s %v", first.ID, first.Themes, stale.ID, stale.Themes)
	}
	if p := byID[path[9].Puzzles[0]]; Collection(p) != "适情雅趣" || p.ID != "sqyq-001" {
		t.Errorf("适情雅趣 opens with %s", p.ID)
	}
}

// Stars and unlocking: a solve at the first try without a hint is worth three, a hint
// or a retry one less each, a failure none; the best is kept; the next chapter opens
// at StarsToOpen of the one before, and a save's stars are checked on load.
func TestStarsOpenTheNextChapter(t *testing.T) {
	for _, c := range []struct {
		solved bool
		hints  int
		first  bool
		want   int
	}{{true, 0, true, 3}, {true, 1, true, 2}, {true, 0, false, 2}, {true, 2, false, 1}, {false, 0, true, 0}} {
		if got := TryStars(c.solved, c.hints, c.first); got != c.want {
			t.Errorf("TryStars(%v, %d, %v) = %d, want %d", c.solved, c.hints, c.first, got, c.want)
		}
	}
	path := []Chapter{{ID: "a", Puzzles: []string{"a1", "a2", "a3", "a4", "a5"}}, {ID: "b", Puzzles: []string{"b1"}}, {ID: "c", Puzzles: []string{"c1"}}}
	pr := NewProgress()
	if StarsToOpen(path[0]) != 6 || !pr.Open(path, 0) || pr.Open(path, 1) || pr.Open(path, 2) || pr.Open(path, 3) {
		t.Fatalf("a new player: need %d, open %v %v", StarsToOpen(path[0]), pr.Open(path, 0), pr.Open(path, 1))
	}
	pr.AwardStars("a1", 3)
	pr.AwardStars("a1", 1) // a worse retry keeps the best
	pr.AwardStars("a2", 2)
	if pr.ChapterStars(path[0]) != 5 || pr.Open(path, 1) {
		t.Fatalf("5 stars: %d, open %v", pr.ChapterStars(path[0]), pr.Open(path, 1))
	}
	pr.AwardStars("a3", 1)
	if !pr.Open(path, 1) || pr.Open(path, 2) {
		t.Fatalf("6 stars open b only: %v %v", pr.Open(path, 1), pr.Open(path, 2))
	}
	pr.AwardStars("b1", 9) // capped
	if pr.Stars["b1"] != MaxStars || !pr.Open(path, 2) {
		t.Fatalf("b1 has %d", pr.Stars["b1"])
	}
	if _, err := UnmarshalProgress([]byte(`{"player":{"rating":1200,"rd":250,"vol":0.06},"stars":{"a1":4}}`)); err == nil {
		t.Error("4 stars loaded")
	}
	back, err := UnmarshalProgress([]byte(`{"player":{"rating":1200,"rd":250,"vol":0.06},"stars":{"a1":3,"a2":2}}`))
	if err != nil || back.ChapterStars(path[0]) != 5 {
		t.Fatalf("stars read back: %v %v", back, err)
	}
}
