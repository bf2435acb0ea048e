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
	if win.Content() != game.label || st.top() != game {
		t.Fatalf("after popping the bottom: %v", st.top())
	}
	st.replace(editor) // over the game
	if win.Content() != editor.label || len(st.screens) != 2 {
		t.Fatalf("editor not over the game: %d screens", len(st.screens))
	}
	st.replace(library) // instead of the editor
	if win.Content() != library.label || len(st.screens) != 2 {
		t.Fatalf("library did not replace the editor: %d screens", len(st.screens))
	}
	st.pop()
	if win.Content() != game.label || st.top() != game || game.reshows != 1 {
		t.Fatalf("back: top %v, game reshown %d times", st.top(), game.reshows)
	}
	st.push(editor)
	st.push(library)
	st.pop()
	if win.Content() != editor.label || editor.reshows != 1 {
		t.Fatalf("pop showed %v, editor reshown %d times", win.Content(), editor.reshows)
	}
}
