package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// tapMoveRow taps move i in the move list: the cell of its line that shows it.
func tapMoveRow(t *testing.T, w *Window, i int) {
	t.Helper()
	w.game.moveList.ScrollTo(w.game.moves.lineOf[i])
	for _, o := range test.LaidOutObjects(w.game.moveList) {
		if c, ok := o.(*moveCell); ok && c.move == i && c.Visible() {
			test.Tap(c)
			return
		}
	}
	t.Fatalf("move %d (%q) is not drawn", i, w.game.moves.rows[i].text)
}

func playTaps(t *testing.T, w *Window, moves ...string) {
	t.Helper()
	for _, m := range moves {
		tapPoint(t, w.Board(), m[:2])
		tapPoint(t, w.Board(), m[2:])
	}
}

func typeKey(w *Window, key fyne.KeyName) {
	w.Fyne().Canvas().OnTypedKey()(&fyne.KeyEvent{Name: key})
}

// Tapping a move row shows the position after that move; the buttons and the arrow keys
// move through the line.
func TestMoveRowsButtonsAndKeysNavigate(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 1)
	playTaps(t, w, "h2e2", "h9g7", "h0g2", "i9h9")
	s := w.Session()
	if len(w.game.moves.rows) != 4 || w.game.moves.current != 3 {
		t.Fatalf("rows %q, current %d", w.game.moves.texts(), w.game.moves.current)
	}
	tapMoveRow(t, w, 1)
	v := w.Board().View()
	if s.Game().Ply() != 2 || v.LastMove != mv(t, "h9g7") || v.PieceAt(sq(t, "g7")) != rules.MakePiece(rules.Black, rules.Knight) ||
		v.PieceAt(sq(t, "g2")) != rules.NoPiece {
		t.Fatalf("row 2 shows ply %d, last move %v", s.Game().Ply(), v.LastMove)
	}
	if w.game.nav.forward.Disabled() || w.game.nav.back.Disabled() {
		t.Fatal("back and forward should both be possible in the middle")
	}
	test.Tap(w.game.nav.first)
	if s.Game().Ply() != 0 || !w.game.nav.back.Disabled() || w.game.moves.current != -1 {
		t.Fatalf("first: ply %d", s.Game().Ply())
	}
	typeKey(w, fyne.KeyRight)
	typeKey(w, fyne.KeyRight)
	typeKey(w, fyne.KeyRight)
	if s.Game().Ply() != 3 {
		t.Fatalf("three times Right: ply %d", s.Game().Ply())
	}
	typeKey(w, fyne.KeyLeft)
	if s.Game().Ply() != 2 || w.Board().View().LastMove != mv(t, "h9g7") {
		t.Fatalf("Left: ply %d", s.Game().Ply())
	}
	typeKey(w, fyne.KeyEnd)
	if s.Game().Ply() != 4 || !w.game.nav.last.Disabled() {
		t.Fatalf("End: ply %d", s.Game().Ply())
	}
	typeKey(w, fyne.KeyHome)
	test.Tap(w.game.nav.last)
	test.Tap(w.game.nav.back)
	if s.Game().Ply() != 3 {
		t.Fatalf("Home, last, back: ply %d", s.Game().Ply())
	}
}

// A new move from an earlier position creates a variation, listed indented after the
// move it replaces; promote makes it the main line and delete removes it.
func TestNewMoveFromEarlierPlyCreatesVariation(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 1)
	playTaps(t, w, "h2e2", "h9g7", "h0g2", "i9h9")
	s := w.Session()
	tapMoveRow(t, w, 1)
	playTaps(t, w, "b0c2")
	rows := w.game.moves.texts()
	if len(rows) != 5 || w.game.moves.current != 3 || !strings.HasPrefix(rows[3], "(") || strings.HasPrefix(rows[2], " ") ||
		!strings.HasPrefix(rows[4], "2...") {
		t.Fatalf("rows after the variation %q, current %d", rows, w.game.moves.current)
	}
	if w.game.nav.promote.Disabled() {
		t.Fatal("promote disabled on a variation")
	}
	test.Tap(w.game.nav.promote)
	if main := s.Record().MainLineMoves(); len(main) != 3 || main[2] != mv(t, "b0c2") {
		t.Fatalf("main line after promote: %v", main)
	}
	if rows := w.game.moves.texts(); strings.HasPrefix(rows[2], "(") || !strings.HasPrefix(rows[3], "(") {
		t.Fatalf("rows after promote %q", rows)
	}
	test.Tap(w.game.nav.remove)
	if len(w.game.moves.rows) != 4 || s.Game().Ply() != 2 {
		t.Fatalf("after delete: rows %q, ply %d", w.game.moves.texts(), s.Game().Ply())
	}
}

