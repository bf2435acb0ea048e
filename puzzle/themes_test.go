package puzzle

import (
	"slices"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

func moves(t *testing.T, words ...string) []rules.Move {
	t.Helper()
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

func TestThemes(t *testing.T) {
	cases := []struct {
		name, fen string
		line      []string
		want      []string
		not       []string
	}{
		{"double check: the horse checks and opens the rook's file",
			"4k4/9/9/9/4N4/9/9/9/4R4/3K5 w - - 0 1", []string{"e5f7"},
			[]string{ThemeDoubleCheck, ThemeDiscovered}, []string{ThemeFork, ThemePin}},
		{"fork: the horse checks the king and attacks the rook",
			"1r7/4k4/9/9/1N7/9/9/9/9/3K5 w - - 0 1", []string{"b5c7"},
			[]string{ThemeFork}, []string{ThemeDoubleCheck, ThemeDiscovered}},
		{"pin: the rook pins the horse to its king",
			"4k4/9/4n4/9/9/9/9/R8/9/3K5 w - - 0 1", []string{"a2e2"},
			[]string{ThemePin}, []string{ThemeFork}},
		{"白脸将: the red king keeps the black one off e9",
			"3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1", []string{"a5d5"},
			[]string{MateTheme(1), ThemeFacingKings}, []string{ThemeIronBolt, ThemeSmothered}},
		{"铁门栓: the cannon holds the e-file, the rook mates on d9",
			"4ka3/4a4/2N1b4/8p/3R5/9/9/4C4/9/3K5 w - - 0 1", []string{"d5d9"},
			[]string{MateTheme(1), ThemeIronBolt}, []string{ThemeFacingKings, ThemeSmothered}},
		{"困毙: the rook takes the black king's last points, the red king the d-file; no check",
			"4k4/C8/9/9/9/2B2R3/P7P/4B4/4A4/3K5 w - - 4 67", []string{"f4f8"},
			[]string{ThemeStalemate, ThemeFacingKings}, []string{MateTheme(1), ThemeChecksOnly}},
		{"a quiet move is no tactic",
			rules.StartFEN, []string{"h2e2"}, nil,
			[]string{ThemeDoubleCheck, ThemeDiscovered, ThemeFork, ThemePin, MateTheme(1)}},
	}
	for _, c := range cases {
		got := Themes(mustFEN(t, c.fen), moves(t, c.line...))
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: themes %v lack %s", c.name, got, w)
			}
		}
		for _, n := range c.not {
			if slices.Contains(got, n) {
				t.Errorf("%s: themes %v should not have %s", c.name, got, n)
			}
		}
	}
}

// The king is hemmed in by its advisors (pinned by the rooks) and checked
// by the cannon through the horse: 闷宫.
func TestSmotheredMatePattern(t *testing.T) {
	pos := mustFEN(t, "R2aka2R/4NP3/9/9/9/9/9/4C4/9/3K5 b - - 0 1")
	if !pos.IsMate() {
		t.Fatal("test position is not mate")
	}
	if got := matePatterns(pos, rules.Red); !slices.Contains(got, ThemeSmothered) {
		t.Errorf("patterns %v lack %s", got, ThemeSmothered)
	}
}

func TestThemesOfAnIllegalLine(t *testing.T) {
	if got := Themes(mustFEN(t, rules.StartFEN), moves(t, "a0a5")); got != nil {
		t.Errorf("themes of an illegal move = %v, want none", got)
	}
}
