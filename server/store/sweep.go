package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
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
			if left := m.Clock(loser).Left(m.TimeControl()); left > 0 {
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
// now-forfeit: that player loses (of two gone, the one gone longer), whether or not the
// opponent claimed first (see Claim).
func (s *Store) SweepAbandoned(ctx context.Context, now time.Time, forfeit time.Duration) ([]proto.Event, error) {
	now = dbTime(now)
	return s.sweep(ctx, `SELECT `+gameColumns+` FROM games WHERE status = 'playing' AND (red IN (`+absent+`) OR black IN (`+absent+`))
		LIMIT 1 FOR UPDATE SKIP LOCKED`, now.Add(-forfeit),
		func(ctx context.Context, tx *txn, r *gameRow) (*proto.Event, error) {
			m, err := s.matchAt(ctx, tx, r, now)
			if err != nil {
				return nil, err
			}
			loser := rules.Red
			if r.seen(rules.Black).Before(r.seen(rules.Red)) {
				loser = rules.Black
			}
			e, err := s.finish(ctx, tx, r, s.abandoned(loser, false), clockOf(m))
			return &e, err
		})
}

// seen is when side's player was last known connected (the zero time if never).
func (r *gameRow) seen(side rules.Color) time.Time {
	t := r.redSeen
	if side == rules.Black {
		t = r.blackSeen
	}
	if t == nil {
		return time.Time{}
	}
	return *t
}

// absent selects the accounts not known connected since $1.
const absent = `SELECT account_id FROM presence WHERE seen < $1`

// abandoned is the ending of a game that side left: a loss, or a draw its opponent claimed.
func (s *Store) abandoned(side rules.Color, draw bool) ending {
	gone, stayed := s.english(game.SideName(side)), s.english(game.SideName(side.Opponent()))
	if draw {
		return ending{result: game.Result{Status: game.Draw, Reason: game.ReasonRecorded}, reason: match.ReasonAbandoned,
			text: fmt.Sprintf("Draw: %s left the game and %s claimed a draw", gone, stayed)}
	}
	res := game.Result{Status: game.RedWins, Winner: rules.Red, Reason: game.ReasonRecorded}
	if side == rules.Red {
		res = game.Result{Status: game.BlackWins, Winner: rules.Black, Reason: game.ReasonRecorded}
	}
	return ending{result: res, reason: match.ReasonAbandoned, text: fmt.Sprintf("%s wins: %s left the game and did not come back", stayed, gone)}
}

// SweepAway finds the players of games in play not connected since before now-after,
// and tells their opponents with an away event: they may claim the game from the moment
// the player was last seen plus grace, and the sweeper ends it at that moment plus
// forfeit (SweepAbandoned). A player is marked away once until it comes back.
func (s *Store) SweepAway(ctx context.Context, now time.Time, after, grace, forfeit time.Duration) ([]proto.Event, error) {
	now = dbTime(now)
	return s.sweep(ctx, `SELECT `+gameColumns+` FROM games WHERE status = 'playing'
		AND (red_claim_at IS NULL AND red IN (`+absent+`) OR black_claim_at IS NULL AND black IN (`+absent+`))
		LIMIT 1 FOR UPDATE SKIP LOCKED`, now.Add(-after),
		func(ctx context.Context, tx *txn, r *gameRow) (*proto.Event, error) {
			// Of two players gone, the one gone longer first; the other on the next round.
			side := rules.Red
			if r.claimAt[rules.Red] != nil || r.claimAt[rules.Black] == nil && r.seen(rules.Black).Before(r.seen(rules.Red)) {
				side = rules.Black
			}
			since := r.seen(side)
			claimAt := since.Add(grace)
			if _, err := tx.Exec(ctx, `UPDATE games SET `+sideName(side)+`_claim_at = $2 WHERE id = $1`, r.id, claimAt); err != nil {
				return nil, err
			}
			e, err := appendEvent(ctx, tx, r, proto.KindAway, proto.AwayData{Side: sideName(side), Since: since,
				ClaimAt: claimAt, ForfeitAt: since.Add(forfeit)})
			return &e, err
		})
}

// present marks side, which acts in the locked game, as connected: if it was away, the
// away mark is cleared and a back event appended (returned).
func present(ctx context.Context, tx *txn, r *gameRow, side rules.Color) ([]proto.Event, error) {
	if r.claimAt[side] == nil {
		return nil, nil
	}
	if _, err := tx.Exec(ctx, `UPDATE games SET `+sideName(side)+`_claim_at = NULL WHERE id = $1`, r.id); err != nil {
		return nil, err
	}
	r.claimAt[side] = nil
	e, err := appendEvent(ctx, tx, r, proto.KindBack, proto.SideData{Side: sideName(side)})
	return []proto.Event{e}, err
}

// Claim ends the game for account because its opponent is away: a win, or a draw when
// draw is set. It is refused with CodeNotAway while the opponent is connected (or once it
// came back) and with CodeTooEarly before the claim time its away event announced.
func (s *Store) Claim(ctx context.Context, account, gameID int64, draw bool, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		gone := side.Opponent()
		at := r.claimAt[gone]
		if at == nil {
			return nil, proto.Errorf(proto.CodeNotAway, "your opponent is connected; there is nothing to claim")
		}
		if now.Before(*at) {
			return nil, proto.Errorf(proto.CodeTooEarly, fmt.Sprintf("you may claim in %.1f s, at %s",
				at.Sub(now).Seconds(), at.UTC().Format(time.RFC3339Nano)))
		}
		e, err := s.finish(ctx, tx, r, s.abandoned(gone, draw), clockOf(m))
		return []proto.Event{e}, err
	})
}

