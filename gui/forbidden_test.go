package gui

import (
	"context"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/xqfyne/xiangqi/engine"
)

// The app's engine is told the moves the judge would punish: here, chasing the
// undefended cannon once more would lose by perpetual chase.
func TestEngineSearchBansPerpetualChase(t *testing.T) {
	w, q := openTwoPlayerGame(t, "5k3/9/1c7/9/R8/9/9/9/9/3K5 w - - 0 1",
		"a5b5", "b7a7", "b5a5", "a7b7", "a5b5", "b7a7")
	s := w.Session()
	var banned []engine.Move
	s.search = func(_ context.Context, p *engine.Position, lim engine.Limits, _ func(engine.Info)) engine.Result {
		banned = lim.BanMoves
		return engine.Result{Move: mv(t, "b5b1")}
	}
	test.Tap(w.hintBtn)
	q.waitFor(t, 10*time.Second, "hint", func() bool { return w.Board().View().Hint != engine.NoMove })
	if !slices.Equal(banned, []engine.Move{mv(t, "b5a5")}) {
		t.Fatalf("search banned %v, want [b5a5]", banned)
	}
}
