package gui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

// openPuzzleWindow opens the app on dir with a shallow engine for the puzzles.
func openPuzzleWindow(t *testing.T, dir string) (*Window, *playtest.UIQueue) {
	t.Helper()
	return openWindowWith(t, Config{SaveDir: dir, PuzzleLimits: engine.Limits{Depth: 3}})
}

// openPuzzleList opens the puzzles from the More menu.
func openPuzzleList(t *testing.T, w *Window) *puzzleListScreen {
	t.Helper()
	for _, item := range w.moreItems() {
		if item.Label == tr("more.puzzles") {
			item.Action()
			ls := shown[*puzzleListScreen](t, w)
			if w.Fyne().Content() != ls.content {
				t.Fatal("the puzzle list is not shown")
			}
			return ls
		}
	}
	t.Fatal("no Puzzles item in the More menu")
	return nil
}

// choose picks an option of a filter's select by its text, as a tap on it would.
func choose(t *testing.T, ls *puzzleListScreen, which string, option string) {
	t.Helper()
	s := map[string]interface{ SetSelected(string) }{"source": ls.source, "theme": ls.theme, "level": ls.level}[which]
	s.SetSelected(option)
}

// openRow taps a row of the list and returns the puzzle screen it opens.
func openRow(t *testing.T, w *Window, ls *puzzleListScreen, row int) *puzzleScreen {
	t.Helper()
	ls.list.Select(row)
	ps := shown[*puzzleScreen](t, w)
	if w.Fyne().Content() != ps.content {
		t.Fatal("the puzzle is not shown")
	}
	return ps
}

// tapMove taps a move's two points on a puzzle's board.
func tapBoardMove(t *testing.T, ps *puzzleScreen, m rules.Move) {
	t.Helper()
	tapPoint(t, ps.board, m.From().String())
	tapPoint(t, ps.board, m.To().String())
}

// listRow is the text the list shows in a row, as its own item functions make it.
func listRow(ls *puzzleListScreen, row int) string {
	item := ls.list.CreateItem()
	ls.list.UpdateItem(row, item)
	text, _ := puzzleRowParts(item)
	return text.Text
}

// hasMark tells whether the list marks a row so.
func hasMark(ls *puzzleListScreen, row int, want present.PuzzleMark) bool {
	item := ls.list.CreateItem()
	ls.list.UpdateItem(row, item)
	_, icon := puzzleRowParts(item)
	wantIcon := markIcon(want)
	if icon.Resource == nil || wantIcon == nil {
		return icon.Resource == wantIcon
	}
	return icon.Resource.Name() == wantIcon.Name()
}