// sweep ends games one transaction each while query finds one, and returns the end
// events. end may end nothing (nil), having changed the row so the query passes it over.
func (s *Store) sweep(ctx context.Context, query string, arg any,
	end func(context.Context, *txn, *gameRow) (*proto.Event, error)) ([]proto.Event, error) {
	var events []proto.Event
	for {
		found := false
		var ended *proto.Event
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
			ended, err = end(ctx, tx, r)
			return err
		})
		if err == nil && ended != nil { // committed: it happened
			events = append(events, *ended)
		}
		if err != nil || !found {
			return events, err
		}
	}
}

// Seen records that the accounts are connected at now: none of them has left its games.
// Those marked away in a game are back: the mark is cleared and a back event appended,
// in the transaction of the record, under the game's lock, so a claim sees either the
// mark or the return.
func (s *Store) Seen(ctx context.Context, accounts []int64, now time.Time) ([]proto.Event, error) {
	if len(accounts) == 0 {
		return nil, nil
	}
	now = dbTime(now)
	var events []proto.Event
	err := s.inTx(ctx, func(tx *txn) error {
		events = nil
		if err := recordPresence(ctx, tx, accounts, now); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT id FROM games WHERE status = 'playing'
			AND (red = ANY($1) AND red_claim_at IS NOT NULL OR black = ANY($1) AND black_claim_at IS NOT NULL) ORDER BY id`, accounts)
		if err != nil {
			return err
		}
		games, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		for _, id := range games {
			r, err := lockGame(ctx, tx, id)
			if err != nil {
				return err
			}
			for _, side := range []rules.Color{rules.Red, rules.Black} {
				player := r.red
				if side == rules.Black {
					player = r.black
				}
				if player == nil || !slices.Contains(accounts, *player) {
					continue
				}
				e, err := present(ctx, tx, r, side)
				if err != nil {
					return err
				}
				events = append(events, e...)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err // rolled back: none of the events happened
	}
	return events, nil
}

// Returned records account as connected at now if it is shown away in a game (see
// Seen); otherwise it writes nothing, and the instance's next record of its players does.
// It is the check of a new socket, so that a reconnecting crowd costs reads, not commits.
func (s *Store) Returned(ctx context.Context, account int64, now time.Time) ([]proto.Event, error) {
	var away bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE status = 'playing'
		AND (red = $1 AND red_claim_at IS NOT NULL OR black = $1 AND black_claim_at IS NOT NULL))`, account).Scan(&away); err != nil || !away {
		return nil, err
	}
	return s.Seen(ctx, []int64{account}, now)
}

// recordPresence records the accounts as connected at now (a later record stands). The
// rows are written in the order of their ids, as every instance does, so that two
// instances recording at once cannot deadlock.
func recordPresence(ctx context.Context, tx *txn, accounts []int64, now time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO presence (account_id, seen) SELECT DISTINCT a, $2::timestamptz FROM unnest($1::bigint[]) AS a ORDER BY a
		ON CONFLICT (account_id) DO UPDATE SET seen = GREATEST(presence.seen, EXCLUDED.seen)`, accounts, now)
	return err
}

// RatedGames returns how many rated games moved account's rating, and the rating.
func (s *Store) RatedGames(ctx context.Context, account int64) (int, float64, error) {
	var n int
	var r float64
	err := s.pool.QueryRow(ctx, `SELECT rated_games, rating FROM accounts WHERE id = $1`, account).Scan(&n, &r)
	return n, r, err
}
