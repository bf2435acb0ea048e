package gui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
)

func TestTapsSelectReselectRejectAndMove(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 1)
	b := w.Board()

	tapPoint(t, b, "h2")
	v := b.View()
	if v.Selected != sq(t, "h2") {
		t.Fatalf("selected %v after tapping the cannon, want h2", v.Selected)
	}
	if !containsSquare(v.Targets, sq(t, "e2")) || !containsSquare(v.Targets, sq(t, "h9")) {
		t.Fatalf("targets of the h2 cannon %v lack e2 or the capture h9", v.Targets)
	}

	tapPoint(t, b, "b2")
	if got := b.View().Selected; got != sq(t, "b2") {
		t.Fatalf("tapping another own piece selected %v, want b2", got)
	}

	tapPoint(t, b, "c5") // a cannon cannot go there
	v = b.View()
	if v.Selected != sq(t, "b2") || v.Rejected != sq(t, "c5") {
		t.Fatalf("illegal target: selected %v rejected %v, want b2 kept and c5 flashed", v.Selected, v.Rejected)
	}
	if w.Session().Game().Ply() != 0 {
		t.Fatal("an illegal tap made a move")
	}

	tapPoint(t, b, "h2")
	tapPoint(t, b, "e2")
	v = b.View()
	if w.Session().Game().Ply() != 1 || v.LastMove != mv(t, "h2e2") {
		t.Fatalf("legal move not made: ply %d last %v", w.Session().Game().Ply(), v.LastMove)
	}
	if v.PieceAt(sq(t, "e2")) != rules.MakePiece(rules.Red, rules.Cannon) || v.PieceAt(sq(t, "h2")) != rules.NoPiece {
		t.Fatal("the board does not show the cannon on e2")
	}
	if v.Selected != rules.NoSquare || len(v.Targets) != 0 {
		t.Fatal("selection kept after the move")
	}

	// Black's turn now: a red piece cannot be selected.
	tapPoint(t, b, "b2")
	if b.View().Selected != rules.NoSquare {
		t.Fatal("selected a piece of the side not to move")
	}
	if rows := w.game.moves.texts(); len(rows) != 1 || rows[0] == "" {
		t.Fatalf("move list %q, want one row", rows)
	}
}

func TestTapBetweenPointsIsIgnored(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 1)
	b := w.Board()
	a, c := b.PointPosition(sq(t, "h2")), b.PointPosition(sq(t, "i1"))
	test.TapAt(b, fyne.NewPos((a.X+c.X)/2, (a.Y+c.Y)/2)) // the middle of a cell
	if b.View().Selected != rules.NoSquare {
		t.Fatal("a tap between points selected something")
	}
}

func containsSquare(list []rules.Square, s rules.Square) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestEngineRepliesAndIsDrawn(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanRed, play.MinSeconds)
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	s := w.Session()
	if !s.Engine().Thinking() {
		t.Fatal("the engine did not start thinking after the player's move")
	}
	if !w.game.hintBtn.Disabled() || !w.game.thinking.Visible() {
		t.Fatal("while the engine thinks, hint must be disabled and the thinking bar shown")
	}
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 2 })
	reply := s.Game().LastMove()
	v := w.Board().View()
	if v.LastMove != reply || s.Engine().Thinking() || w.game.thinking.Visible() {
		t.Fatalf("board shows last move %v, game has %v (thinking %v)", v.LastMove, reply, s.Engine().Thinking())
	}
	pos := s.Game().Position()
	if v.PieceAt(reply.To()) != pos.At(reply.To()) || v.PieceAt(reply.To()) == rules.NoPiece {
		t.Fatal("the engine's piece is not drawn on its destination")
	}
	if pos.Side() != rules.Red {
		t.Fatal("not Red's turn after the engine's reply")
	}
}

func TestEngineMovesFirstWhenHumanIsBlack(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBlack, play.MinSeconds)
	if !w.Board().View().Flipped {
		t.Fatal("board not drawn from Black's side")
	}
	s := w.Session()
	q.WaitFor(t, 10*time.Second, "the engine's first move", func() bool { return s.Game().Ply() == 1 })
	if s.Game().SideToMove() != rules.Black || s.Engine().Thinking() {
		t.Fatal("after the engine's first move it should be Black's (the player's) turn")
	}
}

func TestUndoRedoFlipAgainstEngine(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanRed, play.MinSeconds)
	s := w.Session()
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	q.WaitFor(t, 10*time.Second, "reply", func() bool { return s.Game().Ply() == 2 })
	reply := s.Game().LastMove()

	test.Tap(w.game.undoBtn)
	if s.Game().Ply() != 0 || w.Board().View().PieceAt(sq(t, "h2")) == rules.NoPiece {
		t.Fatalf("undo should take back the reply and the player's move; ply %d", s.Game().Ply())
	}
	if s.Engine().Thinking() || w.game.undoBtn.Disabled() == false {
		t.Fatal("after undo to the start the engine must not think and undo must be disabled")
	}
	test.Tap(w.game.redoBtn)
	if s.Game().Ply() != 2 || s.Game().LastMove() != reply {
		t.Fatalf("redo should replay both moves; ply %d", s.Game().Ply())
	}
	if s.Engine().Thinking() {
		t.Fatal("engine thinks although it is the player's turn")
	}

	flipped := w.Board().View().Flipped
	test.Tap(w.game.flipBtn)
	if w.Board().View().Flipped == flipped {
		t.Fatal("flip did not turn the board")
	}
	// After a flip, taps still reach the right points.
	tapPoint(t, w.Board(), "b2")
	if w.Board().View().Selected != sq(t, "b2") {
		t.Fatal("tap on the flipped board selected the wrong point")
	}
}

