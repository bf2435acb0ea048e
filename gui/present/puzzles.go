package present

import (
	"fmt"
	"math"
	"strings"

	"github.com/xqfyne/xiangqi/puzzle"
)

// CollectionName names a puzzle collection (puzzle.Collection): the book's own title,
// or the mined tactics and the endgame training in the UI's language.
func CollectionName(t Translate, c string) string {
	switch c {
	case puzzle.CollectionMined:
		return t("puzzle.collection.mined", nil)
	case puzzle.CollectionEndgames:
		return t("puzzle.collection.endgames", nil)
	}
	return c
}

// ThemeName names a theme or theme group, one sentence-case label each in both
// languages: "Mate in 3", "Fork", "Mate in 8 or more", "Stalemate win" (困毙).
func ThemeName(t Translate, theme string) string {
	if theme == puzzle.LongMate {
		return t("puzzle.theme.longMate", nil)
	}
	if n, ok := puzzle.MateMoves(theme); ok {
		return t("puzzle.theme.mate", map[string]any{"N": n})
	}
	switch theme {
	case puzzle.ThemeChecksOnly:
		return t("puzzle.theme.continuousCheck", nil)
	case puzzle.ThemeDoubleCheck:
		return t("puzzle.theme.doubleCheck", nil)
	case puzzle.ThemeDiscovered:
		return t("puzzle.theme.discoveredAttack", nil)
	case puzzle.ThemeFork:
		return t("puzzle.theme.fork", nil)
	case puzzle.ThemePin:
		return t("puzzle.theme.pin", nil)
	case puzzle.ThemeSacrifice:
		return t("puzzle.theme.sacrifice", nil)
	case puzzle.ThemeSmothered:
		return t("puzzle.theme.smotheredMate", nil)
	case puzzle.ThemeIronBolt:
		return t("puzzle.theme.ironBolt", nil)
	case puzzle.ThemeFacingKings:
		return t("puzzle.theme.facingKings", nil)
	case puzzle.ThemeStalemate:
		return t("puzzle.theme.stalemate", nil)
	case "win":
		return t("puzzle.theme.win", nil)
	case "draw":
		return t("puzzle.theme.draw", nil)
	}
	return theme // a theme a newer file names: its tag
}

// KindName says what a kind of puzzle asks.
func KindName(t Translate, k puzzle.Kind) string {
	switch k {
	case puzzle.KindMate:
		return t("puzzle.kind.mate", nil)
	case puzzle.KindMaterial:
		return t("puzzle.kind.material", nil)
	case puzzle.KindEndgame:
		return t("puzzle.kind.endgame", nil)
	}
	return t("puzzle.kind.study", nil)
}

// BandName names a difficulty band of puzzle.RatingBands by its index.
func BandName(t Translate, i int, b puzzle.Band) string {
	return t(fmt.Sprintf("puzzle.band.%d", i), map[string]any{"Min": b.Min, "Max": b.Max - 1})
}

// ProofName says how far a solution is to be trusted: proven, or a reference line.
func ProofName(t Translate, p puzzle.Proof) string {
	if p == puzzle.Proven {
		return t("puzzle.proof.proven", nil)
	}
	return t("puzzle.proof.reference", nil)
}

// PuzzleTitle is a puzzle's heading: its collection and number, and the book's title.
func PuzzleTitle(t Translate, p *puzzle.Puzzle) string {
	name := p.Source
	if c := puzzle.Collection(p); c == puzzle.CollectionMined || c == puzzle.CollectionEndgames {
		name = CollectionName(t, c) + " " + p.ID
	}
	if p.Title != "" {
		name += " · " + p.Title
	}
	return name
}

// PuzzleFacts is a puzzle's second line: what it asks, its rating, proven or
// reference, and its named themes.
func PuzzleFacts(t Translate, p *puzzle.Puzzle, rating float64) string {
	parts := []string{KindName(t, p.Kind)}
	switch {
	case p.Kind == puzzle.KindMate && p.Stalemate():
		parts[0] = t("puzzle.theme.stalemateIn", map[string]any{"N": p.SolverMoves()})
	case p.Kind == puzzle.KindMate:
		parts[0] = t("puzzle.theme.mate", map[string]any{"N": p.SolverMoves()})
	case p.Kind == puzzle.KindEndgame && len(p.Themes) > 0 && (p.Themes[0] == "win" || p.Themes[0] == "draw"):
		parts[0] = ThemeName(t, p.Themes[0]) // "Endgame to win": the kind and the goal in one
	}
	parts = append(parts, t("puzzle.rating", map[string]any{"Rating": int(math.Round(rating))}))
	if p.Kind != puzzle.KindEndgame {
		parts = append(parts, ProofName(t, p.Proof))
	}
	for _, th := range p.Themes {
		if _, mate := puzzle.MateMoves(th); mate || th == puzzle.ThemeStalemate || p.Kind == puzzle.KindEndgame && (th == "win" || th == "draw") {
			continue // said by the kind
		}
		parts = append(parts, ThemeName(t, th))
	}
	return strings.Join(parts, " · ")
}

// PuzzleRow is a puzzle's two lines in the list.
func PuzzleRow(t Translate, p *puzzle.Puzzle, pr *puzzle.Progress) [2]string {
	return [2]string{PuzzleTitle(t, p), PuzzleFacts(t, p, pr.PuzzleRating(p).Rating)}
}

// PuzzleMark is what the list marks a puzzle with.
type PuzzleMark int

// The marks: untried, solved (at some try), tried and never solved.
const (
	MarkNone PuzzleMark = iota
	MarkSolved
	MarkFailed
)

// MarkOf is p's mark in pr.
func MarkOf(p *puzzle.Puzzle, pr *puzzle.Progress) PuzzleMark {
	r, tried := pr.Results[p.ID]
	switch {
	case !tried:
		return MarkNone
	case r.Solved:
		return MarkSolved
	}
	return MarkFailed
}

// PlayerLine is the player's puzzle rating, streak and count of solved puzzles.
func PlayerLine(t Translate, pr *puzzle.Progress) string {
	solved := 0
	for _, r := range pr.Results {
		if r.Solved {
			solved++
		}
	}
	return t("puzzles.player", map[string]any{"Rating": int(math.Round(pr.Player.Rating)), "Streak": pr.Streak,
		"Best": pr.BestStreak, "Solved": solved})
}

// ChapterName and ChapterAbout name a chapter of the path and say in a line what it
// trains.
func ChapterName(t Translate, ch puzzle.Chapter) string { return t(chapterKey(ch.ID), nil) }

// chapterKey is the catalog key of a chapter's name; its description's adds ".about".
func chapterKey(id string) string { return "puzzle.chapter." + id }

// ChapterAbout is a chapter's short description.
func ChapterAbout(t Translate, ch puzzle.Chapter) string {
	return t(chapterKey(ch.ID)+".about", nil)
}
