package gui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// The analysis switch starts the analysis: three arrows of different moves on the board,
// best first, the bar and three lines; switching it off removes them and the search
// ends.
func TestAnalysisDrawsArrowsAndStops(t *testing.T) {
	w, q := openWindow(t, t.TempDir())
	newGame(t, w, game.HumanRed, 1)
	s := w.Session()
	test.Tap(w.game.nav.analyse)
	if !s.Analysis().On() || !w.game.analysisPanel.box.Visible() {
		t.Fatal("analysis did not start")
	}
	q.WaitFor(t, 30*time.Second, "three arrows", func() bool { return len(w.Board().View().Arrows) == 3 })
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
	if s.Engine().Thinking() {
		t.Fatal("the engine plays during analysis")
	}
	test.Tap(w.game.nav.analyse)
	if s.Analysis().On() || len(w.Board().View().Arrows) != 0 || w.game.analysisPanel.box.Visible() {
		t.Fatal("analysis still shown after switching it off")
	}
	q.Drain()
	if len(w.Board().View().Arrows) != 0 {
		t.Fatal("a late report drew arrows again")
	}
}

// The panel shows the lines it is given from Red's view, the best one's depth and speed,
// and an arrow on the board for each line's first move.
func TestAnalysisPanelShowsLinesFromRedsView(t *testing.T) {
	newTestApp(t)
	g, err := game.New(rules.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(mv(t, "h2e2")); err != nil {
		t.Fatal(err)
	}
	h9g7, b9c7 := mv(t, "h9g7"), mv(t, "b9c7")
	src := analysisShown{On: true, Side: rules.Black, Game: g, Settings: play.Settings{Notation: game.ICCS}, Lines: []engine.Info{
		{Depth: 9, NPS: 1_200_000, Score: 30, MultiPV: 1, PV: []rules.Move{h9g7, mv(t, "h0g2")}},
		{Depth: 9, Score: -40, MultiPV: 2, PV: []rules.Move{b9c7}},
	}}
	p := newAnalysisPanel()
	p.refresh(src)
	if !p.box.Visible() || p.info.Text != "Depth 9 · 1.2 M nodes/s" {
		t.Fatalf("info %q, shown %v", p.info.Text, p.box.Visible())
	}
	want := "1. -30  h9g7 h0g2\n2. +40  b9c7"
	if !strings.HasPrefix(p.lines.Text, want) {
		t.Errorf("lines %q, want %q first", p.lines.Text, want)
	}
	if p.bar.text != "-30" || p.bar.share >= 0.5 {
		t.Errorf("bar %q share %v", p.bar.text, p.bar.share)
	}
	arrows := analysisArrows(src)
	if len(arrows) != 2 || arrows[0].Move != h9g7 || arrows[1].Move != b9c7 || arrows[1].Rank != 2 {
		t.Errorf("arrows %+v", arrows)
	}
}