func TestUndoWhileThinkingCancelsAndDropsResult(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanRed, 60)
	s := w.Session()
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	if !s.Engine().Thinking() {
		t.Fatal("engine not thinking")
	}
	s.Takeback().Undo()
	if s.Engine().Thinking() || s.Game().Ply() != 0 {
		t.Fatalf("undo while thinking: thinking %v ply %d", s.Engine().Thinking(), s.Game().Ply())
	}
	waitSearchEnd(t, s)
	q.Drain()
	if s.Game().Ply() != 0 {
		t.Fatal("the cancelled search's move was applied")
	}
}

// waitSearchEnd waits for the search goroutine; a search that ignores cancellation would
// run for its full 60 s limit and fail here.
func waitSearchEnd(t *testing.T, s *play.Session) {
	t.Helper()
	done := make(chan struct{})
	go func() { s.Engine().Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the cancelled search kept running")
	}
}

func TestNewGameCancelsRunningSearch(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBlack, 60) // the engine starts a long search at once
	s := w.Session()
	if !s.Engine().Thinking() {
		t.Fatal("engine not thinking as Red")
	}
	test.Tap(w.game.newBtn) // the dialog opens; start the game through the session as its OK does
	newGame(t, w, game.HumanRed, 1)
	if s.Engine().Thinking() {
		t.Fatal("still thinking after new game as Red")
	}
	waitSearchEnd(t, s)
	q.Drain()
	if s.Game().Ply() != 0 {
		t.Fatalf("stale search result applied to the new game: ply %d", s.Game().Ply())
	}
	if w.Board().View().Flipped {
		t.Fatal("board still drawn from Black's side")
	}
}

func TestHintShowsEngineMove(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, play.MinSeconds)
	test.Tap(w.game.hintBtn)
	s := w.Session()
	q.WaitFor(t, 10*time.Second, "hint", func() bool { return w.Board().View().Hint != rules.NoMove })
	h := w.Board().View().Hint
	if !s.Game().Position().IsLegal(h) {
		t.Fatalf("hint %v is not legal", h)
	}
	if s.Game().Ply() != 0 {
		t.Fatal("a hint played a move")
	}
}

func TestGameOverIsReported(t *testing.T) {
	// Ra9 mates: the pawn on e7 guards e8, the rooks cover d9 and f9.
	w, _ := openTwoPlayerGame(t, "4k4/9/4P4/9/9/9/9/9/3R5/R3K4 w - - 0 1")
	tapPoint(t, w.Board(), "a0")
	tapPoint(t, w.Board(), "a9")
	got := w.Session().Game().Result()
	if got.Reason != game.ReasonCheckmate || got.Winner != rules.Red {
		t.Fatalf("result %+v, want Red wins by checkmate", got)
	}
	if w.Board().View().Check != sq(t, "e9") {
		t.Fatal("the mated king is not marked as in check")
	}
	// The game-over dialog names the result and its reason.
	find(t, w, func(l *widget.Label) bool { return l.Text == w.say(got.Message()) })
	if st := w.game.status.Text; st != tr("status.gameOver", map[string]any{"Result": w.say(got.Message())}) {
		t.Fatalf("status %q does not announce the result", st)
	}
	tapPoint(t, w.Board(), "e0")
	if w.Board().View().Selected != rules.NoSquare {
		t.Fatal("a piece could be selected after the game ended")
	}
}

func TestEngineUsesBundledBook(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	set := w.Session().Settings()
	set.Human, set.Seconds, set.Random, set.Book = game.HumanBlack, play.MinSeconds, false, true
	if err := w.Session().NewGame(set); err != nil {
		t.Fatal(err)
	}
	s := w.Session()
	q.WaitFor(t, 10*time.Second, "the engine's first move", func() bool { return s.Game().Ply() == 1 })
	if !s.Engine().FromBook() {
		t.Fatal("with the book on, the engine's first move did not come from the book")
	}
	book, err := book.LoadBook(resources.Book())
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, bm := range book.Moves(rules.NewPosition()) {
		found = found || bm.Move == s.Game().LastMove()
	}
	if !found {
		t.Fatalf("first move %v is not a book move", s.Game().LastMove())
	}
}

func TestMoveDuringHintDropsStaleHint(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 3)
	s := w.Session()
	s.Engine().AskHint()
	if !s.Engine().Hinting() {
		t.Fatal("hint search not started")
	}
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	if s.Engine().Hinting() {
		t.Fatal("the hint search kept running after a move")
	}
	waitSearchEnd(t, s)
	q.Drain()
	if w.Board().View().Hint != rules.NoMove {
		t.Fatal("a hint for the previous position was shown")
	}
}

