package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/server/proto"
)

// SyncCaps bound what one account keeps: its items (tombstones count) and the bytes of
// their data.
type SyncCaps struct {
	Items int
	Bytes int64
}

// Synced is the account's things kept for its devices (protocol v4 sync): items written
// at the account's change counter, pushed with the version they were made from and
// pulled by version. The data is the client's; the store never reads it.
type Synced struct{ s *Store }

// Sync returns the store's synced items.
func (s *Store) Sync() Synced { return Synced{s} }

// SyncResult is what a push did and the page that follows it.
type SyncResult struct {
	Accepted, Conflicts []proto.SyncItem
	Items               []proto.SyncItem
	Next                int64
	More                bool
	Version             int64
}

// Push writes the items whose base is the stored version (0: not stored) in one
// transaction, each at the next number of the account's counter; the others are
// conflicts, left as they are. A push that would take the account past caps is refused
// whole (CodeQuota).
func (sy Synced) Push(ctx context.Context, account int64, items []proto.SyncItem, caps SyncCaps, now time.Time) (accepted, conflicts []proto.SyncItem, err error) {
	if len(items) == 0 {
		return nil, nil, nil
	}
	err = sy.s.inTx(ctx, func(t *txn) error {
		accepted, conflicts = nil, nil
		var version, bytes int64
		var count int
		// The account's row is its lock: pushes of one account take turns.
		if err := t.QueryRow(ctx, `INSERT INTO sync_accounts (account_id) VALUES ($1)
			ON CONFLICT (account_id) DO UPDATE SET account_id = EXCLUDED.account_id
			RETURNING version, items, bytes`, account).Scan(&version, &count, &bytes); err != nil {
			return err
		}
		for _, it := range items {
			var stored int64
			var size int64
			err := t.QueryRow(ctx, `SELECT version, octet_length(data) FROM sync_items WHERE account_id = $1 AND kind = $2 AND key = $3`,
				account, it.Kind, it.Key).Scan(&stored, &size)
			found := err == nil
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return err
			}
			if stored != it.Version {
				conflicts = append(conflicts, proto.SyncItem{Kind: it.Kind, Key: it.Key, Version: stored})
				continue
			}
			if !found {
				count++
			}
			bytes += int64(len(it.Data)) - size
			if count > caps.Items {
				return proto.Errorf(proto.CodeQuota, fmt.Sprintf("this account keeps at most %d synced items; delete some first", caps.Items))
			}
			if bytes > caps.Bytes {
				return proto.Errorf(proto.CodeQuota, fmt.Sprintf("this account keeps at most %d bytes of synced items; delete some first", caps.Bytes))
			}
			version++
			if _, err := t.Exec(ctx, `INSERT INTO sync_items (account_id, kind, key, version, deleted, data, updated_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7)
				ON CONFLICT (account_id, kind, key) DO UPDATE SET version = $4, deleted = $5, data = $6, updated_at = $7`,
				account, it.Kind, it.Key, version, it.Deleted, it.Data, dbTime(now)); err != nil {
				return err
			}
			accepted = append(accepted, proto.SyncItem{Kind: it.Kind, Key: it.Key, Version: version})
		}
		if len(accepted) == 0 {
			return nil
		}
		_, err := t.Exec(ctx, `UPDATE sync_accounts SET version = $2, items = $3, bytes = $4 WHERE account_id = $1`,
			account, version, count, bytes)
		return err
	})
	return accepted, conflicts, err
}

// Pull returns the account's items written after version since, oldest first: at most
// limit of them, and fewer when their data passes maxBytes (always one at least); more
// says there are others after them. version is the account's counter.
func (sy Synced) Pull(ctx context.Context, account, since int64, limit, maxBytes int) (items []proto.SyncItem, more bool, version int64, err error) {
	err = sy.s.inTx(ctx, func(t *txn) error {
		items = nil
		var err error
		if err := t.QueryRow(ctx, `SELECT COALESCE((SELECT version FROM sync_accounts WHERE account_id = $1), 0)`, account).Scan(&version); err != nil {
			return err
		}
		// The page's end from the items' sizes first, so that no data past it is read.
		var last int64
		last, more, err = pageEnd(ctx, t, account, since, limit, maxBytes)
		if err != nil || last == since {
			return err
		}
		rows, err := t.Query(ctx, `SELECT kind, key, version, deleted, data FROM sync_items
			WHERE account_id = $1 AND version > $2 AND version <= $3 ORDER BY version`, account, since, last)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var it proto.SyncItem
			if err := rows.Scan(&it.Kind, &it.Key, &it.Version, &it.Deleted, &it.Data); err != nil {
				return err
			}
			items = append(items, it)
		}
		return rows.Err()
	})
	return items, more, version, err
}

// pageEnd is the version of the last item of the page after since: at most limit items,
// and no more once their data passes maxBytes (one at least). more says others follow.
func pageEnd(ctx context.Context, t *txn, account, since int64, limit, maxBytes int) (last int64, more bool, err error) {
	rows, err := t.Query(ctx, `SELECT version, octet_length(data) FROM sync_items
		WHERE account_id = $1 AND version > $2 ORDER BY version LIMIT $3`, account, since, limit+1)
	if err != nil {
		return 0, false, err
	}
	defer rows.Close()
	last, n, size := since, 0, 0
	for rows.Next() {
		var v int64
		var length int
		if err := rows.Scan(&v, &length); err != nil {
			return 0, false, err
		}
		if n == limit || n > 0 && size+length > maxBytes {
			more = true
			break
		}
		last, n, size = v, n+1, size+length
	}
	return last, more, rows.Err()
}
