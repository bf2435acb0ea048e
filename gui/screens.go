package gui

import "fyne.io/fyne/v2"

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
	st.win.SetContent(s.view())
}

// pop closes the top screen and shows the one under it again; the bottom one stays.
func (st *screenStack) pop() {
	if len(st.screens) < 2 {
		return
	}
	st.screens[len(st.screens)-1] = nil
	st.screens = st.screens[:len(st.screens)-1]
	under := st.top()
	st.win.SetContent(under.view())
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
	st.win.SetContent(s.view())
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
