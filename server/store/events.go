package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/server/proto"
)

// A game's numbered events: appended in the transaction that makes them, announced by
// NOTIFY, and read back (by page, for a watch or a resume; whole, for tests and tools).

// appendEvent numbers and stores the game's next event and queues its notification,
// sent once the transaction has committed.
func appendEvent(ctx context.Context, tx *txn, r *gameRow, kind string, data any) (proto.Event, error) {
	return appendEventSetting(ctx, tx, r, kind, data, "")
}

// appendEventSetting is appendEvent that also sets the game row's columns as set says
// (assignments whose parameters $1, $2, ... are args), in the same statement: one round
// trip to the database instead of two.
func appendEventSetting(ctx context.Context, tx *txn, r *gameRow, kind string, data any, set string, args ...any) (proto.Event, error) {
	r.version++
	e, err := proto.NewEvent(r.id, r.version, kind, data)
	if err != nil {
		return e, err
	}
	if set != "" {
		set = ", " + set
	}
	n := len(args)
	all := append(args, r.id, r.version, kind, e.Data)
	if _, err := tx.Exec(ctx, fmt.Sprintf(`WITH e AS (INSERT INTO events (game_id, seq, kind, data) VALUES ($%d, $%d, $%d, $%d))
		UPDATE games SET version = $%d`+set+` WHERE id = $%d`, n+1, n+2, n+3, n+4, n+2, n+1), all...); err != nil {
		return e, err
	}
	return e, notifyEvent(ctx, tx, e)
}

// maxPayload keeps a notification under PostgreSQL's 8000-byte limit; a larger event is
// announced by number only and read from the table.
const maxPayload = 7900

func notifyEvent(ctx context.Context, tx *txn, e proto.Event) error {
	payload, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if len(payload) > maxPayload {
		payload, _ = json.Marshal(proto.Event{Game: e.Game, Seq: e.Seq})
	}
	tx.notify(ChannelGame, string(payload))
	return nil
}

// Events returns game's events after number after, in order.
func (s *Store) Events(ctx context.Context, gameID, after int64) ([]proto.Event, error) {
	return s.EventPage(ctx, gameID, after, 0)
}

// GameExists reports whether the game exists (anyone may watch it).
func (s *Store) GameExists(ctx context.Context, gameID int64) (bool, error) {
	var ok bool
	err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)`, gameID).Scan(&ok)
	return ok, err
}

// Versions returns the number of the last event of each of the games that exists.
func (s *Store) Versions(ctx context.Context, games []int64) (map[int64]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, version FROM games WHERE id = ANY($1)`, games)
	if err != nil {
		return nil, err
	}
	versions := map[int64]int64{}
	var id, version int64
	_, err = pgx.ForEachRow(rows, []any{&id, &version}, func() error {
		versions[id] = version
		return nil
	})
	return versions, err
}

// PlayersGames returns, for each of the accounts, the games it is playing.
func (s *Store) PlayersGames(ctx context.Context, accounts []int64) (map[int64][]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, red, black FROM games WHERE status = 'playing' AND (red = ANY($1) OR black = ANY($1))`, accounts)
	if err != nil {
		return nil, err
	}
	games := map[int64][]int64{}
	var id, red, black int64
	_, err = pgx.ForEachRow(rows, []any{&id, &red, &black}, func() error {
		games[red] = append(games[red], id)
		games[black] = append(games[black], id)
		return nil
	})
	return games, err
}

// ActiveGames returns the games account is playing.
func (s *Store) ActiveGames(ctx context.Context, account int64) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM games WHERE status = 'playing' AND (red = $1 OR black = $1) ORDER BY id`, account)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// EndedGames returns account's ended games, newest (highest id) first, at most limit. Ids
// grow with the games' creation, which is near enough to their end for an app catching up
// on the games that ended while it was not running.
func (s *Store) EndedGames(ctx context.Context, account int64, limit int) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM (
		(SELECT id FROM games WHERE status = 'over' AND red = $1 ORDER BY id DESC LIMIT $2)
		UNION
		(SELECT id FROM games WHERE status = 'over' AND black = $1 ORDER BY id DESC LIMIT $2)) g
		ORDER BY id DESC LIMIT $2`, account, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}
