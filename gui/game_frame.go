package gui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/gui/board"
)

// frameParts are the parts of a game as mainLayout arranges them. The game screen and an
// online game each make their own set and lay it out through newFrame, so that both look
// and behave alike (issue 33) and a change to the layout reaches both.
type frameParts struct {
	board    *board.Board
	over     fyne.CanvasObject // drawn over the board (the check banner); nil for none
	clocks   *ClockWidget
	status   *faceStatus
	thinking fyne.CanvasObject
	captions []*widget.Button // the labelled buttons of landscape, captionColumns a row
	icons    []*iconButton    // the same actions as icons for portrait, in the same order
	// extra sits beside the "Moves" title in landscape and ends the icon row in portrait
	// (the game screen's More; an online game's Lobby): built by its maker for each place.
	extra      func(icon bool) fyne.CanvasObject
	nav, panel fyne.CanvasObject
	notes      *notesView
	moveList   *moveList
	look       *appLook
	compact    func(bool) // told whether the layout is portrait; nil: nobody asks
}

// newFrame lays the parts out in mainLayout: landscape on a desktop, portrait on a phone.
func newFrame(p frameParts) *fyne.Container {
	buttons := container.NewGridWithColumns(captionColumns)
	for _, b := range p.captions {
		buttons.Add(b)
	}
	iconRow := container.NewGridWithColumns(len(p.icons) + 1)
	for _, b := range p.icons {
		iconRow.Add(b)
	}
	iconRow.Add(p.extra(true))
	title := container.NewBorder(nil, nil, nil, p.extra(false),
		widget.NewLabelWithStyle(tr("moves.title"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	snug := true
	moveRow, moveRowSnug := newRowText("1."), newListRowText("1.", &snug)
	// The status and the label that measures its slot share a snug box, snug in portrait.
	statusSnug := &snugBox{}
	status := container.New(statusSnug, p.status.slot())
	statusRows := container.New(statusSnug, widget.NewLabel(strings.Repeat("\n", statusLines-1)))
	statusRowsWide := widget.NewLabel(strings.Repeat("\n", statusLinesWide-1))
	var boardArea fyne.CanvasObject = p.board
	if p.over != nil {
		boardArea = container.NewStack(p.board, p.over)
	}
	return container.New(&mainLayout{
		board: boardArea, clocks: p.clocks, status: status, thinking: p.thinking,
		textButtons: buttons, textRows: (len(p.captions) + captionColumns - 1) / captionColumns, title: title, iconButtons: iconRow,
		moveList: p.moveList, notes: p.notes, moveRow: moveRow, moveRowSnug: moveRowSnug, statusRows: statusRows, statusSnug: statusSnug,
		statusRowsWide: statusRowsWide, sized: p.look.fit, nav: p.nav, panel: p.panel, compact: p.compact,
	}, boardArea, p.clocks, status, p.thinking, buttons, title, iconRow, p.nav, p.panel, p.notes, p.moveList)
}
