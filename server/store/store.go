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

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/server/glicko"
	"github.com/xqfyne/xiangqi/server/proto"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Notification channels: a game's new events, and an account's new games.
const (
	ChannelGame    = "xq_game"
	ChannelAccount = "xq_account"
)

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

// inTx runs f in a transaction and commits when f returns nil. A failure of the database
// itself becomes CodeUnavailable, so a client can tell it from a refusal.
func (s *Store) inTx(ctx context.Context, f func(pgx.Tx) error) error {
	err := pgx.BeginFunc(ctx, s.pool, f)
	var perr *proto.Error
	if err == nil || errors.As(err, &perr) {
		return err
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("%w (%v)", proto.Errorf(proto.CodeUnavailable, "the database did not answer; try again"), err)
}
