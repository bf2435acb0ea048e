package engine

import (
	"context"
	"testing"

	"github.com/xqfyne/xiangqi/rules"
)

// Red, two rooks down, can repeat with f5a5: rook checks on f5 alternate
// with rook chases of the cannon on a8. The Asian rules allow one check,
// one chase, so the repetition is a draw Red gladly takes; under the
// Chinese rules it is 长打 and loses, so the search must avoid it.
func TestSearchScoresRepetitionByRules(t *testing.T) {
	p := mustFEN(t, "5k1rr/c3a4/9/9/R8/9/9/9/9/3K5 w - - 0 1")
	play(t, p, "a5f5 e8f7 f5a5 f7e8 a5f5 e8f7")
	repeat := mustMove(t, "f5a5")
	for _, tc := range []struct {
		rules      rules.RuleSet
		wantRepeat bool
	}{{rules.RulesAsian, true}, {rules.RulesChinese, false}} {
		s := NewSearcher(Options{HashMB: 1, Rules: tc.rules})
		res := s.Search(context.Background(), p, Limits{Depth: 4}, nil)
		if (res.Move == repeat) != tc.wantRepeat {
			t.Errorf("%v rules: bestmove %v score %d, repeating with f5a5: want %v", tc.rules, res.Move, res.Score, tc.wantRepeat)
		}
		if tc.wantRepeat && IsDecisive(res.Score) {
			t.Errorf("%v rules: score %d for a drawn repetition", tc.rules, res.Score)
		}
	}
	// SetRules switches an existing searcher.
	s := NewSearcher(Options{HashMB: 1})
	s.SetRules(rules.RulesChinese)
	if s.Options().Rules != rules.RulesChinese {
		t.Fatal("SetRules did not take")
	}
	if res := s.Search(context.Background(), p, Limits{Depth: 4}, nil); res.Move == repeat {
		t.Errorf("after SetRules(chinese) the search still repeats")
	}
}

// From a UCCILEAG league game: Red shuffles an elephant (g4i2, i2g4) and
// Black answers e7g5, g5e7. Each Black move gives the cannon on g7 a new
// screen and so a new attack on the rook on g3: a perpetual chase under
// both rule books, which Black would have to break off. UCCILEAG finds only
// chases by the piece that moved, so it drew the game. Told that the
// opponent may chase, the search no longer counts the repetition as a win
// and plays on (Red is better); its own side's chase still loses.
func TestSearchOpponentMayChase(t *testing.T) {
	const start = "3akab2/9/n3b1c2/4p4/r8/2P1P1B2/P5R1P/2N1B1N2/4A4/3AK4 w - - 1 25"
	p := mustFEN(t, start)
	play(t, p, "g4i2 e7g5 i2g4 g5e7")
	repeat := mustMove(t, "g4i2")
	for _, may := range []bool{false, true} {
		s := NewSearcher(Options{HashMB: 1, OpponentMayChase: may})
		res := s.Search(context.Background(), p, Limits{Depth: 6}, nil)
		if may && (res.Move == repeat || IsDecisive(res.Score)) {
			t.Errorf("opponent may chase: bestmove %v score %d, want another move and no win by the rules", res.Move, res.Score)
		}
		if !may && (res.Move != repeat || res.Score < WinValue) {
			t.Errorf("chases judged: bestmove %v score %d, want g4i2 winning by the chase rule", res.Move, res.Score)
		}
	}
	// Black to move, completing the cycle with g5e7: that is Black's own
	// perpetual chase, a loss whether or not the opponent may chase.
	p = mustFEN(t, start)
	play(t, p, "g4i2 e7g5 i2g4 g5e7 g4i2 e7g5 i2g4")
	chase := mustMove(t, "g5e7")
	for _, may := range []bool{false, true} {
		s := NewSearcher(Options{HashMB: 1})
		s.SetOpponentMayChase(may)
		res := s.Search(context.Background(), p, Limits{Depth: 6, SearchMoves: []rules.Move{chase}}, nil)
		if res.Score > -WinValue {
			t.Errorf("opponent may chase %v: Black's own chase g5e7 scores %d, want a loss", may, res.Score)
		}
	}
}

// TestSearchPlaysForACaptureBeforeTheMoveLimit: with the no-capture count at
// 99, a rook up is worth nothing under a referee that draws at 100 unless
// the rook captures at once; under the 120-ply limit it is still a win.
func TestSearchPlaysForACaptureBeforeTheMoveLimit(t *testing.T) {
	const noCapture = "3aka3/9/9/9/9/R8/9/9/9/3K5 w - - 99 60"
	const pawnToTake = "3aka3/9/9/p8/9/R8/9/9/9/3K5 w - - 99 60"
	score := func(fen string, limit int) SearchResult {
		s := NewSearcher(Options{HashMB: 1, MoveLimit: limit})
		return s.Search(context.Background(), mustFEN(t, fen), Limits{Depth: 5}, nil)
	}
	if r := score(noCapture, 0); r.Score < 150 {
		t.Errorf("rook up, 120-ply limit: score %d, want a clear win", r.Score)
	}
	if r := score(noCapture, 100); r.Score < -DrawValue || r.Score > DrawValue {
		t.Errorf("rook up with 99 plies gone, 100-ply limit, no capture to make: score %d, want a draw", r.Score)
	}
	r := score(pawnToTake, 100)
	if r.Move.String() != "a4a6" || r.Score < 150 {
		t.Errorf("100-ply limit with a pawn to take: %s scoring %d, want a4a6 keeping the win", r.Move, r.Score)
	}
	s := NewSearcher(Options{HashMB: 1})
	s.SetMoveLimit(100)
	if got := s.Options().MoveLimit; got != 100 {
		t.Errorf("SetMoveLimit(100): Options().MoveLimit = %d", got)
	}
}

// TestSearchCountsTheMoveLimitAsTheRefereeDoes: a rook up with 100 plies
// gone since the last capture is still a win under a referee that draws at
// 100 when checks were among them, as ElephantEye's count leaves checks
// out; and a game that went past a limit shows that limit is not in force.
// (Drawing at 100 plies of any kind, the search scored every quiet move a
// draw here and played blind.)
func TestSearchCountsTheMoveLimitAsTheRefereeDoes(t *testing.T) {
	search := func(p *rules.Position, limit int) SearchResult {
		s := NewSearcher(Options{HashMB: 1, MoveLimit: limit})
		return s.Search(context.Background(), p, Limits{Depth: 5}, nil)
	}
	// 94 plies, then two checks and their replies: 100 plies, 96 by the
	// referee's count.
	p := mustFEN(t, "3aka3/9/9/9/9/R8/9/9/9/3K5 w - - 94 60")
	play(t, p, "a4e4 d9e8 e4f4 e8d9 f4e4 d9e8")
	if p.HalfmoveClock() != 100 || p.CheckFreeClock() != 96 {
		t.Fatalf("clocks %d and %d, want 100 and 96", p.HalfmoveClock(), p.CheckFreeClock())
	}
	if r := search(p, 100); r.Score < 150 {
		t.Errorf("rook up, 96 plies by the referee's count of 100: score %d (%s), want a clear win", r.Score, r.Move)
	}
	// Past the 120-ply limit without a draw: the game goes on, so the
	// search does not score one either.
	if r := search(mustFEN(t, "3aka3/9/9/9/9/R8/9/9/9/3K5 w - - 125 60"), 0); r.Score < 150 {
		t.Errorf("rook up, 125 plies gone, game not drawn: score %d (%s), want a clear win", r.Score, r.Move)
	}
}
