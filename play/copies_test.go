//go:build copycount

package play

import (
	"context"
	"testing"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match/matchtest"
	"github.com/xqfyne/xiangqi/rules"
)

// maxCopiesPerMove bounds the Position copies (each with the whole history) of a tapped
// human move and the engine's reply: the search's own copy, the rest read the record's
// position through its view (issue 47 counted about 15).
const maxCopiesPerMove = 4

// maxLegalChecksPerMove bounds the legality checks (Position.IsLegal) of the same two
// moves: each is judged once, where it is found (the tap, the engine's reply), and played
// as judged (issue 47 counted three a move).
const maxLegalChecksPerMove = 2

// copiesOfAMoveAndReply plays one tapped move and the engine's (fake, instant) reply and
// returns how many Position copies and legality checks that took.
func copiesOfAMoveAndReply(tb *testing.T) (copies, checks int64) {
	reply := func(_ context.Context, pos *rules.Position, _ engine.Limits, _ func(engine.Info)) engine.SearchResult {
		for _, m := range pos.LegalMoves() {
			return engine.SearchResult{Move: m}
		}
		return engine.SearchResult{}
	}
	ft := matchtest.NewFakeTime()
	s, q := clockSession(tb, newMemFS(), ft, reply)
	if err := s.NewGame(fastSettings(game.HumanRed)); err != nil {
		tb.Fatal(err)
	}
	q.Drain()
	before, checked := rules.Copies(), rules.LegalChecks()
	tapMove(tb, s, "h2e2")
	s.Engine().Wait()
	q.Drain()
	if s.Game().Ply() != 2 {
		tb.Fatalf("the engine did not reply: ply %d", s.Game().Ply())
	}
	return rules.Copies() - before, rules.LegalChecks() - checked
}

// Run with `go test -tags copycount -run PositionCopies ./play` (CI does).
func TestPositionCopiesPerMoveAndReply(t *testing.T) {
	n, checks := copiesOfAMoveAndReply(t)
	t.Logf("%d Position copies and %d legality checks for a tapped move and the engine's reply", n, checks)
	if n > maxCopiesPerMove {
		t.Errorf("%d Position copies for a tapped move and the engine's reply, want at most %d", n, maxCopiesPerMove)
	}
	if checks > maxLegalChecksPerMove {
		t.Errorf("%d legality checks for a tapped move and the engine's reply, want at most %d", checks, maxLegalChecksPerMove)
	}
}
