package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/server/proto"
)

// Social is the people side of the store (protocol version 4), as a part of the Store:
// follows and the friends' presence, blocks, challenges (challenges.go), a game's chat
// and its reports (chat.go), and the leaderboards (leaders.go).
type Social struct{ s *Store }

// Social returns the store's social part.
func (s *Store) Social() Social { return Social{s} }

// ChannelSocial carries SocialNotices between the instances.
const ChannelSocial = "xq_social"

// SocialNotice tells the instances of something for the sockets of account To: a
// challenge made or declined, a chat line, or (About) a followed account whose
// presence changed, for its followers' sockets.
type SocialNotice struct {
	To        int64            `json:"to,omitempty"`
	Challenge *proto.Challenge `json:"challenge,omitempty"`
	Chat      *proto.ChatLine  `json:"chat,omitempty"`
	About     int64            `json:"about,omitempty"`
}

func (tx *txn) notifySocial(n SocialNotice) {
	payload, _ := json.Marshal(n)
	tx.notify(ChannelSocial, string(payload))
}

// Announce tells every instance that account's presence changed (it came online, left,
// started or ended a game), for its followers.
func (so Social) Announce(ctx context.Context, accounts ...int64) error {
	return so.s.inTx(ctx, func(tx *txn) error {
		for _, a := range accounts {
			tx.notifySocial(SocialNotice{About: a})
		}
		return nil
	})
}

// accountByName finds the account of a name by its key (so that a look-alike finds the
// same account).
func accountByName(ctx context.Context, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, name string) (Account, error) {
	_, key, err := CheckName(name)
	if err != nil {
		return Account{}, err
	}
	var a Account
	err = q.QueryRow(ctx, `SELECT id, name, rating, deviation, volatility FROM accounts WHERE name_key = $1`, key).
		Scan(&a.ID, &a.Name, &a.Rating.Rating, &a.Rating.Deviation, &a.Rating.Volatility)
	if errors.Is(err, pgx.ErrNoRows) {
		return Account{}, proto.Errorf(proto.CodeNotFound, fmt.Sprintf("no player is named %q", name))
	}
	return a, err
}

// accountByID reads an account's public columns.
func accountByID(ctx context.Context, tx *txn, id int64) (Account, error) {
	var a Account
	var name *string
	err := tx.QueryRow(ctx, `SELECT id, name, rating, deviation, volatility FROM accounts WHERE id = $1`, id).
		Scan(&a.ID, &name, &a.Rating.Rating, &a.Rating.Deviation, &a.Rating.Volatility)
	if name != nil {
		a.Name = *name
	}
	return a, err
}