// Through the screens, as a player: the mined mates in one, filtered; the first solved
// by taps, the second failed and refuted on the board, the third solved with both hints;
// the rating moves, the list marks them, the unsolved filter leaves the solved one out,
// and a window opened anew on the same folder (the first never closed, as after kill -9)
// shows the same marks and rating.
func TestPuzzlesSolveFailHintMarksAndRestore(t *testing.T) {
	dir := t.TempDir()
	w, q := openPuzzleWindow(t, dir)
	ls := openPuzzleList(t, w)
	all := len(ls.shown)
	choose(t, ls, "source", present.CollectionName(trData, puzzle.CollectionMined))
	choose(t, ls, "theme", present.ThemeName(trData, "mate1"))
	if len(ls.shown) == 0 || len(ls.shown) >= all || ls.count.Text != tr("puzzles.count", map[string]any{"Count": len(ls.shown)}) {
		t.Fatalf("filtered to %d of %d: %q", len(ls.shown), all, ls.count.Text)
	}
	startRating := ls.trainer.Progress().Player.Rating
	playerLine := ls.player.Text

	// 1. Solved by tapping the piece and its target.
	ps := openRow(t, w, ls, 0)
	p := ps.run.Puzzle()
	if !strings.Contains(ps.facts.Text, tr("puzzle.proof.proven")) || ps.status.Text != ps.say(ps.run.Status()) {
		t.Fatalf("facts %q, status %q", ps.facts.Text, ps.status.Text)
	}
	tapPoint(t, ps.board, p.Moves[0].From().String())
	if ps.board.View().Selected != p.Moves[0].From() || len(ps.board.View().Targets) == 0 {
		t.Fatal("tapping the piece did not select it")
	}
	tapPoint(t, ps.board, p.Moves[0].To().String())
	// The rating change is shown with the result: "Solved! (+N)".
	gain, rated := ps.run.RatingChange()
	if ps.run.State() != play.RunSolved || !rated || gain <= 0 || !ps.hintBtn.Disabled() ||
		!strings.HasPrefix(ps.status.Text, tr("puzzle.solved")) || !strings.Contains(ps.status.Text, play.SignedChange(gain)) {
		t.Fatalf("after the mate: %v %q (change %d, rated %v)", ps.run.State(), ps.status.Text, gain, rated)
	}
	test.Tap(ps.nextBtn)
	next := shown[*puzzleScreen](t, w)
	if next == ps || next.run.Puzzle().ID == p.ID {
		t.Fatal("Next did not open another puzzle")
	}
	w.screens.pop()
	if shown[*puzzleListScreen](t, w) != ls || !hasMark(ls, 0, present.MarkSolved) || !strings.Contains(listRow(ls, 0), p.ID) {
		t.Fatalf("row 0 after the solve: %q", listRow(ls, 0))
	}
	solvedRating := ls.trainer.Progress().Player.Rating
	if solvedRating <= startRating || ls.player.Text == playerLine {
		t.Fatalf("rating %v -> %v, line %q", startRating, solvedRating, ls.player.Text)
	}

	// 2. Failed: a move other than the mate; the engine's reply is played and named.
	ps = openRow(t, w, ls, 1)
	p = ps.run.Puzzle()
	pos, _ := p.Position()
	wrong := rules.NoMove
	for _, m := range pos.LegalMoves() {
		pos.MakeMove(m)
		if m != p.Moves[0] && !pos.IsMate() {
			wrong = m
		}
		pos.UnmakeMove()
	}
	tapBoardMove(t, ps, wrong)
	q.WaitFor(t, time.Minute, "the refutation", func() bool { return !ps.run.Thinking() })
	from, line := ps.run.Refutation()
	if ps.run.State() != play.RunFailed || len(line) == 0 || ps.board.View().LastMove != line[0] ||
		!strings.Contains(ps.status.Text, game.FormatMove(from, line[0], w.Session().Settings().Notation)) {
		t.Fatalf("after the wrong move %v: %v, line %v, status %q", wrong, ps.run.State(), line, ps.status.Text)
	}
	if loss, _ := ps.run.RatingChange(); loss >= 0 || !strings.Contains(ps.status.Text, play.SignedChange(loss)) {
		t.Fatalf("the failure's change %d not in %q", loss, ps.status.Text)
	}
	test.Tap(ps.retryBtn)
	if ps.run.State() != play.RunSolving || ps.board.View().LastMove != rules.NoMove {
		t.Fatal("Try again did not start over")
	}
	w.screens.pop()
	if !hasMark(ls, 1, present.MarkFailed) || ls.trainer.Progress().Player.Rating >= solvedRating {
		t.Fatalf("row 1 after the failure: %q", listRow(ls, 1))
	}

	// 3. Both hints: the piece is ringed, then the move shown; the solve counts as failed.
	ps = openRow(t, w, ls, 2)
	p = ps.run.Puzzle()
	test.Tap(ps.hintBtn)
	if ps.board.View().Selected != p.Moves[0].From() || ps.board.View().Hint != rules.NoMove {
		t.Fatal("the first hint does not ring the piece")
	}
	test.Tap(ps.hintBtn)
	if ps.board.View().Hint != p.Moves[0] || !ps.hintBtn.Disabled() {
		t.Fatal("the second hint does not show the move")
	}
	tapBoardMove(t, ps, p.Moves[0])
	if hinted, _ := ps.run.RatingChange(); !strings.HasPrefix(ps.status.Text, tr("puzzle.solvedWithHints")) ||
		!strings.Contains(ps.status.Text, play.SignedChange(hinted)) || hinted >= 0 {
		t.Fatalf("status %q, change %d", ps.status.Text, hinted)
	}
	w.screens.pop()
	if !hasMark(ls, 2, present.MarkFailed) || len(ls.trainer.Progress().History) != 3 || !ls.chart.Visible() {
		t.Fatalf("row 2 after the hints: %q, history %v", listRow(ls, 2), ls.trainer.Progress().History)
	}

	// The filter: unsolved only leaves out the one solved.
	before := len(ls.shown)
	test.Tap(ls.unsolved)
	if len(ls.shown) != before-1 || ls.trainer.Progress().Results[ls.trainer.All()[ls.shown[0]].ID].Solved {
		t.Fatalf("unsolved only: %d of %d", len(ls.shown), before)
	}

	// A new window on the same folder, the first never closed.
	w2, _ := openPuzzleWindow(t, dir)
	ls2 := openPuzzleList(t, w2)
	if ls2.trainer.Progress().Player != ls.trainer.Progress().Player || ls2.player.Text != ls.player.Text {
		t.Fatalf("restored %q, want %q", ls2.player.Text, ls.player.Text)
	}
	choose(t, ls2, "source", present.CollectionName(trData, puzzle.CollectionMined))
	choose(t, ls2, "theme", present.ThemeName(trData, "mate1"))
	for row, mark := range []present.PuzzleMark{present.MarkSolved, present.MarkFailed, present.MarkFailed} {
		if !hasMark(ls2, row, mark) {
			t.Errorf("restored row %d: %q", row, listRow(ls2, row))
		}
	}
}

