package present

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

func TestPathTexts(t *testing.T) {
	mate := func(id string) puzzle.Puzzle {
		return puzzle.Puzzle{ID: id, Kind: puzzle.KindMate, Proof: puzzle.Proven, Rating: 700, Moves: make([]rules.Move, 1),
			Themes: []string{"mate1"}, Source: "puzzlegen"}
	}
	path := []puzzle.Chapter{{ID: "first-mates", Puzzles: []string{"m1", "m2"}}, {ID: "stalemate", Puzzles: []string{"s1"}}}
	ps := []puzzle.Puzzle{mate("m1"), mate("m2")}
	pr := puzzle.NewProgress()
	sayBoth(t, "stars", func(Translate) string { return Stars(2) + Stars(0) + Stars(5) }, "★★☆☆☆☆★★★", "★★☆☆☆☆★★★")
	sayBoth(t, "open chapter", func(tr Translate) [2]string { return ChapterRow(tr, path, 0, pr) },
		[2]string{"First mates · ★ 0 / 6", "Mate in one move: find the check that leaves no escape."},
		[2]string{"一步杀 · ★ 0 / 6", "一步将死：找出让对方无处可逃的将军。"})
	// Two of six stars open the next: three are needed (StarsToOpen).
	sayBoth(t, "locked chapter", func(tr Translate) [2]string { return ChapterRow(tr, path, 1, pr) },
		[2]string{"Stalemate wins · ★ 0 / 3", "Locked: 3 more stars in \"First mates\" open it"},
		[2]string{"困毙 · ★ 0 / 3", "还差 3 颗星开启：在“一步杀”中获得"})
	sayBoth(t, "goal", func(tr Translate) string { return ChapterGoal(tr, path, 0, pr) },
		"3 more stars open the next chapter", "再得 3 颗星开启下一关")
	pr.Record(&ps[1], false)
	rating := int(math.Round(pr.PuzzleRating(&ps[1]).Rating))
	sayBoth(t, "failed puzzle", func(tr Translate) [2]string { return ChapterPuzzleRow(tr, 2, &ps[1], pr) },
		[2]string{"2. Engine-mined tactics m2", fmt.Sprintf("☆☆☆ not solved yet · Mate in 1 · Rating %d · Proven", rating)},
		[2]string{"2. 引擎挖掘战术 m2", fmt.Sprintf("☆☆☆ 尚未解出 · 1 步杀 · 难度 %d · 已证明", rating)})
	pr.AwardStars("m1", 3)
	sayBoth(t, "opened", func(tr Translate) [2]string { return ChapterRow(tr, path, 1, pr) },
		[2]string{"Stalemate wins · ★ 0 / 3", "困毙: leave the opponent no legal move without checking; in Xiangqi that wins."},
		[2]string{"困毙 · ★ 0 / 3", "不将军而使对方无着可走：象棋里这也是胜。"})
	sayBoth(t, "goal met", func(tr Translate) string { return ChapterGoal(tr, path, 0, pr) + "/" + ChapterGoal(tr, path, 1, pr) },
		"The next chapter is open/The last chapter of the path", "下一关已开启/这是最后一关")
	sayBoth(t, "moves left", func(tr Translate) string { return MovesLeft(tr, 57, 60, 0) }, "57 of 60 moves left", "剩余 57 步（限 60 步）")
	sayBoth(t, "moves left, hinted", func(tr Translate) string { return MovesLeft(tr, 3, 60, 2) },
		"3 of 60 moves left · hints taken: 2", "剩余 3 步（限 60 步） · 已用提示 2 次")
	sayBoth(t, "try stars", func(tr Translate) string { return TryStarsLine(tr, 2) }, "★★☆ 2 of 3 stars", "★★☆ 得 2 颗星（满 3 颗）")
	sayBoth(t, "daily", func(tr Translate) string { return DailyLine(tr, &ps[0], pr) },
		"Engine-mined tactics m1 ★★★", "引擎挖掘战术 m1 ★★★")
}

func TestDashboardTexts(t *testing.T) {
	fork := puzzle.ThemeStat{Theme: puzzle.ThemeFork, Puzzles: 40, Tried: 3, Solved: 2, FirstSolved: 1}
	sayBoth(t, "theme tried", func(tr Translate) [2]string { return ThemeStatRow(tr, fork) },
		[2]string{"Fork", "2 of 40 solved · 33% at the first try (3 tried)"},
		[2]string{"捉双", "解出 2/40 · 首次解出 33%（做过 3 题）"})
	sayBoth(t, "theme untried", func(tr Translate) [2]string { return ThemeStatRow(tr, puzzle.ThemeStat{Theme: "mate2", Puzzles: 300}) },
		[2]string{"Mate in 2", "300 puzzles · not tried yet"}, [2]string{"2 步杀", "共 300 题 · 尚未做过"})
	sayBoth(t, "practice", func(tr Translate) string { return PracticeLabel(tr, fork) },
		"Fork · 33%", "捉双 · 33%")
	pr := puzzle.NewProgress()
	pr.NoteSolveDay(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
	sayBoth(t, "streak", func(tr Translate) string {
		return StreakLine(tr, pr.DayStreak(time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)))
	},
		"Days in a row with a solve: 1", "连续解题 1 天")
}

func TestEndgameTheoryTexts(t *testing.T) {
	red, draw := play.Theory{Winner: rules.Red}, play.Theory{Draw: true}
	sayBoth(t, "theory before", func(tr Translate) string { return EndgameTheory(tr, red, play.OutcomeNone) },
		"Theory: Red wins", "理论：红胜")
	sayBoth(t, "theory of a draw", func(tr Translate) string { return EndgameTheory(tr, draw, play.OutcomeNone) },
		"Theory: draw", "理论：和棋")
	sayBoth(t, "drew a win", func(tr Translate) string { return EndgameTheory(tr, red, play.OutcomeDrawn) },
		"You drew; theory: Red wins", "你走成和棋；理论：红胜")
	sayBoth(t, "lost a draw", func(tr Translate) string {
		return EndgameTheory(tr, draw, play.OutcomeLost) + "/" + EndgameTheory(tr, play.Theory{Winner: rules.Black}, play.OutcomeWon)
	}, "You lost; theory: draw/You won; theory: Black wins", "你输了；理论：和棋/你赢了；理论：黑胜")
	sayBoth(t, "limit", func(tr Translate) string { return EndgameTheory(tr, red, play.OutcomeUndecided) },
		"Not won in 60 moves; theory: Red wins", "60 步内未能取胜；理论：红胜")
}