// The row of the position shown stays in view when the list's height changes: the
// window resized, the analysis panel shown above the list.
func TestMoveListKeepsCurrentRowInView(t *testing.T) {
	g := longGame(t, 40)
	dir := t.TempDir()
	store, err := play.NewDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	set := play.DefaultSettings(play.English)
	set.Human = game.HumanBoth
	if err := store.Save(g, set); err != nil {
		t.Fatal(err)
	}
	w, q := openWindow(t, dir)
	// ScrollTo leaves the offset alone when the row is already in view.
	visible := func(what string) {
		t.Helper()
		before := w.game.moveList.GetScrollOffset()
		w.game.moveList.ScrollTo(w.game.moves.currentLine())
		if after := w.game.moveList.GetScrollOffset(); w.game.moves.current != 39 || after != before {
			t.Fatalf("%s: row %d was not in view (offset %v, %v with the row in view)", what, w.game.moves.current, before, after)
		}
	}
	w.Fyne().Resize(fyne.NewSize(400, 720))
	visible("portrait")
	w.Fyne().Resize(fyne.NewSize(900, 680))
	visible("landscape")
	test.Tap(w.game.nav.analyse)
	visible("analysis shown")
	test.Tap(w.game.nav.analyse)
	q.Drain()
}

// The main line is listed in numbered pairs, and a phone shows at least six moves of it
// under the board.
func TestMoveListShowsPairs(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 1)
	playTaps(t, w, "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "b7b3")
	lines := w.game.moves.lineTexts()
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "1. ") || strings.Count(lines[0], " ") != 2 || !strings.HasPrefix(lines[3], "4. ") {
		t.Fatalf("move list lines %q, want four numbered pairs", lines)
	}
	for _, size := range []fyne.Size{{Width: 390, Height: 844}, {Width: 412, Height: 915}} {
		w.Fyne().Resize(size)
		line := w.game.content.Layout.(*mainLayout).moveRow.MinSize().Height
		if shown := 2 * int(w.game.moveList.Size().Height/line); shown < 6 {
			t.Errorf("%v: the move list shows %d moves, want at least 6", size, shown)
		}
	}
}

// Issue 35 item 7: deleting the engine's mating move in a finished game leaves the engine
// to move and waiting; the status says so and how play goes on, and Undo carries on.
func TestDeleteInAFinishedGameSaysHowPlayGoesOn(t *testing.T) {
	dir := t.TempDir()
	g, err := game.New("4k4/9/9/2p3p2/9/9/2P3P2/9/R8/1R1K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"c3c4", "c6c5", "a1a7", "g6g5", "b0b8", "e9f9", "a7a9"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	store, _ := play.NewDirStore(dir)
	set := play.DefaultSettings(play.English)
	set.Human, set.Seconds, set.Random, set.Book = game.HumanBlack, 0.05, false, false
	if err := store.Save(g, set); err != nil {
		t.Fatal(err)
	}
	w, q := openWindow(t, dir)
	s := w.Session()
	if !s.Game().Result().Decided() {
		t.Fatal("the game is not over")
	}
	test.Tap(w.game.nav.remove)
	q.Drain()
	s.Engine().Wait()
	q.Drain()
	if s.Game().Ply() != 6 || s.Engine().Thinking() {
		t.Fatalf("after the delete: ply %d, thinking %v", s.Game().Ply(), s.Engine().Thinking())
	}
	if got := w.game.status.Text; !strings.Contains(got, tr("status.engineWaits")) {
		t.Errorf("the status reads %q: it does not say how play goes on", got)
	}
	test.Tap(w.game.undoBtn)
	q.Drain()
	if got := w.game.status.Text; strings.Contains(got, tr("status.engineWaits")) || !s.HumanToMove() {
		t.Errorf("after Undo the status reads %q, human to move %v", got, s.HumanToMove())
	}
}
