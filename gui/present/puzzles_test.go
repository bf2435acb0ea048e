package present

import (
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

func TestPuzzleTexts(t *testing.T) {
	mate := &puzzle.Puzzle{ID: "sqyq-001", Kind: puzzle.KindMate, Proof: puzzle.Proven, Rating: 1660,
		Moves: make([]rules.Move, 13), Themes: []string{"sacrifice", "mate7", "continuous-check"}, Title: "气吞关右", Source: "适情雅趣 1"}
	mined := &puzzle.Puzzle{ID: "m1-42", Kind: puzzle.KindMaterial, Proof: puzzle.Proven, Rating: 1520, Moves: make([]rules.Move, 5),
		Source: "puzzlegen -mine -seed 1 (self-play, ply 42)"}
	ending := &puzzle.Puzzle{ID: "eg01-001", Kind: puzzle.KindEndgame, Proof: puzzle.Reference, Rating: 1440,
		Themes: []string{"win"}, Title: "车兵对士象全", Source: "puzzlegen -endgames -seed 1"}
	pr := puzzle.NewProgress()
	pr.Record(mate, true)
	pr.Record(mined, false)
	// The refined ratings are Glicko's (tested in puzzle); the texts round them.
	rating := func(p *puzzle.Puzzle) int { return int(math.Round(pr.PuzzleRating(p).Rating)) }
	player := int(math.Round(pr.Player.Rating))
	sayBoth(t, "solved mate", func(tr Translate) [2]string { return PuzzleRow(tr, mate, pr) },
		[2]string{"适情雅趣 1 · 气吞关右", fmt.Sprintf("Mate in 7 · Rating %d · Proven · Sacrifice · Continuous checks", rating(mate))},
		[2]string{"适情雅趣 1 · 气吞关右", fmt.Sprintf("7 步杀 · 难度 %d · 已证明 · 弃子 · 连将杀", rating(mate))})
	sayBoth(t, "failed material", func(tr Translate) [2]string { return PuzzleRow(tr, mined, pr) },
		[2]string{"Engine-mined tactics m1-42", fmt.Sprintf("Win material · Rating %d · Proven", rating(mined))},
		[2]string{"引擎挖掘战术 m1-42", fmt.Sprintf("得子 · 难度 %d · 已证明", rating(mined))})
	sayBoth(t, "endgame", func(tr Translate) [2]string { return PuzzleRow(tr, ending, pr) },
		[2]string{"Endgame training eg01-001 · 车兵对士象全", "Endgame to win · Rating 1440"},
		[2]string{"残局练习 eg01-001 · 车兵对士象全", "残局取胜 · 难度 1440"})
	if MarkOf(mate, pr) != MarkSolved || MarkOf(mined, pr) != MarkFailed || MarkOf(ending, pr) != MarkNone {
		t.Error("marks")
	}
	sayBoth(t, "long mates", func(tr Translate) string { return ThemeName(tr, puzzle.ThemeGroup("mate12")) },
		"Mate in 8 or more", "8 步以上杀")
	bands := puzzle.RatingBands()
	sayBoth(t, "band", func(tr Translate) string { return BandName(tr, 1, bands[1]) }, "Easy (1000–1399)", "初级（1000–1399）")
	sayBoth(t, "player", func(tr Translate) string { return PlayerLine(tr, pr) },
		fmt.Sprintf("Rating %d · solved 1 · streak 0 (best 1)", player), fmt.Sprintf("等级分 %d · 已解 1 题 · 连对 0（最佳 1）", player))
	sayBoth(t, "reference", func(tr Translate) string { return ProofName(tr, puzzle.Reference) }, "Reference line", "参考着法")
	stalemate := &puzzle.Puzzle{ID: "m72-132", Kind: puzzle.KindMate, Proof: puzzle.Proven, Rating: 900, Moves: make([]rules.Move, 1),
		Themes: []string{puzzle.ThemeStalemate, puzzle.ThemeFacingKings}, Source: "puzzlegen -mine -seed 72 (self-play, ply 132)"}
	sayBoth(t, "stalemate win", func(tr Translate) string { return PuzzleFacts(tr, stalemate, 900) },
		"Stalemate in 1 · Rating 900 · Proven · Facing kings", "1 步困毙 · 难度 900 · 已证明 · 白脸将")
	sayBoth(t, "stalemate theme", func(tr Translate) string { return ThemeName(tr, puzzle.ThemeStalemate) }, "Stalemate win", "困毙")
}

// Every chapter of the path over the bundled collection has a name and a description in
// both languages (a missing key fails in sayBoth's speaker).
func TestChapterNames(t *testing.T) {
	files, err := puzzle.Load(os.DirFS("../../resources/puzzles"))
	if err != nil {
		t.Fatal(err)
	}
	var ps []puzzle.Puzzle
	for _, f := range files {
		ps = append(ps, f.Puzzles...)
	}
	path := puzzle.Path(ps)
	en, zh := languages(t)
	for i, tr := range []Translate{en, zh} {
		for _, ch := range path {
			if name, about := ChapterName(tr, ch), ChapterAbout(tr, ch); name == "" || about == "" || name == about {
				t.Errorf("language %d, %s: %q, %q", i, ch.ID, name, about)
			}
		}
	}
	sayBoth(t, "stalemate chapter", func(tr Translate) string { return ChapterName(tr, path[1]) }, "Stalemate wins", "困毙")
}
