package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/xqfyne/xiangqi/gui/board"
)

// mainLayout arranges the window: in landscape (a desktop window) the board on the left and
// a column beside it with the status, the labelled buttons, the "Moves" title and the move
// list; in portrait (a phone) the board on top, then the status, one row of icon buttons
// and the move list in the remaining height. The controls of the other orientation are
// hidden, so taps never reach them.
type mainLayout struct {
	board, status, thinking fyne.CanvasObject
	clocks                  *ClockWidget      // the players and their clocks
	notes                   *notesView        // a file's header and the comment on the move shown
	textButtons, title      fyne.CanvasObject // landscape only
	iconButtons             fyne.CanvasObject // portrait only
	moveList                fyne.CanvasObject
	moveRow                 fyne.CanvasObject // a list row, for its height
	statusRows              fyne.CanvasObject // a label of statusLines lines, for its height
	statusRowsWide          fyne.CanvasObject // a label of statusLinesWide lines (landscape)
	// sized is told the size the window is laid out at (the text size follows it).
	sized func(fyne.Size)
	// nav is the navigation bar and panel the analysis and review panels, above the move
	// list in both orientations. In portrait the panels take the move list's rows first,
	// so that switching analysis on shrinks the board only as much as it must.
	nav, panel fyne.CanvasObject
}

// statusLines is how many lines of text the status area always has room for, so that the
// controls below it stay put while the status changes (a player reaching for Undo while
// the engine thinks must not hit another button). Landscape has the height for one more,
// which a repetition verdict ("Red loses: perpetual chase of the black cannon on i0 by
// the rook on h6") needs in the narrower side column of a small window.
const (
	statusLines     = 2
	statusLinesWide = 3
)

// maxBoardShare is the largest part of the window's width the board takes in landscape.
const maxBoardShare = 0.68

// portraitListRows is how many move list rows portrait keeps visible, shrinking the board
// if the window is too short for them. One: on a small phone the list gives way before
// the board does; on every phone size (320x568 points and up) the board is as wide as the
// screen and the list has the rest, several rows.
const portraitListRows = 1

// landscape decides the orientation from the space available.
func landscape(size fyne.Size) bool { return size.Width > size.Height*1.05 }

func (l *mainLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	if l.sized != nil {
		l.sized(size)
	}
	if landscape(size) {
		showIf(true, l.textButtons, l.title, l.clocks)
		showIf(false, l.iconButtons)
		bw := min(size.Height*board.Aspect(), size.Width*maxBoardShare)
		place(l.board, 0, 0, bw, size.Height)
		y := stack(bw, 0, size.Width-bw, l.clocks)
		y = l.statusArea(bw, y, size.Width-bw, true)
		y = stack(bw, y, size.Width-bw, l.textButtons, l.nav, l.panel)
		y = l.placeNotes(bw, y, size.Width-bw, notesLinesWide)
		y = stack(bw, y, size.Width-bw, l.title)
		place(l.moveList, bw, y, size.Width-bw, size.Height-y)
		return
	}
	showIf(false, l.textButtons, l.title)
	showIf(true, l.iconButtons, l.clocks)
	// An untimed game's bar only names the players: on a phone too short for it, a full-width
	// board and two rows of moves, it gives way.
	if !l.clocks.View().Timed && size.Height-size.Width/board.Aspect()-l.portraitReserve() < l.moveRow.MinSize().Height {
		showIf(false, l.clocks)
	}
	// The board is as wide as the window unless that leaves too little height for a line
	// of status, the icon row and a few rows of the move list.
	bh := min(size.Width/board.Aspect(), max(size.Height-l.portraitReserve(), 0))
	place(l.board, 0, 0, size.Width, bh)
	y := stack(0, bh, size.Width, l.clocks)
	y = l.statusArea(0, y, size.Width, false)
	y = stack(0, y, size.Width, l.iconButtons, l.nav, l.panel)
	// Under a phone's board the notes take one line, and only while a row of moves (the
	// one shown) stays below them.
	if size.Height-y-l.notes.heightFor(size.Width, notesLines) >= l.moveRow.MinSize().Height {
		y = l.placeNotes(0, y, size.Width, notesLines)
	} else {
		l.notes.collapse()
	}
	place(l.moveList, 0, y, size.Width, max(size.Height-y, 0))
}

