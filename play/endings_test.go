package play

import (
	"context"
	"testing"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play/playtest"
	"github.com/xqfyne/xiangqi/rules"
)

func TestResignEndsAndIsSaved(t *testing.T) {
	fs := newMemFS()
	s, q, _ := openSession(t, fs, nil)
	if err := s.NewGame(fastSettings(game.HumanBlack)); err != nil {
		t.Fatal(err)
	}
	q.WaitFor(t, 10*time.Second, "the engine's first move", func() bool { return s.Game().Ply() == 1 })
	var over game.Result
	s.Listen(Listener{GameOver: func(r game.Result) { over = r }})
	s.Endings().Resign()
	r := s.Game().Result()
	if r.Reason != game.ReasonResignation || r.Winner != rules.Red || over != r || s.Endings().CanResign() || s.Engine().Thinking() {
		t.Fatalf("after resigning as Black: %+v, announced %+v", r, over)
	}
	s.Close()
	s2, _, _ := openSession(t, fs, nil)
	if got := s2.Game().Result(); got != r {
		t.Fatalf("restored result %+v, want %+v", got, r)
	}
}

// scoring answers every search with move and the given score.
func scoring(move string, score int) SearchFunc {
	return func(_ context.Context, p *rules.Position, _ engine.Limits, _ func(engine.Info)) engine.SearchResult {
		m, _ := rules.ParseMove(move)
		if !p.IsLegal(m) {
			m = p.LegalMoves()[0]
		}
		return engine.SearchResult{Move: m, Score: score, Depth: 5}
	}
}

// playLong plays plies moves, or until the game ends: the player's moves vary (the i-th
// legal move at ply i), so that no position repeats; the engine answers.
func playLong(t *testing.T, s *Session, q *playtest.UIQueue, plies int) {
	t.Helper()
	for s.Game().Ply() < plies && !s.Game().Result().Decided() {
		want := s.Game().Ply() + 2
		moves := s.Game().Position().LegalMoves()
		m := moves[s.Game().Ply()%len(moves)]
		s.Input().Tap(m.From())
		s.Input().Tap(m.To())
		q.WaitFor(t, 10*time.Second, "the engine's reply", func() bool { return s.Game().Ply() == want || !s.Engine().Thinking() })
	}
}

func TestEngineAnswersDrawOffer(t *testing.T) {
	for _, c := range []struct {
		name  string
		score int
		plies int
		want  DrawAnswer
	}{
		{"level game, late enough", 0, minDrawOfferPlies, DrawAccepted},
		{"too early", 0, 4, DrawDeclined},
		{"the engine is ahead", 3 * drawAcceptScore, minDrawOfferPlies, DrawDeclined},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, q, _ := openSession(t, nil, scoring("", c.score))
			if err := s.NewGame(fastSettings(game.HumanRed)); err != nil {
				t.Fatal(err)
			}
			playLong(t, s, q, c.plies)
			if s.Game().Result().Decided() {
				t.Skip("the random game ended before the offer")
			}
			got := s.Endings().OfferDraw()
			r := s.Game().Result()
			if got != c.want || (got == DrawAccepted) != (r.Reason == game.ReasonAgreement) {
				t.Fatalf("answer %v, result %+v; want %v", got, r, c.want)
			}
		})
	}
}

func TestTwoPlayersAnswerDrawOffer(t *testing.T) {
	s, _, _ := openSession(t, nil, nil)
	if err := s.NewGame(fastSettings(game.HumanBoth)); err != nil {
		t.Fatal(err)
	}
	tapMove(t, s, "h2e2")
	if got := s.Endings().OfferDraw(); got != DrawAskOpponent || s.Game().Result().Decided() {
		t.Fatalf("offer between two players: %v", got)
	}
	s.Endings().AcceptDraw()
	if r := s.Game().Result(); r.Reason != game.ReasonAgreement || r.Status != game.Draw {
		t.Fatalf("after accepting: %+v", r)
	}
}
