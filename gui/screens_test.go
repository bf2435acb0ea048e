package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

type labelScreen struct {
	label   *widget.Label
	reshows int
}

func (s *labelScreen) view() fyne.CanvasObject { return s.label }
func (s *labelScreen) reshow()                 { s.reshows++ }

func newLabelScreen(text string) *labelScreen { return &labelScreen{label: widget.NewLabel(text)} }

// Push, replace and pop put the top screen into the window; the bottom one stays, and it
// is told when it is shown again.
func TestScreenStack(t *testing.T) {
	newTestApp(t)
	win := test.NewWindow(nil)
	defer win.Close()
	st := &screenStack{win: win}
	game, editor, library := newLabelScreen("game"), newLabelScreen("editor"), newLabelScreen("library")
	st.push(game)
	st.pop() // the bottom screen stays
	if shownView(win) != game.label || st.top() != game {
		t.Fatalf("after popping the bottom: %v", st.top())
	}
	st.replace(editor) // over the game
	if shownView(win) != editor.label || len(st.screens) != 2 {
		t.Fatalf("editor not over the game: %d screens", len(st.screens))
	}
	st.replace(library) // instead of the editor
	if shownView(win) != library.label || len(st.screens) != 2 {
		t.Fatalf("library did not replace the editor: %d screens", len(st.screens))
	}
	st.pop()
	if shownView(win) != game.label || st.top() != game || game.reshows != 1 {
		t.Fatalf("back: top %v, game reshown %d times", st.top(), game.reshows)
	}
	st.push(editor)
	st.push(library)
	st.pop()
	if shownView(win) != editor.label || editor.reshows != 1 {
		t.Fatalf("pop showed %v, editor reshown %d times", shownView(win), editor.reshows)
	}
}

// shownView is the view of the screen in win, out of its frame.
func shownView(win fyne.Window) fyne.CanvasObject {
	if c, ok := win.Content().(*fyne.Container); ok && len(c.Objects) == 1 {
		if _, framed := c.Layout.(windowFrame); framed {
			return c.Objects[0]
		}
	}
	return win.Content()
}
