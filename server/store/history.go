package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/server/proto"
)

// EventPage returns game's events after number after, in order, at most n of them (all
// when n is 0): a socket sends a long history a page at a time.
func (s *Store) EventPage(ctx context.Context, gameID, after int64, n int) ([]proto.Event, error) {
	limit := any(nil) // LIMIT NULL is no limit
	if n > 0 {
		limit = n
	}
	rows, err := s.pool.Query(ctx, `SELECT seq, kind, data FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
		gameID, after, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (proto.Event, error) {
		e := proto.Event{Game: gameID}
		err := row.Scan(&e.Seq, &e.Kind, &e.Data)
		return e, err
	})
}