// The level and source filters keep to their choices, and the daily puzzle is the
// date's.
func TestPuzzleFiltersAndDaily(t *testing.T) {
	w, _ := openPuzzleWindow(t, t.TempDir())
	ls := openPuzzleList(t, w)
	bands := puzzle.RatingBands()
	choose(t, ls, "level", present.BandName(trData, 4, bands[4]))
	for _, i := range ls.shown {
		if r := ls.trainer.All()[i].Rating; r < 2200 {
			t.Fatalf("an expert list holds a puzzle of %d", r)
		}
	}
	choose(t, ls, "source", "适情雅趣")
	for _, i := range ls.shown {
		if p := ls.trainer.All()[i]; !strings.HasPrefix(p.Source, "适情雅趣") || p.Rating < 2200 {
			t.Fatalf("listed %s (%s, %d)", p.ID, p.Source, p.Rating)
		}
	}
	choose(t, ls, "level", tr("puzzles.allLevels"))
	choose(t, ls, "source", tr("puzzles.allSources"))
	test.Tap(ls.daily)
	ps := shown[*puzzleScreen](t, w)
	want, _ := puzzle.Daily(ls.trainer.All(), w.now())
	if ps.run.Puzzle().ID != want.ID {
		t.Fatalf("daily %s, want %s", ps.run.Puzzle().ID, want.ID)
	}
}

// Endgame training: the engine answers on the board; "Open in analysis" and "Open in
// editor" take the puzzle's position there.
func TestEndgameTrainingAnalysisAndEditor(t *testing.T) {
	w, q := openPuzzleWindow(t, t.TempDir())
	ls := openPuzzleList(t, w)
	choose(t, ls, "source", present.CollectionName(trData, puzzle.CollectionEndgames))
	ps := openRow(t, w, ls, 0)
	p := ps.run.Puzzle()
	if p.Kind != puzzle.KindEndgame || !ps.hintBtn.Disabled() || ps.status.Text != ps.say(ps.run.Status()) {
		t.Fatalf("endgame %s: status %q", p.ID, ps.status.Text)
	}
	pos, _ := p.Position()
	first := pos.LegalMoves()[0]
	tapBoardMove(t, ps, first)
	q.WaitFor(t, time.Minute, "the engine's reply", func() bool { return !ps.run.Thinking() })
	if last := ps.board.View().LastMove; last == first || last == rules.NoMove || ps.run.Position().Side() != pos.Side() {
		t.Fatalf("the engine did not answer: last %v", last)
	}

	test.Tap(ps.analyseBtn)
	if w.Fyne().Content() != w.game.content || !w.Session().Analysis().On() || w.Session().Game().Ply() != 0 ||
		w.Session().Game().StartFEN() != p.FEN || w.Session().Game().Len() != len(p.Moves) {
		t.Fatalf("analysis of %s: start %q, ply %d of %d", p.ID, w.Session().Game().StartFEN(), w.Session().Game().Ply(), w.Session().Game().Len())
	}
	w.Session().Analysis().Set(false)
	ls = openPuzzleList(t, w)
	ps = openRow(t, w, ls, 0)
	test.Tap(ps.editBtn)
	es := shown[*editorScreen](t, w)
	if want := ps.run.Puzzle().FEN; es.ed.FEN() != want {
		t.Fatalf("editor on %q, want %q", es.ed.FEN(), want)
	}
}

// The list opens on the puzzles nearest the player's rating, not on the first book's mate
// in 15, and the theme filter lists the mates by length first, then the stalemate win.
func TestPuzzleListOpensNearThePlayer(t *testing.T) {
	w, _ := openPuzzleWindow(t, t.TempDir())
	ls := openPuzzleList(t, w)
	all, pr := ls.trainer.All(), ls.trainer.Progress()
	gap := func(row int) float64 {
		d := pr.PuzzleRating(&all[ls.shown[row]]).Rating - pr.Player.Rating
		return max(d, -d)
	}
	if len(ls.shown) < 100 || gap(0) > 50 || gap(0) > gap(len(ls.shown)-1) {
		t.Fatalf("the list opens on %q, %.0f from the player's %.0f", listRow(ls, 0), gap(0), pr.Player.Rating)
	}
	opts := ls.theme.Options
	if len(opts) < 4 || opts[1] != present.ThemeName(trData, "mate1") || opts[2] != present.ThemeName(trData, "mate2") ||
		!slices.Contains(opts, present.ThemeName(trData, puzzle.ThemeStalemate)) {
		t.Fatalf("theme options %q", opts)
	}
	// A chosen book keeps its order.
	choose(t, ls, "source", "适情雅趣")
	if !strings.Contains(listRow(ls, 0), "适情雅趣 1 ") {
		t.Fatalf("适情雅趣 opens on %q", listRow(ls, 0))
	}
}
