package board

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/xqfyne/xiangqi/rules"
)

// BenchmarkBoardMoveRefresh measures updating the board for one move and its undo: the
// renderer diffs the two views and touches only the changed points.
func BenchmarkBoardMoveRefresh(b *testing.B) {
	test.NewTempApp(b)
	board := New(nil, nil)
	start := startView()
	board.SetView(start)
	w := test.NewTempWindow(b, board)
	w.Resize(fyne.NewSize(360, 440))
	pos := rules.NewPosition()
	m, _ := rules.ParseMove("h2e2")
	pos.MakeMove(m)
	moved := start
	moved.SetPieces(pos)
	moved.LastMove = m
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		board.SetView(moved)
		board.SetView(start)
	}
}

// BenchmarkBoardLayout measures a full re-layout (a window resize or a flip).
func BenchmarkBoardLayout(b *testing.B) {
	test.NewTempApp(b)
	board := New(nil, nil)
	board.SetView(startView())
	w := test.NewTempWindow(b, board)
	w.Resize(fyne.NewSize(360, 440))
	r := test.WidgetRenderer(board)
	sizes := []fyne.Size{{Width: 360, Height: 440}, {Width: 400, Height: 480}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.Layout(sizes[i%2])
	}
}
