package gui

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// The Evaluation setting, the built-in net by default, chosen in the settings dialog,
// hands the engine the net for hints and for its moves at full strength, or the classical
// evaluation, and is kept in the save; a limited level's moves stay classical.
func TestSettingsDialogChoosesNeuralEvaluation(t *testing.T) {
	searcher := engine.NewSearcher(engine.Options{HashMB: 1, Threads: 1})
	var mu sync.Mutex
	var nets []*nnue.Net // the net of each search, as the session set it
	search := func(ctx context.Context, p *rules.Position, lim engine.Limits, info func(engine.Info)) engine.SearchResult {
		mu.Lock()
		nets = append(nets, lim.Style.Net)
		mu.Unlock()
		return searcher.Search(ctx, p, engine.Limits{Depth: 1, BanMoves: lim.BanMoves}, info)
	}
	lastNet := func() *nnue.Net {
		mu.Lock()
		defer mu.Unlock()
		return nets[len(nets)-1]
	}
	dir := t.TempDir()
	w, q := openWindowWith(t, Config{SaveDir: dir, Searcher: searcher, Search: search})
	s := w.Session()
	limited := play.Levels()[3]
	newGame(t, w, game.HumanRed, limited.Seconds)

	settings := func(change func()) {
		t.Helper()
		test.Tap(w.game.settBtn)
		change()
		test.Tap(find(t, w, func(b *widget.Button) bool { return b.Text == tr("action.apply") }))
		if top := w.Fyne().Canvas().Overlays().Top(); top != nil {
			t.Fatal("the settings dialog stayed open")
		}
	}
	evaluation := func() *widget.Select {
		return find(t, w, func(s *widget.Select) bool { return slices.Contains(s.Options, tr("evaluation.neural")) })
	}
	// The net is the default; the classical evaluation is one choice away.
	settings(func() {
		if sel := evaluation().Selected; sel != tr("evaluation.neural") {
			t.Fatalf("a new game's evaluation shows %q", sel)
		}
		evaluation().SetSelected(tr("evaluation.classical"))
	})
	if got := s.Settings().Evaluation; got != play.ClassicalEval {
		t.Fatalf("evaluation after choosing classical: %v", got)
	}
	test.Tap(w.game.hintBtn)
	q.WaitFor(t, 10*time.Second, "the hint", func() bool { return w.Board().View().Hint != rules.NoMove })
	if lastNet() != nil {
		t.Fatal("with the classical evaluation chosen, the hint was searched with the net")
	}
	settings(func() { evaluation().SetSelected(tr("evaluation.neural")) })
	if got := s.Settings().Evaluation; got != play.NeuralEval {
		t.Fatalf("evaluation after the dialog: %v", got)
	}

	tapPoint(t, w.Board(), "h2")
	tapPoint(t, w.Board(), "e2")
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 2 })
	if lastNet() != nil {
		t.Fatal("at a limited level the engine's move was searched with the net")
	}
	test.Tap(w.game.hintBtn)
	q.WaitFor(t, 10*time.Second, "the hint", func() bool { return w.Board().View().Hint != rules.NoMove })
	net := lastNet()
	if net == nil || net.H != 128 || net.L2 != 16 {
		t.Fatalf("the hint was searched with net %+v, want the built-in one", net)
	}

	top := play.Levels()[len(play.Levels())-1]
	settings(func() {
		find(t, w, func(s *widget.Select) bool { return slices.Contains(s.Options, tr("level.custom")) }).SetSelected(levelLabel(top))
	})
	tapPoint(t, w.Board(), "h0")
	tapPoint(t, w.Board(), "g2")
	q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == 4 })
	if lastNet() != net {
		t.Fatal("at full strength the engine's move was not searched with the net")
	}

	// The setting is saved: the app opened again shows it in the dialog.
	s.Close()
	w.Fyne().Close()
	q.Drain()
	w2, _ := openWindow(t, dir)
	if got := w2.Session().Settings().Evaluation; got != play.NeuralEval {
		t.Fatalf("restored evaluation %v", got)
	}
	test.Tap(w2.game.settBtn)
	if sel := find(t, w2, func(s *widget.Select) bool { return slices.Contains(s.Options, tr("evaluation.neural")) }).Selected; sel != tr("evaluation.neural") {
		t.Fatalf("after a restart the dialog shows %q", sel)
	}
}