func TestKeyboardShortcutsUndoRedo(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 1)
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	c := w.Fyne().Canvas()
	c.(interface{ TypedShortcut(fyne.Shortcut) }).TypedShortcut(&fyne.ShortcutUndo{})
	if w.Session().Game().Ply() != 0 {
		t.Fatal("Ctrl+Z did not undo")
	}
	c.(interface{ TypedShortcut(fyne.Shortcut) }).TypedShortcut(&fyne.ShortcutRedo{})
	if w.Session().Game().Ply() != 1 {
		t.Fatal("Ctrl+Y did not redo")
	}
}

// An illegal tap on the board says why in the status line.
func TestIllegalTapReasonInStatus(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 1)
	tapPoint(t, w.Board(), "b0")
	tapPoint(t, w.Board(), "d1")
	if !strings.Contains(w.game.status.Text, w.say(game.HorseLegBlocked.Message())) {
		t.Fatalf("status %q does not say the horse's leg is blocked", w.game.status.Text)
	}
}

// A move that loses by perpetual chase is played only after the arbiter's warning is
// confirmed; the lost game then says who lost and why and rings the pieces involved.
func TestRepetitionWarningAndVerdict(t *testing.T) {
	w, _ := openTwoPlayerGame(t, "5k3/9/1c7/9/R8/9/9/9/9/3K5 w - - 0 1",
		"a5b5", "b7a7", "b5a5", "a7b7", "a5b5", "b7a7")
	s := w.Session()
	tapPoint(t, w.Board(), "b5")
	tapPoint(t, w.Board(), "a5")
	if s.Game().Ply() != 6 || !strings.Contains(overlayText(w), tr("repetition.title")) {
		t.Fatalf("no warning before the losing move: ply %d, dialogs %q", s.Game().Ply(), overlayText(w))
	}
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.playAnyway") }))
	tapPoint(t, w.Board(), "a7")
	tapPoint(t, w.Board(), "b7")
	why, ok := s.Game().RepetitionVerdict()
	if !ok || why.Loser != rules.Red {
		t.Fatalf("verdict %+v %v", why, ok)
	}
	if !strings.Contains(w.game.status.Text, w.say(why.Message())) {
		t.Fatalf("status %q does not explain %q", w.game.status.Text, w.say(why.Message()))
	}
	v := w.Board().View()
	if !slices.Equal(v.Culprits, []rules.Square{sq(t, "a5")}) || v.Victim != sq(t, "b7") {
		t.Fatalf("board rings %v and %v, want the rook a5 and the cannon b7", v.Culprits, v.Victim)
	}
	// The whole verdict is read in the status area of a small desktop window: its wrapped
	// lines are not cut off.
	for _, size := range []fyne.Size{fyne.NewSize(900, 680), fyne.NewSize(640, 480), fyne.NewSize(360, 640), fyne.NewSize(320, 568)} {
		w.Fyne().Resize(size)
		slot := w.game.turned.slot()
		lines := wrappedLines(w.game.status.Text, slot.Size().Width-2*theme.InnerPadding())
		// Measured in the status's box: snug in portrait.
		need := container.New(w.game.content.Layout.(*mainLayout).statusSnug, widget.NewLabel(strings.Repeat("\n", lines-1))).MinSize().Height
		if need > slot.Size().Height+0.5 {
			t.Errorf("%v: the verdict wraps to %d lines, %.0f high, in a status area of %.0f: %q", size, lines, need, slot.Size().Height, w.game.status.Text)
		}
	}
}

// wrappedLines is how many lines text takes in body text wrapped at word boundaries to
// width.
func wrappedLines(text string, width float32) int {
	lines, line := 1, ""
	for _, word := range strings.Fields(text) {
		next := strings.TrimSpace(line + " " + word)
		if line != "" && fyne.MeasureText(next, theme.TextSize(), fyne.TextStyle{}).Width > width {
			lines++
			next = word
		}
		line = next
	}
	return lines
}

// Resign asks first, then ends the game; between two players a draw offer is put to the
// other player.
func TestResignAndDrawButtons(t *testing.T) {
	w, _ := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanBoth, 1)
	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	test.Tap(w.game.drawBtn)
	if !strings.Contains(overlayText(w), tr("draw.offer", map[string]any{"Side": sideName(rules.Black)})) {
		t.Fatalf("no draw offer shown; dialogs say %q", overlayText(w))
	}
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == lang.L("No") }))
	if w.Session().Game().Result().Decided() {
		t.Fatal("a declined offer ended the game")
	}
	test.Tap(w.game.resignBtn)
	test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == lang.L("Yes") }))
	r := w.Session().Game().Result()
	if r.Reason != game.ReasonResignation || r.Winner != rules.Red || !w.game.resignBtn.Disabled() || !w.game.drawBtn.Disabled() {
		t.Fatalf("after resigning: %+v, resign enabled %v", r, !w.game.resignBtn.Disabled())
	}
}
