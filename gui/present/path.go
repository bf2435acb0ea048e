package present

import (
	"math"
	"strconv"
	"strings"

	"github.com/xqfyne/xiangqi/puzzle"
)

// Stars draws n of a puzzle's puzzle.MaxStars stars: "★★☆".
func Stars(n int) string {
	n = max(0, min(puzzle.MaxStars, n))
	return strings.Repeat("★", n) + strings.Repeat("☆", puzzle.MaxStars-n)
}

// ChapterRow is a chapter's two lines on the path: its name with the stars earned of
// those it offers, then what it trains, or, while it is locked, what opens it.
func ChapterRow(t Translate, path []puzzle.Chapter, i int, pr *puzzle.Progress) [2]string {
	first := ChapterName(t, path[i]) + " · " + ChapterStars(t, path[i], pr)
	if pr.Open(path, i) {
		return [2]string{first, ChapterAbout(t, path[i])}
	}
	before := path[i-1]
	return [2]string{first, t("path.locked", map[string]any{
		"Need": puzzle.StarsToOpen(before) - pr.ChapterStars(before), "Before": ChapterName(t, before)})}
}

// ChapterStars is the stars earned in a chapter of those it offers: "★ 12 / 90".
func ChapterStars(t Translate, ch puzzle.Chapter, pr *puzzle.Progress) string {
	return t("path.stars", map[string]any{"Earned": pr.ChapterStars(ch), "Possible": puzzle.MaxStars * len(ch.Puzzles)})
}

// ChapterGoal says, in a chapter, what its stars do for the next one: how many more open
// it, that it is open, or that this is the last chapter.
func ChapterGoal(t Translate, path []puzzle.Chapter, i int, pr *puzzle.Progress) string {
	switch {
	case i+1 >= len(path):
		return t("path.lastChapter", nil)
	case pr.Open(path, i+1):
		return t("path.nextOpen", nil)
	}
	return t("path.toOpen", map[string]any{"Need": puzzle.StarsToOpen(path[i]) - pr.ChapterStars(path[i])})
}

// ChapterPuzzleRow is a puzzle's two lines in its chapter: its place and heading, then
// its stars and facts.
func ChapterPuzzleRow(t Translate, place int, p *puzzle.Puzzle, pr *puzzle.Progress) [2]string {
	stars := Stars(pr.Stars[p.ID])
	if _, tried := pr.Results[p.ID]; tried && pr.Stars[p.ID] == 0 {
		stars += " " + t("path.unsolved", nil)
	}
	return [2]string{strconv.Itoa(place) + ". " + PuzzleTitle(t, p), stars + " · " + PuzzleFacts(t, p, pr.PuzzleRating(p).Rating)}
}

// TryStarsLine is what a solved try earned, for the puzzle screen: "★★☆ 2 of 3 stars".
func TryStarsLine(t Translate, n int) string {
	return t("path.puzzleStars", map[string]any{"Stars": Stars(n), "Earned": n})
}

// StreakLine is the days in a row with a solve.
func StreakLine(t Translate, days int) string {
	return t("dashboard.streak", map[string]any{"Days": days})
}

// DailyLine names today's puzzle beside its button, with its stars once earned.
func DailyLine(t Translate, p *puzzle.Puzzle, pr *puzzle.Progress) string {
	line := PuzzleTitle(t, p)
	if n := pr.Stars[p.ID]; n > 0 {
		line += " " + Stars(n)
	}
	return line
}

// percent is a rate as a whole percentage.
func percent(rate float64) int { return int(math.Round(100 * rate)) }

// PracticeLabel is the button that offers a weak theme: its name and the share of its
// puzzles solved at the first try.
func PracticeLabel(t Translate, s puzzle.ThemeStat) string {
	return t("dashboard.practice", map[string]any{"Theme": ThemeName(t, s.Theme), "Rate": percent(s.SuccessRate())})
}

// ThemeStatRow is a theme's two lines on the dashboard: its name, then how many of its
// puzzles were solved and the share solved at the first try.
func ThemeStatRow(t Translate, s puzzle.ThemeStat) [2]string {
	if s.Tried == 0 {
		return [2]string{ThemeName(t, s.Theme), t("dashboard.themeUntried", map[string]any{"Puzzles": s.Puzzles})}
	}
	return [2]string{ThemeName(t, s.Theme), t("dashboard.themeTried", map[string]any{"Solved": s.Solved,
		"Puzzles": s.Puzzles, "Rate": percent(s.SuccessRate()), "Tried": s.Tried})}
}

// MovesLeft is what is left of endgame training's limit of moves, and the hints taken
// once there is one: "57 of 60 moves left · hints taken: 1".
func MovesLeft(t Translate, left, limit, hints int) string {
	text := t("puzzle.movesLeft", map[string]any{"Left": left, "Limit": limit})
	if hints > 0 {
		text += " · " + t("puzzle.hintsTaken", map[string]any{"N": hints})
	}
	return text
}
