package play

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/rules"
)

// The evaluation is saved with the other settings and comes back after a restart, the
// net decoded again at its first use; a save without it (older than the setting) loads as the default, the net.
func TestEvaluationSavedAndRestored(t *testing.T) {
	fs := newMemFS()
	s, _, _ := openSession(t, fs, nil)
	set := fastSettings(game.HumanBoth)
	set.Evaluation = ClassicalEval
	if err := s.NewGame(set); err != nil {
		t.Fatal(err)
	}
	set.Evaluation = NeuralEval
	if err := s.NewGame(set); err != nil {
		t.Fatal(err)
	}
	if s.net == nil {
		t.Fatal("choosing the neural evaluation did not decode the net")
	}
	s.Close()

	again, _, notice := openSession(t, fs, nil)
	if notice != nil {
		t.Fatal(notice)
	}
	if got := again.Settings(); got.Evaluation != NeuralEval || again.netFor(0) == nil {
		t.Fatalf("restored evaluation %v (net decoded: %v)", got.Evaluation, again.net != nil)
	}
	set = again.Settings()
	set.Evaluation = ClassicalEval
	if err := again.ApplySettings(set); err != nil {
		t.Fatal(err)
	}
	again.Close()
	if third, _, _ := openSession(t, fs, nil); third.Settings().Evaluation != ClassicalEval {
		t.Fatal("switched back to classical, the save restored the net")
	}

	saved := set.encode()
	delete(saved, keyEval)
	if got := settingsFrom(saved, English).Evaluation; got != NeuralEval {
		t.Fatalf("settings without the key load as %v", got)
	}
	saved[keyEval] = "quantum"
	if got := settingsFrom(saved, English).Evaluation; got != NeuralEval {
		t.Fatalf("an unknown evaluation loads as %v", got)
	}
}

// A first launch (no save) starts on the net, decoded not at launch but at the first
// search that uses it (a level's moves never do: docs/budget.md); the save it writes keeps
// the choice, so the next launch starts on the net too.
func TestFirstLaunchUsesTheNet(t *testing.T) {
	fs := newMemFS()
	s, _, notice := openSession(t, fs, nil)
	if notice != nil {
		t.Fatal(notice)
	}
	if got := s.Settings().Evaluation; got != NeuralEval || s.net != nil {
		t.Fatalf("first launch: evaluation %v, net decoded at launch %v", got, s.net != nil)
	}
	if s.netFor(Levels()[3].Elo) != nil || s.net != nil {
		t.Fatal("a level's search decoded the net it does not use")
	}
	set := s.Settings()
	set.Seconds = Levels()[3].Seconds
	if err := s.NewGame(set); err != nil || s.net != nil {
		t.Fatalf("a new game at a level with the same evaluation decoded the net (error %v)", err)
	}
	if n := s.netFor(0); n == nil || n != s.net {
		t.Fatalf("the full-strength search got net %p, the session holds %p", n, s.net)
	}
	s.Close()
	again, _, _ := openSession(t, fs, nil)
	if got := again.Settings().Evaluation; got != NeuralEval || again.netFor(0) == nil {
		t.Fatalf("second launch: evaluation %v, net decoded %v", got, again.net != nil)
	}
}

// recordingSearcher is a real searcher, shallow, that records the net each search was
// started with.
type recordingSearcher struct {
	*engine.Searcher
	mu   sync.Mutex
	nets []*nnue.Net
}

func (r *recordingSearcher) search(ctx context.Context, p *rules.Position, lim engine.Limits, info func(engine.Info)) engine.SearchResult {
	r.mu.Lock()
	r.nets = append(r.nets, lim.Style.Net)
	r.mu.Unlock()
	return r.Search(ctx, p, engine.Limits{Depth: 1, BanMoves: lim.BanMoves}, info)
}

func (r *recordingSearcher) last() *nnue.Net {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.nets[len(r.nets)-1]
}

// The net plays the engine's moves only at full strength (the top level or a time that
// is no level's) and gives every hint and the analysis; a limited level's moves stay
// classical, and with the setting off everything is classical.
func TestNetOnlyAtFullStrength(t *testing.T) {
	rec := &recordingSearcher{Searcher: engine.NewSearcher(engine.Options{HashMB: 1, Threads: 1})}
	q := &playtest.UIQueue{}
	s, notice := NewSession(Config{Post: q.Post, Searcher: rec.Searcher, Search: rec.search})
	if s == nil {
		t.Fatal(notice)
	}
	t.Cleanup(func() { s.Close(); q.Drain() })
	limited := Levels()[3]
	top := Levels()[len(Levels())-1]
	if limited.Elo == 0 || top.Elo != 0 {
		t.Fatalf("levels %+v and %+v", limited, top)
	}
	cases := []struct {
		eval    Evaluation
		seconds float64
		hint    bool
		net     bool
	}{
		{ClassicalEval, MinSeconds, false, false},
		{ClassicalEval, top.Seconds, true, false},
		{NeuralEval, MinSeconds, false, true},
		{NeuralEval, top.Seconds, false, true},
		{NeuralEval, limited.Seconds, false, false},
		{NeuralEval, limited.Seconds, true, true},
	}
	for _, c := range cases {
		set := fastSettings(game.HumanRed)
		set.Evaluation, set.Seconds = c.eval, c.seconds
		if err := s.NewGame(set); err != nil {
			t.Fatal(err)
		}
		if c.hint {
			s.Engine().AskHint()
			q.WaitFor(t, 10*time.Second, "the hint", func() bool { return !s.Engine().Hinting() })
		} else {
			tapMove(t, s, "h2e2")
			q.WaitFor(t, 10*time.Second, "the reply", func() bool { return s.Game().Ply() == 2 })
		}
		if got := rec.last(); (got != nil) != c.net || got != nil && got != s.net {
			t.Errorf("%v at %v s, hint %v: the search had net %p, want one: %v", c.eval, c.seconds, c.hint, got, c.net)
		}
	}

	// Analysis is at full strength; switching the evaluation restarts it with the other.
	s.Analysis().Set(true)
	analysisNet := func() *nnue.Net { return s.analysis.style.Net }
	if analysisNet() == nil {
		t.Fatal("the analysis does not use the net")
	}
	set := s.Settings()
	set.Evaluation = ClassicalEval
	if err := s.ApplySettings(set); err != nil {
		t.Fatal(err)
	}
	if analysisNet() != nil {
		t.Fatal("switched to classical, the analysis kept the net")
	}
	s.Analysis().Set(false)
}

// A game's end empties the engine's table (its pages go back to the system: a phone's
// memory between games), before the listeners hear of it.
func TestGameOverEmptiesTheEngineTable(t *testing.T) {
	searcher := engine.NewSearcher(engine.Options{HashMB: 4, Threads: 1})
	q := &playtest.UIQueue{}
	s, notice := NewSession(Config{Post: q.Post, Searcher: searcher})
	if s == nil {
		t.Fatal(notice)
	}
	t.Cleanup(func() { s.Close(); q.Drain() })
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	start := s.Game().Position()
	searcher.Search(context.Background(), start, engine.Limits{Depth: 4}, nil)
	if _, ok := searcher.ProbeHash(start); !ok {
		t.Fatal("the search left the start position out of the table")
	}
	heard := false
	s.Listen(Listener{GameOver: func(game.Result) {
		heard = true
		if _, ok := searcher.ProbeHash(start); ok {
			t.Error("the table still holds the game when the listeners hear of its end")
		}
	}})
	s.Endings().Resign()
	q.Drain()
	if !heard {
		t.Fatal("no game over after resigning")
	}
}
