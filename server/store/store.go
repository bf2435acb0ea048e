// Package store keeps everything the online server knows in PostgreSQL: accounts and
// their session tokens, games with their clocks, every game event (the move events are
// the game's moves), seeks and rating changes. Every change is one transaction, so any
// number of server instances can share one database and none holds state of its own.
// Moves are judged by the app's own rules (play.Match over game.Game).
package store

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"github.com/xqfyne/xiangqi/glicko"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/server/proto"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Notification channels: a game's new events, and an account's new games.
const (
	ChannelGame    = "xq_game"
	ChannelAccount = "xq_account"
)

// defaultPoolConns is the connections an instance opens when DATABASE_URL does not say
// (pool_max_conns); PostgreSQL's own default limit is 100 for all instances together.
const defaultPoolConns = 24

// Store is the database.
type Store struct {
	pool     *pgxpool.Pool
	catalogs *i18n.Catalogs
	tau      float64
}

// Open connects to the database at url and brings its schema up to date (instances
// starting together take turns through an advisory lock).
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: %v", err)
	}
	if !strings.Contains(url, "pool_max_conns") {
		// More moves committing at once share each flush to disk (group commit): with 20
		// connections instead of pgx's 4, 1000 games' acknowledgements took a median of
		// 12 ms instead of 660 ms on the development machine.
		cfg.MaxConns = defaultPoolConns
	}
	if err := migrate(ctx, cfg.ConnConfig); err != nil {
		return nil, err
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: %v", err)
	}
	catalogs, err := resources.Catalogs()
	if err != nil {
		pool.Close()
		return nil, err
	}
	return &Store{pool: pool, catalogs: catalogs, tau: glicko.DefaultTau}, nil
}

func migrate(ctx context.Context, cfg *pgx.ConnConfig) error {
	db := stdlib.OpenDB(*cfg)
	defer db.Close()
	dir, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(goose.DialectPostgres, db, dir, goose.WithSessionLocker(locker))
	if err != nil {
		return fmt.Errorf("store: migrations: %v", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("store: migrating the schema: %v", err)
	}
	return nil
}

// Close closes the connections.
func (s *Store) Close() { s.pool.Close() }

// Pool gives the connections, for the listener that waits on notifications.
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// Ping reports whether the database answers.
func (s *Store) Ping(ctx context.Context) error { return s.pool.Ping(ctx) }

// txn is a transaction with the notifications to send once it has committed.
type txn struct {
	pgx.Tx
	notices []notice
}

type notice struct{ channel, payload string }

func (t *txn) notify(channel, payload string) {
	t.notices = append(t.notices, notice{channel, payload})
}

// inTx runs f in a transaction and commits when f returns nil. A failure of the database
// itself becomes CodeUnavailable, so a client can tell it from a refusal.
//
// The notifications go out after the commit, in a transaction of their own: a NOTIFY
// inside the move's transaction would hold PostgreSQL's one notification lock through the
// commit's flush to disk, so that every move of every game committed one at a time. A notification
// lost because the instance died between the two is made up for by the instances, which
// compare their games' versions with the table (hub's catch-up).
func (s *Store) inTx(ctx context.Context, f func(*txn) error) error {
	t := &txn{}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		t.Tx, t.notices = tx, nil
		return f(t)
	})
	var perr *proto.Error
	if err != nil && !errors.As(err, &perr) && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%w (%v)", proto.Errorf(proto.CodeUnavailable, "the database did not answer; try again"), err)
	}
	if err == nil {
		// Sent even when the client has gone: the players and spectators wait for it.
		pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		s.publish(pctx, t.notices)
	}
	return err
}

// publish sends notifications, in order, in one statement. A failure is not the
// request's: its change is committed, and the instances catch up without it.
func (s *Store) publish(ctx context.Context, notices []notice) {
	if len(notices) == 0 {
		return
	}
	channels := make([]string, len(notices))
	payloads := make([]string, len(notices))
	for i, n := range notices {
		channels[i], payloads[i] = n.channel, n.payload
	}
	// A notifying transaction commits holding that lock, but this one need not wait for
	// its commit record to reach the disk: it changes no data.
	pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		b.Queue(`SET LOCAL synchronous_commit = off`)
		b.Queue(`SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS n(c, p, i) ORDER BY i`, channels, payloads)
		return tx.SendBatch(ctx, b).Close()
	})
}
