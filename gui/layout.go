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
	textRows                int               // the rows of textButtons
	iconButtons             fyne.CanvasObject // portrait only
	moveList                *moveList
	moveRow, moveRowSnug    fyne.CanvasObject // a list row, and a snug one, for their heights
	statusRows              fyne.CanvasObject // a label of statusLines lines, for its height
	statusSnug              *snugBox          // the layout of status and statusRows: snug in portrait
	statusRowsWide          fyne.CanvasObject // a label of statusLinesWide lines (landscape)
	// sized is told the size the window is laid out at (the text size follows it).
	sized func(fyne.Size)
	// compact is told whether the layout is portrait: the panels get low under the board.
	compact func(bool)
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

// portraitListRows is how many lines of the move list portrait keeps in view: three
// numbered pairs, six moves (issue 35: a phone shows at least six). Where a full-width
// board leaves too little height for them and the controls (the phone simulation, a
// small phone), the button rows get snug first, then the board gives way.
const portraitListRows = 3

// landscape decides the orientation from the space available.
func landscape(size fyne.Size) bool { return size.Width > size.Height*1.05 }

func (l *mainLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	if l.sized != nil {
		l.sized(size)
	}
	if l.compact != nil {
		l.compact(!landscape(size))
	}
	if landscape(size) {
		showIf(true, l.textButtons, l.title, l.clocks)
		showIf(false, l.iconButtons)
		l.snugStatus(false)
		l.moveList.setSnug(false)
		bw := min(size.Height*board.Aspect(), size.Width*maxBoardShare)
		place(l.board, 0, 0, bw, size.Height)
		w, rowH := size.Width-bw, l.captionRowHeight()
		y := stack(bw, 0, w, l.clocks)
		y = l.statusArea(bw, y, w, true)
		y = stackAt(bw, y, w, float32(l.textRows)*(rowH+theme.Padding())-theme.Padding(), l.textButtons)
		y = stackAt(bw, y, w, rowH, l.nav)
		y = stack(bw, y, w, l.panel)
		y = l.placeNotes(bw, y, w, notesLinesWide)
		y = stackAt(bw, y, w, rowH, l.title)
		place(l.moveList, bw, y, w, size.Height-y)
		return
	}
	showIf(false, l.textButtons, l.title)
	showIf(true, l.iconButtons, l.clocks)
	l.snugStatus(true)
	snug := l.snugPortrait(size)
	l.moveList.setSnug(snug)
	// The board is as wide as the window unless that leaves too little height for the
	// players' bar, the status, the two rows of icons and the move list's lines.
	bh := min(size.Width/board.Aspect(), max(size.Height-l.portraitReserve(snug, l.clocks.MinSize().Height), 0))
	place(l.board, 0, 0, size.Width, bh)
	y := stack(0, bh, size.Width, l.clocks)
	y = l.statusArea(0, y, size.Width, false)
	y = stackAt(0, y, size.Width, l.iconRowHeight(snug), l.iconButtons, l.nav)
	y = stack(0, y, size.Width, l.panel)
	// Under a phone's board the notes take one line, and only while the list keeps all
	// but one of its lines: the board does not jump as comments come and go.
	if size.Height-y-l.notes.heightFor(size.Width, notesLines)-theme.Padding() >= l.listHeight(portraitListRows-1, snug) {
		y = l.placeNotes(0, y, size.Width, notesLines)
	} else {
		l.notes.collapse()
	}
	place(l.moveList, 0, y, size.Width, max(size.Height-y, 0))
}

// snugStatus gives the status line the snug padding of portrait, or the usual one.
func (l *mainLayout) snugStatus(on bool) {
	if l.statusSnug.on == on {
		return
	}
	l.statusSnug.on = on
	l.status.Refresh()
	l.statusRows.Refresh()
}

// captionRowHeight is the one height of landscape's rows of buttons: the rows of
// labelled buttons, the navigation icons and the title with More. Each row is as high as
// the highest needs, so that a caption taller than an icon (another face, a larger text)
// does not leave the rows at different heights (issue 35 item 14).
func (l *mainLayout) captionRowHeight() float32 {
	captions := (l.textButtons.MinSize().Height - float32(l.textRows-1)*theme.Padding()) / float32(l.textRows)
	return max(captions, l.nav.MinSize().Height, l.title.MinSize().Height)
}

