package gui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/board"
	"github.com/xqfyne/xiangqi/play/online"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/rules"
)

// playOnline plays from-to by tapping s's board and waits until both apps show it.
func playOnline(t *testing.T, s *onlineScreen, from, to string, apps ...struct {
	q *playtest.UIQueue
	s *onlineScreen
}) {
	t.Helper()
	piece := s.board.View().PieceAt(sq(t, from))
	tapPoint(t, s.board, from)
	tapPoint(t, s.board, to)
	for _, a := range apps {
		a.q.WaitFor(t, 15*time.Second, "the move "+from+to, func() bool {
			return a.s.browse >= 0 || a.s.board.View().PieceAt(sq(t, to)) == piece
		})
	}
}

// moveCellOf is the drawn cell of move i in s's move list.
func moveCellOf(t *testing.T, s *onlineScreen, i int) *moveCell {
	t.Helper()
	for _, o := range test.LaidOutObjects(s.moveList) {
		if c, ok := o.(*moveCell); ok && c.move == i && c.Visible() {
			return c
		}
	}
	t.Fatalf("move %d is not drawn", i)
	return nil
}

// An online game is played on the game screen's layout and parts: moves made by tapping
// the board fill the move list in numbered pairs; the navigation buttons and the move
// list browse earlier positions while the game goes on (the opponent's move meanwhile
// leaves the position browsed in view), Last position or a tap on the board returns to
// the game, where moves are made; Flip turns the board for this player alone.
func TestOnlineMoveListNavigationAndFlip(t *testing.T) {
	server := startServer(t)
	redWin, _, redQ, blackQ, red, black := openGame(t, server)
	if _, ok := red.play.Layout.(*mainLayout); !ok {
		t.Fatalf("the online game is laid out by %T, not the game screen's layout", red.play.Layout)
	}
	both := []struct {
		q *playtest.UIQueue
		s *onlineScreen
	}{{redQ, red}, {blackQ, black}}
	playOnline(t, red, "h2", "e2", both...)
	playOnline(t, black, "h9", "g7", both...)
	playOnline(t, red, "h0", "g2", both...)
	for _, s := range []*onlineScreen{red, black} {
		lines := s.moves.lineTexts()
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "1.") || len(strings.Fields(lines[0])) != 3 ||
			!strings.HasPrefix(lines[1], "2.") || len(strings.Fields(lines[1])) != 2 || s.moves.current != 2 {
			t.Fatalf("move list lines %q, current %d", lines, s.moves.current)
		}
	}
	horse := rules.MakePiece(rules.Red, rules.Knight)
	test.Tap(red.nav.back)
	if v := red.board.View(); v.PieceAt(sq(t, "h0")) != horse || v.Pickable || red.moves.current != 1 ||
		!strings.Contains(red.gameStatus.Text, "Shown: after 1... ") || red.nav.forward.Disabled() {
		t.Fatalf("back: horse on h0 %v, pickable %v, current %d, status %q", v.PieceAt(sq(t, "h0")) == horse,
			v.Pickable, red.moves.current, red.gameStatus.Text)
	}
	// The opponent moves while Red browses: the position browsed stays, the list grows.
	playOnline(t, black, "i9", "h9", both...)
	redQ.WaitFor(t, 15*time.Second, "black's move in red's list", func() bool { return len(red.moves.rows) == 4 })
	if v := red.board.View(); v.PieceAt(sq(t, "h0")) != horse || red.moves.current != 1 || red.nav.last.Disabled() {
		t.Errorf("after black's move: horse on h0 %v, current %d", v.PieceAt(sq(t, "h0")) == horse, red.moves.current)
	}
	// A tap on the board goes back to the game.
	tapPoint(t, red.board, "e2")
	rook := rules.MakePiece(rules.Black, rules.Rook)
	if v := red.board.View(); v.PieceAt(sq(t, "h9")) != rook || !v.Pickable || v.Selected != rules.NoSquare ||
		strings.Contains(red.gameStatus.Text, "shown") || !red.nav.last.Disabled() {
		t.Errorf("the tap did not return to the game: pickable %v, selected %v, status %q", v.Pickable, v.Selected, red.gameStatus.Text)
	}
	test.Tap(red.nav.first)
	cannon := rules.MakePiece(rules.Red, rules.Cannon)
	if v := red.board.View(); v.PieceAt(sq(t, "h2")) != cannon || v.LastMove != rules.NoMove || !red.nav.back.Disabled() || red.moves.current != -1 ||
		!strings.Contains(red.gameStatus.Text, "Shown: the start") {
		t.Errorf("first: the start position is not shown (current %d)", red.moves.current)
	}
	test.Tap(moveCellOf(t, red, 1)) // black's first move
	if v := red.board.View(); red.moves.current != 1 || v.PieceAt(sq(t, "g7")) != rules.MakePiece(rules.Black, rules.Knight) || v.PieceAt(sq(t, "g2")) == horse {
		t.Errorf("the move list's tap shows move %d", red.moves.current)
	}
	key := redWin.Fyne().Canvas().OnTypedKey()
	key(&fyne.KeyEvent{Name: fyne.KeyRight}) // the keys browse the online game, not the session's
	if red.moves.current != 2 || redWin.Session().Game().Ply() != 0 {
		t.Errorf("Right: current %d, the session's game at ply %d", red.moves.current, redWin.Session().Game().Ply())
	}
	key(&fyne.KeyEvent{Name: fyne.KeyEnd})
	if !red.board.View().Pickable || red.moves.current != 3 {
		t.Errorf("End: pickable %v, current %d", red.board.View().Pickable, red.moves.current)
	}
	test.Tap(red.nav.first)
	test.Tap(red.nav.last)
	if !red.board.View().Pickable || red.moves.current != 3 {
		t.Errorf("last: pickable %v, current %d", red.board.View().Pickable, red.moves.current)
	}
	playOnline(t, red, "i0", "h0", both...) // moves are made again at the live position

	for _, s := range []*onlineScreen{red, black} {
		was := s.board.View().Flipped
		test.Tap(s.flip)
		if s.board.View().Flipped == was {
			t.Error("Flip did not turn the board")
		}
		test.Tap(s.icons[6]) // the same on the phone's icon row
		if s.board.View().Flipped != was {
			t.Error("the Flip icon did not turn the board back")
		}
	}
}

