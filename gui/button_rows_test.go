package gui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// buttonRow is a row of buttons as drawn: their top and each one's height and name.
type buttonRow struct {
	y       float32
	heights []float32
	names   []string
}

func (r buttonRow) String() string {
	return fmt.Sprintf("%s %.2f", strings.Join(r.names, "|"), r.heights[0])
}

// buttonRows finds the buttons drawn inside root, in rows by their top, from the top.
func buttonRows(root fyne.CanvasObject) []buttonRow {
	var rows []buttonRow
	add := func(b *widget.Button, name string, at fyne.Position) {
		if name == "" {
			name = b.Text
		}
		for i := range rows {
			if abs32(rows[i].y-at.Y) < 0.5 {
				rows[i].heights = append(rows[i].heights, b.Size().Height)
				rows[i].names = append(rows[i].names, name)
				return
			}
		}
		rows = append(rows, buttonRow{y: at.Y, heights: []float32{b.Size().Height}, names: []string{name}})
	}
	walkAt(root, fyne.NewPos(-root.Position().X, -root.Position().Y), func(o fyne.CanvasObject, at fyne.Position) {
		switch b := o.(type) {
		case *widget.Button:
			add(b, "", at)
		case *iconButton:
			add(&b.Button, b.name, at)
		}
	})
	slices.SortFunc(rows, func(a, b buttonRow) int {
		switch {
		case a.y < b.y:
			return -1
		case a.y > b.y:
			return 1
		}
		return 0
	})
	return rows
}

func abs32(x float32) float32 { return max(x, -x) }

// sameRow says whether two rows are drawn at one place with one height.
func sameRow(a, b buttonRow) bool {
	return abs32(a.y-b.y) < 0.5 && abs32(a.heights[0]-b.heights[0]) < 0.5 && len(a.heights) == len(b.heights)
}

// rowHeights checks that the buttons of each row have one height and returns the rows'
// heights.
func rowHeights(t *testing.T, where string, rows []buttonRow) []float32 {
	t.Helper()
	var hs []float32
	for _, r := range rows {
		for _, h := range r.heights {
			if abs32(h-r.heights[0]) > 0.5 {
				t.Errorf("%s: the buttons of row %v have different heights %v", where, r.names, r.heights)
				break
			}
		}
		hs = append(hs, r.heights[0])
	}
	return hs
}

// sameHeights checks that every row has the height of the first.
func sameHeights(t *testing.T, where string, rows []buttonRow) {
	t.Helper()
	hs := rowHeights(t, where, rows)
	for _, h := range hs {
		if abs32(h-hs[0]) > 0.5 {
			t.Errorf("%s: button rows of different heights: %v", where, rows)
			return
		}
	}
}

