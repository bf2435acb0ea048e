package board

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/xqfyne/xiangqi/rules"
)

// looks are the drawings whose cost differs: upright text, turned text images, pictures.
var benchLooks = []struct {
	name string
	set  func(*View)
}{
	{"calligraphy", func(*View) {}},
	{"face-to-face", func(v *View) { v.FaceToFace = true }},
	{"pictogram", func(v *View) { v.PieceSet = Pictogram }},
}

// BenchmarkLookMoveRefresh is BenchmarkBoardMoveRefresh in each look: a Black move and its
// undo, so that the moving piece is a turned one face-to-face.
func BenchmarkLookMoveRefresh(b *testing.B) {
	for _, look := range benchLooks {
		b.Run(look.name, func(b *testing.B) {
			test.NewTempApp(b)
			board := New(nil, nil)
			start := startView()
			look.set(&start)
			board.SetView(start)
			w := test.NewTempWindow(b, board)
			w.Resize(fyne.NewSize(360, 440))
			pos, err := rules.ParseFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1")
			if err != nil {
				b.Fatal(err)
			}
			m, _ := rules.ParseMove("h7e7")
			pos.MakeMove(m)
			moved := start
			moved.SetPieces(pos)
			moved.LastMove = m
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				board.SetView(moved)
				board.SetView(start)
			}
		})
	}
}

// BenchmarkLookLayout is BenchmarkBoardLayout in each look: a resize draws the turned
// texts anew at the new size.
func BenchmarkLookLayout(b *testing.B) {
	for _, look := range benchLooks {
		b.Run(look.name, func(b *testing.B) {
			test.NewTempApp(b)
			board := New(nil, nil)
			v := startView()
			look.set(&v)
			board.SetView(v)
			w := test.NewTempWindow(b, board)
			w.Resize(fyne.NewSize(360, 440))
			r := test.WidgetRenderer(board)
			sizes := []fyne.Size{{Width: 360, Height: 440}, {Width: 400, Height: 480}}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				r.Layout(sizes[i%2])
			}
		})
	}
}

// BenchmarkLookResize lays the board out at a new size each time, as while a window's
// edge is dragged: nothing drawn for an earlier size can be reused.
func BenchmarkLookResize(b *testing.B) {
	for _, look := range benchLooks {
		b.Run(look.name, func(b *testing.B) {
			test.NewTempApp(b)
			board := New(nil, nil)
			v := startView()
			look.set(&v)
			board.SetView(v)
			w := test.NewTempWindow(b, board)
			w.Resize(fyne.NewSize(360, 440))
			r := test.WidgetRenderer(board)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				grow := float32(i % 400)
				r.Layout(fyne.NewSize(360+grow, 440+grow))
			}
		})
	}
}
