package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/glicko"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/server/proto"
)

// The end of a game: its result and reason, the text said in English, and the ratings.

// Ending is how a game ended, for the end event.
type ending struct {
	result  game.Result
	reason  string // the reason's catalog key
	text    string // the result in English
	verdict string
}

func (s *Store) english(m i18n.Message) string { return s.catalogs.Text(i18n.English, m) }

// endingOf describes the match's result.
func (s *Store) endingOf(m *match.Match) ending {
	res := m.Result()
	e := ending{result: res, reason: res.Reason.Message().Key, text: s.english(res.Message())}
	if v, ok := m.Game().RepetitionVerdict(); ok {
		e.verdict = s.english(v.Message())
	}
	return e
}

// finish ends the game: the row is marked over with its result (only a game still being
// played can end, so an ending applies once), ratings move in a rated game, and the end
// event is appended.
func (s *Store) finish(ctx context.Context, tx *txn, r *gameRow, end ending, clock proto.Clock) (proto.Event, error) {
	var at time.Time // the database's time of the ending transaction
	err := tx.QueryRow(ctx, `UPDATE games SET status = 'over', result = $2, reason = $3, verdict = NULLIF($4, ''),
		red_ms = $5, black_ms = $6, deadline = NULL, turn_since = NULL, draw_offer = NULL
		WHERE id = $1 AND status = 'playing' RETURNING now()`, r.id, end.result.PGN(), end.reason, end.verdict, clock.Red, clock.Black).Scan(&at)
	if errors.Is(err, pgx.ErrNoRows) {
		return proto.Event{}, proto.Errorf(proto.CodeGameOver, "the game has already ended")
	}
	if err != nil {
		return proto.Event{}, err
	}
	r.status = "over"
	data := proto.EndData{Result: end.result.PGN(), Reason: end.reason, Text: end.text, Verdict: end.verdict, Clock: clock, At: at.UTC()}
	if r.rated {
		if data.Red, data.Black, err = s.rate(ctx, tx, r, end.result); err != nil {
			return proto.Event{}, err
		}
	}
	return appendEvent(ctx, tx, r, proto.KindEnd, data)
}

// rate moves both players' ratings by the game's result, in the ending's transaction.
// The rating_changes row, keyed by game, makes a second change of the same game fail.
func (s *Store) rate(ctx context.Context, tx *txn, r *gameRow, res game.Result) (*proto.RatingChange, *proto.RatingChange, error) {
	first, second := *r.red, *r.black
	if second < first { // lock accounts in one order everywhere, so two endings cannot deadlock
		first, second = second, first
	}
	ratings := map[int64]glicko.Rating{}
	for _, id := range []int64{first, second} {
		var g glicko.Rating
		if err := tx.QueryRow(ctx, `SELECT rating, deviation, volatility FROM accounts WHERE id = $1 FOR UPDATE`, id).
			Scan(&g.Rating, &g.Deviation, &g.Volatility); err != nil {
			return nil, nil, err
		}
		ratings[id] = g
	}
	scoreRed := 0.5
	switch res.Status {
	case game.RedWins:
		scoreRed = 1
	case game.BlackWins:
		scoreRed = 0
	}
	redBefore, blackBefore := ratings[*r.red], ratings[*r.black]
	redAfter, blackAfter, err := glicko.Game(redBefore, blackBefore, scoreRed, s.tau)
	if err != nil {
		return nil, nil, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO rating_changes (game_id, red_before, red_after, black_before, black_after)
		VALUES ($1, $2, $3, $4, $5)`, r.id, redBefore.Rating, redAfter.Rating, blackBefore.Rating, blackAfter.Rating); err != nil {
		return nil, nil, err
	}
	for id, g := range map[int64]glicko.Rating{*r.red: redAfter, *r.black: blackAfter} {
		if _, err := tx.Exec(ctx, `UPDATE accounts SET rating = $2, deviation = $3, volatility = $4, rated_games = rated_games + 1
			WHERE id = $1`, id, g.Rating, g.Deviation, g.Volatility); err != nil {
			return nil, nil, err
		}
	}
	return &proto.RatingChange{Before: redBefore.Rating, After: redAfter.Rating},
		&proto.RatingChange{Before: blackBefore.Rating, After: blackAfter.Rating}, nil
}
