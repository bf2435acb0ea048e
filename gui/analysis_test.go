package gui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/game"
)

// The analysis switch starts the analysis: three arrows of different moves on the board,
// best first, the bar and three lines; switching it off removes them and the search
// ends.
func TestAnalysisDrawsArrowsAndStops(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanRed, 1)
	s := w.Session()
	test.Tap(w.game.nav.analyse)
	if !s.Analysing() || !w.game.analysisPanel.box.Visible() {
		t.Fatal("analysis did not start")
	}
	q.waitFor(t, 30*time.Second, "three arrows", func() bool { return len(w.Board().View().Arrows) == 3 })
	arrows := w.Board().View().Arrows
	if arrows[0].Move == arrows[1].Move || arrows[1].Move == arrows[2].Move || arrows[0].Move == arrows[2].Move {
		t.Fatalf("arrows repeat a move: %v", arrows)
	}
	for i := range arrows {
		if arrows[i].Rank != i+1 {
			t.Fatalf("arrow %d has rank %d", i, arrows[i].Rank)
		}
	}
	if w.game.analysisPanel.bar.text == "" || len(strings.Split(w.game.analysisPanel.lines.Text, "\n")) != 3 ||
		!strings.Contains(w.game.analysisPanel.info.Text, "Depth") {
		t.Fatalf("panel: bar %q, info %q, lines %q", w.game.analysisPanel.bar.text, w.game.analysisPanel.info.Text, w.game.analysisPanel.lines.Text)
	}
	// A move follows: the engine does not answer it while analysing.
	playTaps(t, w, "h2e2")
	if s.Thinking() {
		t.Fatal("the engine plays during analysis")
	}
	test.Tap(w.game.nav.analyse)
	if s.Analysing() || len(w.Board().View().Arrows) != 0 || w.game.analysisPanel.box.Visible() {
		t.Fatal("analysis still shown after switching it off")
	}
	q.drain()
	if len(w.Board().View().Arrows) != 0 {
		t.Fatal("a late report drew arrows again")
	}
}