// The online game on a phone (the phone simulation's and real phones' sizes) and on the
// desktop: the board as wide as the phone allows, the players' clocks, the status, the
// icon row and at least six moves (three numbered pairs) of the move list in view and
// inside the window; on the desktop the labelled buttons beside the board instead.
func TestOnlineGameLayoutOnPhoneAndDesktop(t *testing.T) {
	server := startServer(t)
	redWin, _, redQ, blackQ, red, black := openGame(t, server)
	both := []struct {
		q *playtest.UIQueue
		s *onlineScreen
	}{{redQ, red}, {blackQ, black}}
	for i, m := range twelvePlies[:8] {
		s := red
		if i%2 == 1 {
			s = black
		}
		playOnline(t, s, m[:2], m[2:], both...)
	}
	test.Tap(red.nav.back) // the longest status of a game in play: the position browsed
	for _, size := range append([]fyne.Size{{Width: 1280, Height: 900}, {Width: 900, Height: 680}}, phoneSizes...) {
		redWin.Fyne().Resize(size)
		if need, got := red.gameStatus.MinSize().Height, red.gameStatus.Size().Height; need > got+0.5 {
			t.Errorf("%v: the status %q needs %.0f high, its slot is %.0f", size, red.gameStatus.Text, need, got)
		}
		portrait := !landscape(redWin.Fyne().Canvas().Size())
		for _, o := range []fyne.CanvasObject{red.board, red.clocks, red.gameStatus, red.moveList, red.nav.row} {
			if !drawnInside(redWin, o) {
				t.Errorf("%v: %T size %v is not wholly in the window", size, o, o.Size())
			}
		}
		_, captions := drawnAt(redWin, red.resign)
		_, icons := drawnAt(redWin, red.icons[0])
		if portrait && (!drawnInside(redWin, red.icons[7]) || captions) || !portrait && (!drawnInside(redWin, red.review) || icons) {
			t.Errorf("%v: the %s buttons are not the ones shown", size, map[bool]string{true: "icon", false: "labelled"}[portrait])
		}
		if w := drawnWidth(red); portrait && w < 0.75*size.Width || !portrait && w < 0.5*size.Height {
			t.Errorf("%v: the board is %v wide", size, w)
		}
		if list, _ := drawnAt(redWin, red.moveList); portrait && list.Y < red.board.Size().Height {
			t.Errorf("%v: the move list overlaps the board", size)
		}
		if moves, lines := visibleMovesIn(red.moveList); moves < 6 || lines < 3 {
			t.Errorf("%v: %d moves on %d lines in view", size, moves, lines)
		}
		if c := red.clocks.Text(rules.Red); !strings.Contains(c, "Guest ") || !strings.Contains(c, tr("rank.provisional")) {
			t.Errorf("%v: red's clock %q", size, c)
		}
	}
}

