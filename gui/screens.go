package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// screen is a view that fills the window: the game, the board editor, the library.
type screen interface {
	view() fyne.CanvasObject
}

// reshown is a screen that brings itself up to date when the screen above it closes.
type reshown interface {
	reshow()
}

// screenStack shows the top of a stack of screens in a window. The game screen is the
// bottom and stays; the others are opened over it and closed with Back (pop), so no
// code puts content into the window by hand.
type screenStack struct {
	win     fyne.Window
	screens []screen
}

// push shows s over the screen shown now.
func (st *screenStack) push(s screen) {
	st.screens = append(st.screens, s)
	st.show(s)
}

// pop closes the top screen and shows the one under it again; the bottom one stays.
func (st *screenStack) pop() {
	if len(st.screens) < 2 {
		return
	}
	st.screens[len(st.screens)-1] = nil
	st.screens = st.screens[:len(st.screens)-1]
	under := st.top()
	st.show(under)
	if r, ok := under.(reshown); ok {
		r.reshow()
	}
}

// replace shows s instead of the top screen, or over the bottom one when only it is
// shown: a screen opened from another (the library from the editor, by its shortcut)
// goes back to the game, not to the screen it replaced.
func (st *screenStack) replace(s screen) {
	if len(st.screens) < 2 {
		st.push(s)
		return
	}
	st.screens[len(st.screens)-1] = s
	st.show(s)
}

// top is the screen shown, nil before the first push.
func (st *screenStack) top() screen {
	if len(st.screens) == 0 {
		return nil
	}
	return st.screens[len(st.screens)-1]
}

// home closes every screen over the bottom one.
func (st *screenStack) home() {
	for len(st.screens) > 1 {
		st.pop()
	}
}

// show puts s into the window in a frame of a small fixed minimum size. The desktop driver
// grows a window to its content's minimum size, and a screen's minimum follows what it
// shows (the review's and the analysis' panels) and the text size, which follows the
// window's size: each growth asked for the next, until a 900x680 window was taller than
// its screen (issue 51 item 1). A screen lays itself out in whatever size it is given.
func (st *screenStack) show(s screen) {
	st.win.SetContent(container.New(windowFrame{}, s.view()))
}

// minWindowSize is the least size a screen asks of the window: a small phone's.
var minWindowSize = fyne.NewSize(320, 480)

// windowFrame fills the window with its one object and asks only minWindowSize.
type windowFrame struct{}

func (windowFrame) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (windowFrame) MinSize([]fyne.CanvasObject) fyne.Size { return minWindowSize }
