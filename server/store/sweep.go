package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// SweepFlags ends the games whose side to move ran out of time by now, even when nobody
// moves. Any number of instances may sweep at once: each game is claimed with SKIP
// LOCKED, and an ending applies only to a game still being played. It returns the end
// events.
func (s *Store) SweepFlags(ctx context.Context, now time.Time) ([]proto.Event, error) {
	now = dbTime(now)
	return s.sweep(ctx, `SELECT `+gameColumns+` FROM games WHERE status = 'playing' AND deadline <= $1
		ORDER BY deadline LIMIT 1 FOR UPDATE SKIP LOCKED`, now,
		func(ctx context.Context, tx *txn, r *gameRow) (*proto.Event, error) {
			m, err := s.matchAt(ctx, tx, r, now)
			if err != nil {
				return nil, err
			}
			loser := m.ToMove()
			if left := m.ClockLeft(loser); left > 0 {
				// The stored deadline is early by a rounding: move it, end nothing. (An
				// error here would stop the sweep at this game, the first by deadline.)
				// Rounded up to the database's microsecond, so the sweep passes it over now.
				deadline := now.Add(left)
				if up := deadline.Truncate(time.Microsecond); up.Before(deadline) {
					deadline = up.Add(time.Microsecond)
				}
				_, err := tx.Exec(ctx, `UPDATE games SET deadline = $2 WHERE id = $1`, r.id, deadline)
				return nil, err
			}
			if err := m.Game().FlagFall(loser); err != nil {
				return nil, err
			}
			e, err := s.finish(ctx, tx, r, s.endingOf(m), clockOf(m))
			return &e, err
		})
}

// SweepAbandoned ends the games where a player has not been connected since before
// now-grace: that player loses (of two gone, the one gone longer).
func (s *Store) SweepAbandoned(ctx context.Context, now time.Time, grace time.Duration) ([]proto.Event, error) {
	now = dbTime(now)
	return s.sweep(ctx, `SELECT `+gameColumns+` FROM games WHERE status = 'playing' AND (red_seen < $1 OR black_seen < $1)
		LIMIT 1 FOR UPDATE SKIP LOCKED`, now.Add(-grace),
		func(ctx context.Context, tx *txn, r *gameRow) (*proto.Event, error) {
			m, err := s.matchAt(ctx, tx, r, now)
			if err != nil {
				return nil, err
			}
			loser := rules.Red
			if r.blackSeen.Before(*r.redSeen) {
				loser = rules.Black
			}
			res := game.Result{Status: game.RedWins, Winner: rules.Red, Reason: game.ReasonRecorded}
			if loser == rules.Red {
				res = game.Result{Status: game.BlackWins, Winner: rules.Black, Reason: game.ReasonRecorded}
			}
			end := ending{result: res, reason: ReasonAbandoned,
				text: fmt.Sprintf("%s wins: %s left the game and did not come back", s.english(game.SideName(loser.Opponent())), s.english(game.SideName(loser)))}
			e, err := s.finish(ctx, tx, r, end, clockOf(m))
			return &e, err
		})
}

// ReasonAbandoned is the reason key of a game lost by leaving it; the app's catalogs have
// no such reason because only the server can judge it.
const ReasonAbandoned = "reason.abandoned"

// sweep ends games one transaction each while query finds one, and returns the end
// events. end may end nothing (nil), having changed the row so the query passes it over.
func (s *Store) sweep(ctx context.Context, query string, arg any,
	end func(context.Context, *txn, *gameRow) (*proto.Event, error)) ([]proto.Event, error) {
	var events []proto.Event
	for {
		found := false
		err := s.inTx(ctx, func(tx *txn) error {
			r := &gameRow{}
			err := r.scan(tx.QueryRow(ctx, query, arg))
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			if err != nil {
				return err
			}
			found = true
			e, err := end(ctx, tx, r)
			if err == nil && e != nil {
				events = append(events, *e)
			}
			return err
		})
		if err != nil || !found {
			return events, err
		}
	}
}

// Seen records that the accounts are connected at now: none of them has left its games.
func (s *Store) Seen(ctx context.Context, accounts []int64, now time.Time) error {
	if len(accounts) == 0 {
		return nil
	}
	now = dbTime(now)
	for _, column := range []string{"red", "black"} {
		if _, err := s.pool.Exec(ctx, `UPDATE games SET `+column+`_seen = $2 WHERE status = 'playing' AND `+column+` = ANY($1)`,
			accounts, now); err != nil {
			return err
		}
	}
	return nil
}

// RatedGames returns how many rated games moved account's rating, and the rating.
func (s *Store) RatedGames(ctx context.Context, account int64) (int, float64, error) {
	var n int
	var r float64
	err := s.pool.QueryRow(ctx, `SELECT rated_games, rating FROM accounts WHERE id = $1`, account).Scan(&n, &r)
	return n, r, err
}
