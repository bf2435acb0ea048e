package gui

import (
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"github.com/xqfyne/xiangqi/gui/present"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/puzzle"
	"github.com/xqfyne/xiangqi/rules"
)

// Endgame training shows the ending's known result before the first move, and after a
// try what the player made of it beside that: a won ending whose king only shuffles is
// drawn by repetition, "You drew; theory: Red wins".
func TestEndgameTheoryBeforeAndAfter(t *testing.T) {
	w, q := openPuzzleWindow(t, t.TempDir())
	ls := openPuzzleList(t, w)
	choose(t, ls, "source", present.CollectionName(trData, puzzle.CollectionEndgames))
	ps := openRow(t, w, ls, 0)
	p := ps.run.Puzzle()
	pos, err := p.Position()
	if err != nil {
		t.Fatal(err)
	}
	if p.Kind != puzzle.KindEndgame || !slices.Contains(p.Themes, "win") {
		t.Fatalf("the first endgame %s is not one to win (%v)", p.ID, p.Themes)
	}
	winner := map[rules.Color]string{rules.Red: "puzzle.theory.redWins", rules.Black: "puzzle.theory.blackWins"}[pos.Side()]
	want := tr("puzzle.theory", map[string]any{"Result": tr(winner)})
	if !ps.theory.Visible() || ps.theory.Text != want {
		t.Fatalf("before the first move the theory reads %q (shown %v), want %q", ps.theory.Text, ps.theory.Visible(), want)
	}
	// The king steps to a neighbouring point of the palace and back until the rules
	// call the repetition; the engine, losing, is glad to repeat.
	king := pos.KingSquare(pos.Side())
	var step rules.Move
	for _, m := range pos.LegalMoves() {
		if m.From() == king && pos.At(m.To()) == rules.NoPiece {
			step = m
			break
		}
	}
	if step == rules.NoMove {
		t.Fatalf("the king of %s cannot step", p.ID)
	}
	back := rules.NewMove(step.To(), step.From())
	for i := 0; i < 12 && ps.run.State() == play.RunSolving; i++ {
		m := step
		if i%2 == 1 {
			m = back
		}
		if !ps.run.Position().IsLegal(m) {
			t.Fatalf("move %d: %v is not legal in %s", i+1, m, ps.run.Position().FEN())
		}
		tapBoardMove(t, ps, m)
		q.WaitFor(t, time.Minute, "the engine's reply", func() bool { return !ps.run.Thinking() })
		if ps.run.State() == play.RunSolving && ps.theory.Text != want {
			t.Fatalf("during the try the theory reads %q", ps.theory.Text)
		}
	}
	if runOutcome(ps.run) != play.OutcomeDrawn {
		t.Fatalf("after the shuffle: state %v, outcome %v, status %q", ps.run.State(), runOutcome(ps.run), ps.status.Text)
	}
	want = tr("puzzle.outcome.drawn", map[string]any{"Result": tr(winner)})
	if ps.theory.Text != want || ps.run.State() != play.RunFailed {
		t.Fatalf("after the try the theory reads %q, want %q", ps.theory.Text, want)
	}
}

// A puzzle opens in a phone's portrait window: the board on top, the moves left and the
// theory under it. (The layout it shares with the editor read the editor's reasons, which
// the puzzle screen has none of, and the app crashed when a puzzle was opened on a phone.)
func TestPuzzleScreenInPortrait(t *testing.T) {
	w, _ := openPuzzleWindow(t, t.TempDir())
	w.Fyne().Resize(fyne.NewSize(390, 844))
	ls := openPuzzleList(t, w)
	choose(t, ls, "source", present.CollectionName(trData, puzzle.CollectionEndgames))
	ps := openRow(t, w, ls, 0)
	ps.content.Resize(fyne.NewSize(390, 844))
	if b := ps.board.Size(); b.Width < 300 || b.Height < 300 || ps.board.Position().Y != 0 {
		t.Fatalf("the board at %v, %v", ps.board.Position(), b)
	}
	if !ps.theory.Visible() || ps.theory.Text == "" {
		t.Fatal("no theory under the board")
	}
}

// runOutcome is the try's outcome as the screen reads it, from the run's theory.
func runOutcome(r *play.PuzzleRun) play.EndgameOutcome {
	th, _ := r.Theory()
	return th.Outcome
}
