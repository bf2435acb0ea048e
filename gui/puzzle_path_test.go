package gui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/match/matchtest"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/puzzle"
)

// rowText is the text a two-line list shows in a row, as its own item functions make it.
func twoLineRow(l *widget.List, row int) string {
	item := l.CreateItem()
	l.UpdateItem(row, item)
	text, _ := puzzleRowParts(item)
	return text.Text
}

// solveShown solves the mate in one on the puzzle screen by tapping its move.
func solveShown(t *testing.T, w *Window) *puzzleScreen {
	t.Helper()
	ps := shown[*puzzleScreen](t, w)
	if ps.stars.Visible() || ps.left.Visible() {
		t.Fatal("stars before the solve, or moves left of a limit in a puzzle with a line")
	}
	tapBoardMove(t, ps, ps.run.Puzzle().Moves[0])
	if ps.run.State() != play.RunSolved {
		t.Fatalf("%s not solved: %q", ps.run.Puzzle().ID, ps.status.Text)
	}
	return ps
}

// The path as a player meets it: the chapters with their stars, the second locked; a
// chapter's puzzles solved by taps, each showing its stars and the rating change; the
// stars counted on the chapter and the path, and the next chapter opened by them.
func TestPathChapterStarsUnlockAndRatingChange(t *testing.T) {
	w, _ := openPuzzleWindow(t, t.TempDir())
	s := openPath(t, w)
	path := s.trainer.Path()
	first, second := path[0], path[1]
	possible := puzzle.MaxStars * len(first.Puzzles)
	if row := twoLineRow(s.list, 0); !strings.Contains(row, present.ChapterName(trData, first)) ||
		!strings.Contains(row, tr("path.stars", map[string]any{"Earned": 0, "Possible": possible})) {
		t.Fatalf("first chapter's row %q", row)
	}
	need := puzzle.StarsToOpen(first)
	locked := tr("path.locked", map[string]any{"Need": need, "Before": present.ChapterName(trData, first)})
	if row := twoLineRow(s.list, 1); !strings.Contains(row, locked) {
		t.Fatalf("second chapter's row %q, want %q", row, locked)
	}
	s.list.Select(1)
	if shown[*pathScreen](t, w) != s {
		t.Fatal("a locked chapter opened")
	}

	s.list.Select(0)
	cs := shown[*chapterScreen](t, w)
	if shownView(w.Fyne()) != cs.content || !strings.Contains(cs.stars.Text, tr("path.toOpen", map[string]any{"Need": need})) {
		t.Fatalf("chapter's stars %q", cs.stars.Text)
	}
	// Three stars a clean first solve: need/3 puzzles open the next chapter.
	for i := 0; i*puzzle.MaxStars < need; i++ {
		if s.trainer.Progress().Open(path, 1) {
			t.Fatalf("the next chapter opened after %d puzzles", i)
		}
		cs.list.Select(i)
		ps := solveShown(t, w)
		change, rated := ps.run.RatingChange()
		if !rated || !strings.Contains(ps.status.Text, play.SignedChange(change)) || !ps.stars.Visible() ||
			ps.stars.Text != present.TryStarsLine(trData, 3) {
			t.Fatalf("puzzle %d: status %q, stars %q (change %d, rated %v)", i, ps.status.Text, ps.stars.Text, change, rated)
		}
		w.screens.pop()
		if shown[*chapterScreen](t, w) != cs || !strings.Contains(twoLineRow(cs.list, i), present.Stars(3)) {
			t.Fatalf("row %d after its solve: %q", i, twoLineRow(cs.list, i))
		}
		stars := tr("path.stars", map[string]any{"Earned": 3 * (i + 1), "Possible": possible})
		if !strings.HasPrefix(cs.stars.Text, stars) {
			t.Fatalf("chapter's stars %q, want %q", cs.stars.Text, stars)
		}
	}
	if !strings.Contains(cs.stars.Text, tr("path.nextOpen")) {
		t.Fatalf("after %d stars: %q", need, cs.stars.Text)
	}
	// A try with a hint earns fewer stars; its Next goes on in the chapter.
	row := (need + 2) / 3
	cs.list.Select(row)
	ps := shown[*puzzleScreen](t, w)
	test.Tap(ps.hintBtn)
	solveShown(t, w)
	if ps.run.Stars() != 2 || ps.stars.Text != present.TryStarsLine(trData, 2) {
		t.Fatalf("hinted solve: %d stars, %q", ps.run.Stars(), ps.stars.Text)
	}
	test.Tap(ps.nextBtn)
	if next := shown[*puzzleScreen](t, w); next.run.Puzzle().ID != first.Puzzles[row+1] {
		t.Fatalf("Next opened %s, want %s", next.run.Puzzle().ID, first.Puzzles[row+1])
	}
	w.screens.pop()
	w.screens.pop()
	if shown[*pathScreen](t, w) != s {
		t.Fatal("Back did not return to the path")
	}
	if row := twoLineRow(s.list, 1); !strings.Contains(row, present.ChapterAbout(trData, second)) {
		t.Fatalf("the opened chapter's row %q", row)
	}
	s.list.Select(1)
	if cs := shown[*chapterScreen](t, w); cs.path[cs.at].ID != second.ID {
		t.Fatal("the opened chapter does not open")
	}
}