// iconRowHeight is the height of portrait's rows of icon buttons: their own, or when
// snug an icon with the space between widgets above and below it. Both rows always have
// the same height, whatever the buttons' states (issue 35 item 14).
func (l *mainLayout) iconRowHeight(snug bool) float32 {
	if snug {
		return theme.IconInlineSize() + 2*theme.Padding()
	}
	return max(l.iconButtons.MinSize().Height, l.nav.MinSize().Height)
}

// snugPortrait says whether a portrait window of this size is too short for a
// full-width board above the controls and the move list's lines at their usual heights.
// It depends on the size alone (a timed game's players' bar is assumed), so that rows
// keep their height from one game or state to the next.
func (l *mainLayout) snugPortrait(size fyne.Size) bool {
	return size.Height-size.Width/board.Aspect() < l.portraitControls(false, clockBarHeight(true))+l.listHeight(portraitListRows, false)
}

// listHeight is the height of rows lines of the move list, snug or not, with the space
// between them.
func (l *mainLayout) listHeight(rows int, snug bool) float32 {
	row := l.moveRow.MinSize().Height
	if snug {
		row = l.moveRowSnug.MinSize().Height
	}
	return float32(rows)*row + float32(rows-1)*theme.Padding()
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

// portraitReserve is the height portrait keeps under the board: the players' bar
// (barH high), the status, the two rows of icons, and the move list's lines or the
// analysis and review panels, snug or not.
func (l *mainLayout) portraitReserve(snug bool, barH float32) float32 {
	return l.portraitControls(snug, barH) + l.listOrPanelHeight(snug)
}

// portraitControls is the height of what portrait puts between the board and the move
// list: the players' bar (barH high), the status and the two rows of icons.
func (l *mainLayout) portraitControls(snug bool, barH float32) float32 {
	pad := theme.Padding()
	return barH + pad + l.statusHeight(false) + 2*(l.iconRowHeight(snug)+pad)
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
// thinking bar a thin line at the slot's foot, under the status's text while the engine
// thinks, and returns the y below it. At its own height the bar had covered that line on a
// phone ("思考中…" under a large blue bar, issue 51 item 7). The bar starts a pixel below
// the slot's last line of text and reaches into the space between the slot and the row
// under it: on the smallest phones the status while thinking (its depth and score) can
// wrap to every line the slot has, and a bar inside the slot's padding overlapped that
// last line by 2 px.
func (l *mainLayout) statusArea(x, y, w float32, wide bool) float32 {
	rows := l.statusRowsFor(wide).MinSize().Height
	place(l.status, x, y, w, rows)
	// The slot's text ends its label's inner padding above the slot's foot, less the snug cut.
	top := y + rows - (theme.InnerPadding() - l.statusSnug.cut()) + 1
	place(l.thinking, x+theme.InnerPadding(), top, w-2*theme.InnerPadding(), thinkingBarHeight())
	return y + l.statusHeight(wide)
}

// thinkingBarHeight is the height of the bar that shows the engine thinking.
func thinkingBarHeight() float32 { return theme.Padding() * 1.5 }

func (l *mainLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	b := l.board.MinSize()
	icons := l.iconButtons.MinSize()
	return fyne.NewSize(max(b.Width, icons.Width), b.Height+l.portraitReserve(true, l.clocks.MinSize().Height))
}

// listOrPanelHeight is the height portrait keeps under the navigation bar: the analysis
// and review panels and the notes' line where they are shown, and always the move list's
// lines, snug or not: six moves stay in view in every state (issue 35 item 6), the board
// giving way.
func (l *mainLayout) listOrPanelHeight(snug bool) float32 {
	h := l.listHeight(portraitListRows, snug)
	if l.panel.Visible() {
		h += l.panel.MinSize().Height + theme.Padding()
	}
	if l.notes.Visible() {
		h += l.notes.line.MinSize().Height + theme.Padding()
	}
	return h
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

// stackAt puts the visible objects under each other from (x, y), each h high and w
// wide, and returns the y below the last plus padding.
func stackAt(x, y, w, h float32, objs ...fyne.CanvasObject) float32 {
	for _, o := range objs {
		if o.Visible() {
			place(o, x, y, w, h)
			y += h + theme.Padding()
		}
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
