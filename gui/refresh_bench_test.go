package gui

import (
	"math/rand/v2"
	"slices"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/rules"
)

// longGame plays a reproducible random game of plies moves that has not ended: quiet moves
// as a rule, a capture when the no-capture count nears its limit.
func longGame(tb testing.TB, plies int) *game.Game {
	tb.Helper()
	for seed := uint64(1); seed < 100; seed++ {
		rnd := rand.New(rand.NewPCG(seed, 7))
		g, err := game.New("")
		if err != nil {
			tb.Fatal(err)
		}
		for g.Ply() < plies {
			pos := g.Position()
			moves := pos.LegalMoves()
			rnd.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
			wantCapture := pos.HalfmoveClock() >= 100
			slices.SortStableFunc(moves, func(a, b rules.Move) int {
				ca, cb := pos.At(a.To()) != rules.NoPiece, pos.At(b.To()) != rules.NoPiece
				if ca == cb {
					return 0
				}
				if ca == wantCapture {
					return -1
				}
				return 1
			})
			played := false
			for _, m := range moves {
				if g.Play(m) != nil {
					continue
				}
				if !g.Result().Decided() {
					played = true
					break
				}
				g.Undo()
			}
			if !played {
				break
			}
		}
		if g.Ply() == plies {
			return g
		}
	}
	tb.Fatalf("no random game of %d plies", plies)
	return nil
}

// openLongGame opens the app on a saved two-player game of 300 plies.
func openLongGame(b *testing.B) (*Window, *playtest.UIQueue) {
	g := longGame(b, 300)
	dir := b.TempDir()
	store, err := play.NewDirStore(dir)
	if err != nil {
		b.Fatal(err)
	}
	set := play.DefaultSettings(play.English)
	set.Human = game.HumanBoth
	if err := store.Save(g, set); err != nil {
		b.Fatal(err)
	}
	w, q := openWindow(b, dir)
	w.Fyne().Resize(fyne.NewSize(900, 680))
	return w, q
}

// BenchmarkUIMove300 measures what a move costs the UI goroutine on a 300-ply game: two
// taps, the move, encoding the save for the background writer, and the window's refresh;
// then Undo, the same again. ns/change is the cost of one of the two.
func BenchmarkUIMove300(b *testing.B) {
	w, _ := openLongGame(b)
	s := w.Session()
	m := s.Game().Position().LegalMoves()[0]
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Input().Tap(m.From())
		s.Input().Tap(m.To())
		s.Takeback().Undo()
	}
	b.StopTimer()
	s.Flush()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/2, "ns/change")
}

// BenchmarkUIProgress300 measures a search progress report on a 300-ply game: only the
// status line is refreshed.
func BenchmarkUIProgress300(b *testing.B) {
	w, _ := openLongGame(b)
	for i := 0; i < b.N; i++ {
		w.game.refresh(play.ChangeStatus)
	}
}
