package present

import (
	"fmt"
	"math"
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
		[2]string{"Shi Qing Ya Qu 1 · Qi Tun Guan You", fmt.Sprintf("Mate in 7 · rating %d · proven · sacrifice · continuous checks", rating(mate))},
		[2]string{"适情雅趣 1 · 气吞关右", fmt.Sprintf("7 步杀 · 难度 %d · 已证明 · 弃子 · 连将杀", rating(mate))})
	sayBoth(t, "failed material", func(tr Translate) [2]string { return PuzzleRow(tr, mined, pr) },
		[2]string{"Engine-mined tactics m1-42", fmt.Sprintf("Win material · rating %d · proven", rating(mined))},
		[2]string{"引擎挖掘战术 m1-42", fmt.Sprintf("得子 · 难度 %d · 已证明", rating(mined))})
	sayBoth(t, "endgame", func(tr Translate) [2]string { return PuzzleRow(tr, ending, pr) },
		[2]string{"Endgame training eg01-001 · Ju Bing Dui Shi Xiang Quan", "Endgame · rating 1440 · win"},
		[2]string{"残局练习 eg01-001 · 车兵对士象全", "残局 · 难度 1440 · 胜局"})
	if MarkOf(mate, pr) != MarkSolved || MarkOf(mined, pr) != MarkFailed || MarkOf(ending, pr) != MarkNone {
		t.Error("marks")
	}
	sayBoth(t, "long mates", func(tr Translate) string { return ThemeName(tr, puzzle.ThemeGroup("mate12")) },
		"Mate in 8 or more", "8 步以上杀")
	bands := puzzle.RatingBands()
	sayBoth(t, "band", func(tr Translate) string { return BandName(tr, 1, bands[1]) }, "Easy (1000–1399)", "初级（1000–1399）")
	sayBoth(t, "player", func(tr Translate) string { return PlayerLine(tr, pr) },
		fmt.Sprintf("Rating %d · solved 1 · streak 0 (best 1)", player), fmt.Sprintf("等级分 %d · 已解 1 题 · 连对 0（最佳 1）", player))
	sayBoth(t, "reference", func(tr Translate) string { return ProofName(tr, puzzle.Reference) }, "reference line", "参考着法")
}