// Issue 35 item 14: the button rows of the game screen, the New game dialog, the editor
// and the library have one height, the same in every state of the game (none played,
// moves to undo and redo, the engine thinking, analysis, game over, review), with
// captions (landscape) and with icons (portrait), in Chinese and English, on the desktop
// and on a phone.
func TestButtonRowsKeepOneHeight(t *testing.T) {
	for _, locale := range []string{"zh_CN.UTF-8", "en_GB.UTF-8"} {
		for _, env := range []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"} {
			t.Setenv(env, locale)
		}
		for _, size := range []fyne.Size{{Width: 1280, Height: 900}, {Width: 900, Height: 680}, {Width: 390, Height: 844}, {Width: 195, Height: 422}} {
			where := fmt.Sprintf("%s %v", locale[:2], size)
			reloadTranslations(t) // before the window is built in the language
			w, q := openWindow(t, t.TempDir())
			w.Fyne().Resize(size)
			q.Drain() // the text size for the window's size
			s := w.Session()
			l := w.game.content.Layout.(*mainLayout)
			var first []buttonRow
			measure := func(state string) {
				w.game.content.Refresh()
				var rows []buttonRow // the toolbar's rows: captions (landscape) or icons (portrait)
				for _, part := range []fyne.CanvasObject{l.textButtons, l.iconButtons, l.nav, l.title} {
					if part.Visible() {
						rows = append(rows, buttonRows(part)...)
					}
				}
				sameHeights(t, where+" "+state, rows)
				if first == nil {
					first = rows
					t.Logf("%s: game screen rows %v", where, rows)
					return
				}
				if !slices.EqualFunc(rows, first, sameRow) || !inside(w, l.nav) {
					t.Errorf("%s %s: rows %v, at first %v", where, state, rows, first)
				}
			}
			measure("at the start")
			newGame(t, w, game.HumanBoth, 1)
			playTaps(t, w, "h2e2", "h9g7")
			measure("two moves played")
			test.Tap(w.game.undoBtn)
			measure("after Undo (Redo enabled)")
			newGame(t, w, game.HumanRed, 60)
			playTaps(t, w, "h2e2")
			if !s.Engine().Thinking() {
				t.Fatal("the engine does not think")
			}
			measure("the engine thinking")
			s.Analysis().Set(true)
			measure("analysis on")
			s.Analysis().Set(false)
			newGame(t, w, game.HumanBoth, 1)
			playTaps(t, w, "h2e2", "h9g7", "h0g2")
			s.Endings().Resign()
			measure("game over")
			if err := s.Review().Start(play.ReviewOptions{Depth: 2}); err != nil {
				t.Fatal(err)
			}
			measure("review running")
			q.WaitFor(t, 30*time.Second, "the review", func() bool { return !s.Review().Running() })
			measure("reviewed")

			test.Tap(w.game.newBtn)
			rows := buttonRows(w.Fyne().Canvas().Overlays().Top())
			sameHeights(t, where+" New game", rows)
			t.Logf("%s: New game rows %v", where, rows)
			w.Fyne().Canvas().Overlays().Top().Hide()

			w.showEditor()
			es := shown[*editorScreen](t, w)
			rows = buttonRows(es.content)
			sameHeights(t, where+" editor", rows)
			t.Logf("%s: editor rows %v", where, rows)
			put(t, es, rules.MakePiece(rules.Red, rules.King), "e3") // a reason appears
			if again := buttonRows(es.content); !slices.EqualFunc(again, rows, sameRow) {
				t.Errorf("%s: the editor's rows with a reason %v, without %v", where, again, rows)
			}
			es.close()

			w.addToLibrary()
			w.showLibrary()
			ls := shown[*libraryScreen](t, w)
			rows = buttonRows(ls.content)
			sameHeights(t, where+" library", rows)
			ls.list.Select(0)
			if again := buttonRows(ls.content); !slices.EqualFunc(again, rows, sameRow) {
				t.Errorf("%s: the library's rows with a game chosen %v, without %v", where, again, rows)
			}
			t.Logf("%s: library rows %v", where, rows)
			ls.close()
		}
	}
}

// The rows of labelled buttons, the navigation icons and the title with More share one
// height even where a caption measures taller than a line of the app's face. A Fyne
// button is as high as a line of its text or its icon, whichever is higher, and with the
// app's face a line is as high as an icon, so the rows have one height as long as every
// caption is drawn in that face; a character it lacks is drawn in a fallback face with
// other line metrics (at 9fe8ef3, Chinese captions were in the brush face). A caption
// of two lines stands in for such a caption here.
func TestCaptionRowsShareOneHeight(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	w.Fyne().Resize(fyne.NewSize(900, 680))
	q.Drain()
	w.game.undoBtn.SetText(w.game.undoBtn.Text + "\n" + w.game.undoBtn.Text)
	l := w.game.content.Layout.(*mainLayout)
	w.game.content.Refresh()
	var rows []buttonRow
	for _, part := range []fyne.CanvasObject{l.textButtons, l.nav, l.title} {
		rows = append(rows, buttonRows(part)...)
	}
	if len(rows) != 4 {
		t.Fatalf("rows %v", rows)
	}
	sameHeights(t, "a caption of two lines", rows)
	if h, caption := rows[2].heights[0], w.game.undoBtn.MinSize().Height; h < caption-0.5 {
		t.Errorf("the navigation row is %.0f high, the tallest caption's button %.0f", h, caption)
	}
}