// The dashboard: the weakest theme offered after three hinted tries, and a tap on it
// opens a puzzle of that theme; the day streak and the daily puzzle by the clock.
func TestDashboardWeakestThemeStreakAndDaily(t *testing.T) {
	ft := matchtest.NewFakeTime()
	w, _ := openWindowWith(t, Config{SaveDir: t.TempDir(), PuzzleLimits: engine.Limits{Depth: 3}, Time: ft})
	s := openPath(t, w)
	test.Tap(s.dashBtn)
	d := shown[*dashboardScreen](t, w)
	if shownView(w.Fyne()) != d.content || !d.noWeak.Visible() || d.practice.Visible() ||
		d.streak.Text != present.StreakLine(trData, 0) {
		t.Fatalf("a new player's dashboard: weak %v, streak %q", d.practice.Objects, d.streak.Text)
	}
	// Three first mates, each solved with a hint (counted as failed), one cleanly.
	w.screens.pop()
	s.list.Select(0)
	cs := shown[*chapterScreen](t, w)
	for i := 0; i < 4; i++ {
		cs.list.Select(i)
		if i < 3 {
			test.Tap(shown[*puzzleScreen](t, w).hintBtn)
		}
		solveShown(t, w)
		w.screens.pop()
	}
	w.screens.pop()
	test.Tap(s.dashBtn)
	d = shown[*dashboardScreen](t, w)
	if d.noWeak.Visible() || len(d.practice.Objects) == 0 || d.streak.Text != present.StreakLine(trData, 1) {
		t.Fatalf("after four tries: weak %d, streak %q", len(d.practice.Objects), d.streak.Text)
	}
	weakest := puzzle.Weakest(d.stats, 1)[0]
	if weakest.Tried < puzzle.MinTriesToJudge || weakest.FirstSolved == weakest.Tried {
		t.Fatalf("weakest %+v", weakest)
	}
	b := d.practice.Objects[0].(*widget.Button)
	if b.Text != present.PracticeLabel(trData, weakest) {
		t.Fatalf("practice %q, want %q", b.Text, present.PracticeLabel(trData, weakest))
	}
	test.Tap(b)
	ps := shown[*puzzleScreen](t, w)
	if !(puzzle.Filter{Theme: weakest.Theme}).Match(ps.run.Puzzle(), d.trainer.Progress()) ||
		d.trainer.Progress().Results[ps.run.Puzzle().ID].Attempts != 0 {
		t.Fatalf("practice opened %s (%v)", ps.run.Puzzle().ID, ps.run.Puzzle().Themes)
	}
	w.screens.pop()
	// Two days later the streak is over; the daily puzzle is the date's at the player's level.
	ft.Advance(48 * time.Hour)
	d.reshow()
	if d.streak.Text != present.StreakLine(trData, 0) {
		t.Fatalf("two days on: %q", d.streak.Text)
	}
	want, _ := puzzle.Daily(d.trainer.All(), ft.Now(), d.trainer.Progress().Player.Rating)
	test.Tap(d.daily)
	if got := shown[*puzzleScreen](t, w).run.Puzzle(); got.ID != want.ID || !strings.Contains(d.dailyOf.Text, present.PuzzleTitle(trData, want)) {
		t.Fatalf("daily %s, want %s (%q)", got.ID, want.ID, d.dailyOf.Text)
	}
}

// The path, a chapter and the dashboard fit the phone (390x844) and the desktop
// (1280x900): their buttons in the window and room in the list for several rows.
func TestPathChapterAndDashboardFitPhoneAndDesktop(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 390, Height: 844}, {Width: 1280, Height: 900}} {
		w, _ := openPuzzleWindow(t, t.TempDir())
		w.Fyne().Resize(size)
		s := openPath(t, w)
		rows := func(l *widget.List) float32 { return l.Size().Height / l.CreateItem().MinSize().Height }
		if !inside(w, s.allBtn) || !inside(w, s.dashBtn) || rows(s.list) < 6 {
			t.Errorf("%v: path's buttons or list (%.1f rows) out of sight", size, rows(s.list))
		}
		s.list.Select(0)
		cs := shown[*chapterScreen](t, w)
		if !inside(w, cs.stars) || rows(cs.list) < 6 {
			t.Errorf("%v: chapter's stars or list (%.1f rows) out of sight", size, rows(cs.list))
		}
		w.screens.pop()
		// Three failures in every theme: three weak themes offered, the longest names too.
		pr, tries := s.trainer.Progress(), map[string]int{}
		for i, p := range s.trainer.All() {
			if len(p.Themes) == 0 {
				continue
			}
			if th := puzzle.ThemeGroup(p.Themes[0]); tries[th] < puzzle.MinTriesToJudge {
				tries[th]++
				pr.Record(&s.trainer.All()[i], false)
			}
		}
		test.Tap(s.dashBtn)
		d := shown[*dashboardScreen](t, w)
		if len(d.practice.Objects) != 3 || !inside(w, d.practice) {
			t.Errorf("%v: practice %d out of sight", size, len(d.practice.Objects))
		}
		if min := s.content.MinSize().Width; min > size.Width {
			t.Errorf("%v: the path needs %v of width", size, min)
		}
		if !inside(w, d.daily) || !inside(w, d.streak) || len(d.themes.Objects) != 2*len(d.stats)-1 {
			t.Errorf("%v: dashboard's daily or streak out of sight, or %d rows for %d themes", size,
				len(d.themes.Objects), len(d.stats))
		}
		if min := d.content.MinSize().Width; min > size.Width {
			t.Errorf("%v: the dashboard needs %v of width", size, min)
		}
	}
}