// drawnWidth is the width of s's board as drawn inside its widget.
func drawnWidth(s *onlineScreen) float32 {
	b := s.board
	return min(b.Size().Width, b.Size().Height*board.Aspect())
}

// drawnAt is where o is drawn in w's content, and whether it is drawn there at all (the
// test driver's absolute positions are those of the last window made).
func drawnAt(w *Window, o fyne.CanvasObject) (at fyne.Position, drawn bool) {
	walkAt(w.Fyne().Content(), fyne.Position{}, func(x fyne.CanvasObject, p fyne.Position) {
		if x == o {
			at, drawn = p, true
		}
	})
	return at, drawn
}

// drawnInside reports whether o is drawn with a non-empty area within w's content.
func drawnInside(w *Window, o fyne.CanvasObject) bool {
	at, drawn := drawnAt(w, o)
	win := w.Fyne().Canvas().Size()
	return drawn && o.Size().Width >= 1 && o.Size().Height >= 1 && at.X >= -0.5 && at.Y >= -0.5 &&
		at.X+o.Size().Width <= win.Width+0.5 && at.Y+o.Size().Height <= win.Height+0.5
}

// tapDialogButton taps the button captioned text in w's open dialog.
func tapDialogButton(t *testing.T, w *Window, text string) {
	t.Helper()
	for _, o := range test.LaidOutObjects(w.Fyne().Canvas().Overlays().Top()) {
		if b, ok := o.(*widget.Button); ok && b.Text == text && b.Visible() {
			test.Tap(b)
			return
		}
	}
	t.Fatalf("no %q in the dialog", text)
}

// Sign out from the lobby, by tapping: a guest is asked first (its account cannot be
// reached again), then the device forgets it; Sign in as a guest makes a new one.
func TestOnlineSignOut(t *testing.T) {
	server := startServer(t)
	w, q, s := openOnline(t, server)
	guest := w.online.Account().ID
	if s.signOut.Disabled() {
		t.Fatal("Sign out is off while signed in")
	}
	test.Tap(s.signOut)
	if w.online.State() != online.Connected {
		t.Fatal("signed out before the question was answered")
	}
	tapDialogButton(t, w, "Sign out")
	if w.online.State() != online.SignedOut || w.online.HasToken() || !s.signOut.Disabled() ||
		!strings.Contains(s.status.Text, "Not signed in") || s.signIn.Disabled() {
		t.Fatalf("after Sign out: state %v, token kept %v, status %q", w.online.State(), w.online.HasToken(), s.status.Text)
	}
	test.Tap(s.signIn)
	q.WaitFor(t, 15*time.Second, "the new guest", func() bool { return w.online.State() == online.Connected })
	if w.online.Account().ID == guest {
		t.Error("signed in to the forgotten guest account again")
	}
}

// Issue 51 item 8 online: when a game played ends, each player gets the result screen
// from its side ("You won", "You lost"), with Review and Lobby; it comes once.
func TestOnlineGameEndShowsResultScreen(t *testing.T) {
	server := startServer(t)
	red, black, redQ, blackQ, _, _ := openGame(t, server)
	black.online.Actions().Resign()
	for _, p := range []struct {
		w    *Window
		q    *playtest.UIQueue
		want string
	}{{red, redQ, tr("gameover.won")}, {black, blackQ, tr("gameover.lost")}} {
		p.q.WaitFor(t, 15*time.Second, "the result screen", func() bool { return resultHeadline(p.w) != "" })
		if h := resultHeadline(p.w); h != p.want {
			t.Errorf("the headline is %q, want %q", h, p.want)
		}
		if overlayButton(p.w, tr("online.lobby")) == nil || overlayButton(p.w, tr("gameover.review")) == nil {
			t.Errorf("the result screen lacks Lobby or Review: %q", overlayText(p.w))
		}
		closeDialogs(p.w)
		p.q.Drain()
		if s, ok := p.w.screens.top().(*onlineScreen); ok {
			s.redraw()
		}
		if resultHeadline(p.w) != "" {
			t.Error("the result screen came again")
		}
	}
}
