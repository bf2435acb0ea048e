package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// Outage is a gap in the service's heartbeat: nothing reached the database from From,
// the last beat, until To, the beat that found the gap. The service may have answered a
// little after From (until the next beat was due): that time is not charged either.
type Outage struct{ From, To time.Time }

// Length is how long the outage lasted (0 for none).
func (o Outage) Length() time.Duration { return o.To.Sub(o.From) }

// Beat records that the service answers at now; every live instance beats every few
// seconds. When the last beat (of any instance) is older than tolerance, the service was
// down since it (every instance, or the database), and every game in play resumes as it
// stood then, in the beat's transaction: the side to move's clock runs again from now
// with the time it had left at the last beat, a player's absence counts only the time it
// was gone while the service answered, and a player shown away is announced again (an
// away event) with its claim and forfeit times, grace and forfeit after its last sight,
// moved on by the outage. It returns the outage (zero if none) and those away events.
//
// Beats of several instances take turns on the heartbeat's row, so one of them resumes
// the games and the others find a fresh beat. Each beat writes its own time: the
// instances' clocks must agree to well within tolerance, as the games' clocks, charged by
// whichever instance a move reaches, already need.
func (s *Store) Beat(ctx context.Context, now time.Time, tolerance, grace, forfeit time.Duration) (Outage, []proto.Event, error) {
	now = dbTime(now)
	var outage Outage
	var events []proto.Event
	err := s.inTx(ctx, func(tx *txn) error {
		outage, events = Outage{}, nil
		var last time.Time
		err := tx.QueryRow(ctx, `SELECT at FROM heartbeat WHERE id FOR UPDATE`).Scan(&last)
		if errors.Is(err, pgx.ErrNoRows) { // the first beat ever: nothing to resume
			_, err = tx.Exec(ctx, `INSERT INTO heartbeat (at) VALUES ($1) ON CONFLICT (id) DO UPDATE SET at = EXCLUDED.at`, now)
			return err
		}
		if err != nil {
			return err
		}
		if now.Sub(last) > tolerance {
			outage = Outage{From: last, To: now}
			if events, err = s.resume(ctx, tx, outage, grace, forfeit); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, `UPDATE heartbeat SET at = $1 WHERE id`, now)
		return err
	})
	if err != nil {
		return Outage{}, nil, err // rolled back: nothing was resumed
	}
	return outage, events, nil
}

// resume moves the games in play on past the outage o (see Beat). Each time t that
// counts against a player (the start of its turn, its last sight) moves on by the part
// of the outage after it: by the whole outage when t is before its start, to o.To when
// t fell within it. Presence rows are locked before game rows, in the order of their
// ids, as Seen locks them.
func (s *Store) resume(ctx context.Context, tx *txn, o Outage, grace, forfeit time.Duration) ([]proto.Event, error) {
	rows, err := tx.Query(ctx, `SELECT id FROM games WHERE status = 'playing'
		AND (red_claim_at IS NOT NULL OR black_claim_at IS NOT NULL) ORDER BY id`)
	if err != nil {
		return nil, err
	}
	marked, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, `UPDATE presence p SET seen = p.seen + ($2::timestamptz - GREATEST($1::timestamptz, p.seen))
		FROM (SELECT account_id FROM presence WHERE seen < $2 AND account_id IN (
				SELECT red FROM games WHERE status = 'playing' UNION SELECT black FROM games WHERE status = 'playing')
			ORDER BY account_id FOR UPDATE) l
		WHERE p.account_id = l.account_id`, o.From, o.To); err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, `UPDATE games SET
			turn_since = turn_since + ($2::timestamptz - GREATEST($1::timestamptz, turn_since)),
			deadline = deadline + ($2::timestamptz - GREATEST($1::timestamptz, turn_since))
		WHERE status = 'playing' AND turn_since < $2`, o.From, o.To); err != nil {
		return nil, err
	}
	var events []proto.Event
	for _, id := range marked {
		r, err := lockGame(ctx, tx, id)
		if err != nil {
			return nil, err
		}
		for _, side := range []rules.Color{rules.Red, rules.Black} {
			if r.claimAt[side] == nil {
				continue
			}
			e, err := markAway(ctx, tx, r, side, grace, forfeit)
			if err != nil {
				return nil, err
			}
			events = append(events, e)
		}
	}
	return events, nil
}
