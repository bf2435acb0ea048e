package gui

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
)

// Issue 51 item 14: a move that gives check puts "Check!" (将军！) over the board, large,
// on the desktop and on a phone; the reply takes it down, and a move that gives no check
// shows none.
func TestCheckBannerAfterACheckingMove(t *testing.T) {
	for _, size := range []fyne.Size{fyne.NewSize(900, 680), fyne.NewSize(390, 844)} {
		w, _ := openTwoPlayerGame(t, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")
		w.Fyne().Resize(size)
		banner := w.game.check
		var fade *fyne.Animation
		banner.animate = func(a *fyne.Animation) { fade = a }
		if banner.shown() {
			t.Fatalf("%v: a banner before any move", size)
		}
		tapPoint(t, w.Board(), "a0")
		tapPoint(t, w.Board(), "a9") // the rook checks along the top rank
		if !banner.shown() || banner.text.Text != tr("status.check") {
			t.Fatalf("%v: after the check the banner is shown %v, reads %q", size, banner.shown(), banner.text.Text)
		}
		if banner.text.TextSize < 2*w.look.text {
			t.Errorf("%v: the banner's text is %.0f, not large", size, banner.text.TextSize)
		}
		b, at, board := banner.text, absolute(banner.text), w.Board()
		if bp := absolute(board); at.X < bp.X || at.Y < bp.Y || at.X+b.Size().Width > bp.X+board.Size().Width || at.Y+b.Size().Height > bp.Y+board.Size().Height {
			t.Errorf("%v: the banner at %v (%v) is not over the board at %v (%v)", size, at, b.Size(), bp, board.Size())
		}
		fade.Tick(0.5)
		if !banner.shown() || banner.text.Color.(color.NRGBA).A != 255 {
			t.Fatalf("%v: half way the banner is shown %v, colour %v", size, banner.shown(), banner.text.Color)
		}
		fade.Tick(0.9)
		if a := banner.text.Color.(color.NRGBA).A; !banner.shown() || a == 0 || a == 255 {
			t.Fatalf("%v: fading, the banner is shown %v at opacity %d", size, banner.shown(), a)
		}
		tapPoint(t, w.Board(), "d9")
		tapPoint(t, w.Board(), "d8") // the king steps out
		if banner.shown() {
			t.Fatalf("%v: the banner stayed after the reply", size)
		}
		tapPoint(t, w.Board(), "e0")
		tapPoint(t, w.Board(), "e1") // no check
		if banner.shown() {
			t.Fatalf("%v: a banner after a quiet move", size)
		}
		// Left alone, the banner fades away.
		tapPoint(t, w.Board(), "d8")
		tapPoint(t, w.Board(), "d7")
		tapPoint(t, w.Board(), "a9")
		tapPoint(t, w.Board(), "a7") // checks again, along the rank
		if !banner.shown() {
			t.Fatalf("%v: no banner for the second check", size)
		}
		fade.Tick(1)
		if banner.shown() {
			t.Errorf("%v: the banner is still shown at the end of its fade", size)
		}
	}
}