// eitherBlocked reports whether a blocked b or b blocked a.
func eitherBlocked(ctx context.Context, tx *txn, a, b int64) (bool, error) {
	var blocked bool
	err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM blocks WHERE blocker = $1 AND blocked = $2 OR blocker = $2 AND blocked = $1)`,
		a, b).Scan(&blocked)
	return blocked, err
}

// Follow has account follow the account named name, at most proto.MaxFollows of them.
func (so Social) Follow(ctx context.Context, account int64, name string) (proto.Account, error) {
	var followed Account
	err := so.s.inTx(ctx, func(tx *txn) error {
		var err error
		if followed, err = accountByName(ctx, tx, name); err != nil {
			return err
		}
		if followed.ID == account {
			return proto.Errorf(proto.CodeBadRequest, "you cannot follow yourself")
		}
		if blocked, err := eitherBlocked(ctx, tx, account, followed.ID); err != nil || blocked {
			if err == nil {
				err = proto.Errorf(proto.CodeBlocked, "you cannot follow that player")
			}
			return err
		}
		// One account's follows are added one at a time, so that the cap holds.
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('xq follows'), $1::int)`, int32(account)); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM follows WHERE follower = $1`, account).Scan(&n); err != nil {
			return err
		}
		if n >= proto.MaxFollows {
			return proto.Errorf(proto.CodeRateLimited, fmt.Sprintf("you follow %d players, the most there may be; unfollow one first", n))
		}
		_, err = tx.Exec(ctx, `INSERT INTO follows (follower, followed) VALUES ($1, $2) ON CONFLICT DO NOTHING`, account, followed.ID)
		return err
	})
	return followed.Public(), err
}

// Unfollow stops account following the account named name.
func (so Social) Unfollow(ctx context.Context, account int64, name string) error {
	a, err := accountByName(ctx, so.s.pool, name)
	if err != nil {
		return err
	}
	_, err = so.s.pool.Exec(ctx, `DELETE FROM follows WHERE follower = $1 AND followed = $2`, account, a.ID)
	return err
}

// Block has account block the account named name: neither follows the other any more,
// their waiting challenges go, and no challenge, chat or pairing passes between them.
func (so Social) Block(ctx context.Context, account int64, name string) error {
	return so.s.inTx(ctx, func(tx *txn) error {
		other, err := accountByName(ctx, tx, name)
		if err != nil {
			return err
		}
		if other.ID == account {
			return proto.Errorf(proto.CodeBadRequest, "you cannot block yourself")
		}
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('xq blocks'), $1::int)`, int32(account)); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM blocks WHERE blocker = $1`, account).Scan(&n); err != nil {
			return err
		}
		if n >= proto.MaxBlocks {
			return proto.Errorf(proto.CodeRateLimited, fmt.Sprintf("you block %d players, the most there may be", n))
		}
		b := &pgx.Batch{}
		b.Queue(`INSERT INTO blocks (blocker, blocked) VALUES ($1, $2) ON CONFLICT DO NOTHING`, account, other.ID)
		b.Queue(`DELETE FROM follows WHERE follower = $1 AND followed = $2 OR follower = $2 AND followed = $1`, account, other.ID)
		b.Queue(`DELETE FROM games WHERE status = 'waiting' AND id IN (SELECT game_id FROM challenges
			WHERE challenger = $1 AND challenged = $2 OR challenger = $2 AND challenged = $1)`, account, other.ID)
		return tx.SendBatch(ctx, b).Close()
	})
}

// Unblock lifts account's block of the account named name.
func (so Social) Unblock(ctx context.Context, account int64, name string) error {
	a, err := accountByName(ctx, so.s.pool, name)
	if err != nil {
		return err
	}
	_, err = so.s.pool.Exec(ctx, `DELETE FROM blocks WHERE blocker = $1 AND blocked = $2`, account, a.ID)
	return err
}

// Arrived records that account has connected at now (its first socket on an instance),
// so that its followers see it online at once.
func (so Social) Arrived(ctx context.Context, account int64, now time.Time) error {
	return so.s.inTx(ctx, func(tx *txn) error {
		if err := recordPresence(ctx, tx, []int64{account}, dbTime(now)); err != nil {
			return err
		}
		tx.notifySocial(SocialNotice{About: account})
		return nil
	})
}

// Left records that account's last socket on an instance closed at now: it shows offline
// unless another instance records it connected after.
func (so Social) Left(ctx context.Context, account int64, now time.Time) error {
	return so.s.inTx(ctx, func(tx *txn) error {
		if _, err := tx.Exec(ctx, `INSERT INTO presence_left (account_id, at) VALUES ($1, $2)
			ON CONFLICT (account_id) DO UPDATE SET at = GREATEST(presence_left.at, EXCLUDED.at)`, account, dbTime(now)); err != nil {
			return err
		}
		tx.notifySocial(SocialNotice{About: account})
		return nil
	})
}

// presenceSQL reads accounts $1's presence at $2: online when seen within $3 and after
// it last left; the game it plays, if any.
const presenceSQL = `SELECT a.id, a.name, a.rating, a.deviation, a.volatility,
		COALESCE(p.seen > $2::timestamptz - $3::interval AND (l.at IS NULL OR l.at < p.seen), false),
		COALESCE((SELECT min(g.id) FROM games g WHERE g.status = 'playing' AND (g.red = a.id OR g.black = a.id)), 0)
	FROM accounts a LEFT JOIN presence p ON p.account_id = a.id LEFT JOIN presence_left l ON l.account_id = a.id
	WHERE a.id = ANY($1) ORDER BY a.name, a.id`

// Presence returns the presence of the accounts at now, an account being online when an
// instance saw it within window and after it left.
func (so Social) Presence(ctx context.Context, accounts []int64, now time.Time, window time.Duration) (map[int64]proto.Friend, error) {
	friends, err := so.presence(ctx, accounts, now, window)
	m := make(map[int64]proto.Friend, len(friends))
	for _, f := range friends {
		m[f.Account.ID] = f
	}
	return m, err
}

func (so Social) presence(ctx context.Context, accounts []int64, now time.Time, window time.Duration) ([]proto.Friend, error) {
	rows, err := so.s.pool.Query(ctx, presenceSQL, accounts, dbTime(now), window.String())
	if err != nil {
		return nil, unavailable(err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (proto.Friend, error) {
		var a Account
		var name *string
		var f proto.Friend
		err := row.Scan(&a.ID, &name, &a.Rating.Rating, &a.Rating.Deviation, &a.Rating.Volatility, &f.Online, &f.Playing)
		if name != nil {
			a.Name = *name
		}
		f.Account = a.Public()
		return f, err
	})
}

// Friends returns the accounts account follows with their presence (see Presence), by
// name.
func (so Social) Friends(ctx context.Context, account int64, now time.Time, window time.Duration) ([]proto.Friend, error) {
	rows, err := so.s.pool.Query(ctx, `SELECT followed FROM follows WHERE follower = $1 LIMIT $2`, account, proto.MaxFollows)
	if err != nil {
		return nil, unavailable(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	return so.presence(ctx, ids, now, window)
}

// FollowersAmong returns, per account of about, its followers among the accounts of
// among (those connected to an instance).
func (so Social) FollowersAmong(ctx context.Context, about, among []int64) (map[int64][]int64, error) {
	rows, err := so.s.pool.Query(ctx, `SELECT followed, follower FROM follows WHERE followed = ANY($1) AND follower = ANY($2)`, about, among)
	if err != nil {
		return nil, unavailable(err)
	}
	m := map[int64][]int64{}
	var followed, follower int64
	_, err = pgx.ForEachRow(rows, []any{&followed, &follower}, func() error {
		m[followed] = append(m[followed], follower)
		return nil
	})
	return m, err
}

// GamePlayers returns the players of the games (both, where both are known).
func (so Social) GamePlayers(ctx context.Context, games []int64) ([]int64, error) {
	rows, err := so.s.pool.Query(ctx, `SELECT p FROM games, LATERAL (VALUES (red), (black)) v(p) WHERE id = ANY($1) AND p IS NOT NULL`, games)
	if err != nil {
		return nil, unavailable(err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// registered reports whether account has a name (rated games and free chat need one).
func registered(ctx context.Context, tx *txn, account int64) (bool, error) {
	var named bool
	err := tx.QueryRow(ctx, `SELECT name IS NOT NULL FROM accounts WHERE id = $1`, account).Scan(&named)
	return named, err
}