// notesLines and notesLinesWide are the most lines of text the notes take in portrait and
// in landscape; a longer comment scrolls, or opens whole with a tap.
const (
	notesLines     = 1
	notesLinesWide = 8
)

// placeNotes puts the notes, at most lines lines high, at (x, y) and returns the y below.
func (l *mainLayout) placeNotes(x, y, w float32, lines int) float32 {
	h := l.notes.heightFor(w, lines)
	if h == 0 {
		return y
	}
	place(l.notes, x, y, w, h)
	return y + h + theme.Padding()
}

// portraitReserve is the height portrait keeps under the board: the players' bar, a line
// of status, the icon row, the navigation bar and a few rows of the move list.
func (l *mainLayout) portraitReserve() float32 {
	return l.clocksHeight() + l.statusHeight(false) + l.iconButtons.MinSize().Height + l.nav.MinSize().Height +
		l.listOrPanelHeight() + 4*theme.Padding()
}

// clocksHeight is the height the players' bar takes, with padding; none while it is hidden.
func (l *mainLayout) clocksHeight() float32 {
	if !l.clocks.Visible() {
		return 0
	}
	return l.clocks.MinSize().Height + theme.Padding()
}

// statusRowsFor is the label whose height the status area has, in landscape (wide) or not.
func (l *mainLayout) statusRowsFor(wide bool) fyne.CanvasObject {
	if wide {
		return l.statusRowsWide
	}
	return l.statusRows
}

// statusHeight is the fixed height of the status area: statusLines lines of text, or
// statusLinesWide in landscape.
func (l *mainLayout) statusHeight(wide bool) float32 {
	return l.statusRowsFor(wide).MinSize().Height + theme.Padding()
}

// statusArea places the status line in a slot of fixed height from (x, y), with the
// thinking bar over the slot's last line (while the engine thinks the status is one
// line), and returns the y below it.
func (l *mainLayout) statusArea(x, y, w float32, wide bool) float32 {
	rows := l.statusRowsFor(wide).MinSize().Height
	place(l.status, x, y, w, rows)
	bar := l.thinking.MinSize().Height
	place(l.thinking, x, y+rows-bar, w, bar)
	return y + l.statusHeight(wide)
}

func (l *mainLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	pad := theme.Padding()
	b := l.board.MinSize()
	icons := l.iconButtons.MinSize()
	h := b.Height + l.clocksHeight() + l.statusHeight(false) + icons.Height + l.nav.MinSize().Height + l.listOrPanelHeight() + 4*pad
	return fyne.NewSize(max(b.Width, icons.Width), h)
}

// listOrPanelHeight is the height portrait keeps under the navigation bar: the move
// list's rows, or the analysis and review panels when they are taller.
func (l *mainLayout) listOrPanelHeight() float32 {
	rows := portraitListRows * l.moveRow.MinSize().Height
	if !l.panel.Visible() {
		return rows
	}
	return max(rows, l.panel.MinSize().Height+theme.Padding())
}

func place(o fyne.CanvasObject, x, y, w, h float32) {
	o.Move(fyne.NewPos(x, y))
	o.Resize(fyne.NewSize(w, h))
}

// stack puts the visible objects under each other from (x, y), each at its minimum
// height and the given width, and returns the y below the last plus padding.
func stack(x, y, w float32, objs ...fyne.CanvasObject) float32 {
	pad := theme.Padding()
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		o.Resize(fyne.NewSize(w, o.MinSize().Height)) // a wrapping label's height depends on its width
		place(o, x, y, w, o.MinSize().Height)
		y += o.MinSize().Height + pad
	}
	return y
}

func showIf(on bool, objs ...fyne.CanvasObject) {
	for _, o := range objs {
		if on && !o.Visible() {
			o.Show()
		} else if !on && o.Visible() {
			o.Hide()
		}
	}
}
