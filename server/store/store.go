// Package store keeps everything the online server knows in PostgreSQL: accounts and
// their session tokens, games with their clocks, every game event (the move events are
// the game's moves), seeks and rating changes. Every change is one transaction, so any
// number of server instances can share one database and none holds state of its own.
// Moves are judged by the app's own rules (match.Match over game.Game) in the round
// service (Round, round.go), which keeps each game's record in a cache keyed by the row's
// version so that a move does not replay the game.
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
	"github.com/jackc/pgx/v5/pgconn"
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
	hash     *hasher // bounds the password hashes running at once
	// matches are the records of the games this instance's round last acted on (round.go).
	matches *matchCache

	// outbox carries committed transactions' notifications to the publisher, which
	// sends them in order, many transactions' in one (see publisher).
	outbox        chan []notice
	stopPublisher context.CancelFunc
	publisherDone chan struct{}
}

// outboxSize is how many committed transactions' notifications may wait for the
// publisher; past it, a commit waits for room (the database is then the bottleneck).
const outboxSize = 4096

// maxPublish bounds the notifications sent in one transaction.
const maxPublish = 512

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
	if err := backfillNameKeys(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: giving the names their keys: %v", err)
	}
	pctx, stop := context.WithCancel(context.Background())
	s := &Store{pool: pool, catalogs: catalogs, tau: glicko.DefaultTau, hash: newHasher(DefaultHashSlots, DefaultHashWait),
		matches: newMatchCache(DefaultMatchCache),
		outbox:  make(chan []notice, outboxSize), stopPublisher: stop, publisherDone: make(chan struct{})}
	go s.publisher(pctx)
	return s, nil
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

// Close sends the notifications still waiting (for at most a few seconds) and closes the
// connections.
func (s *Store) Close() {
	s.stopPublisher()
	<-s.publisherDone
	s.pool.Close()
}

// Pool gives the connections, for the listener that waits on notifications.
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// Ping reports whether the database answers.
func (s *Store) Ping(ctx context.Context) error { return s.pool.Ping(ctx) }

// txn is a transaction with the notifications to send once it has committed. Its BEGIN
// is not a round trip of its own: it goes to the database with the transaction's first
// batch of statements (lockGame's, in most requests) or, failing that, first statement.
type txn struct {
	conn    *pgxpool.Conn
	begun   bool
	notices []notice
}

type notice struct{ channel, payload string }

func (t *txn) notify(channel, payload string) {
	t.notices = append(t.notices, notice{channel, payload})
}

// begin starts the transaction before a statement that cannot carry it.
func (t *txn) begin(ctx context.Context) error {
	if t.begun {
		return nil
	}
	if _, err := t.conn.Exec(ctx, "BEGIN"); err != nil {
		return err
	}
	t.begun = true
	return nil
}

// Exec runs a statement in the transaction (with its BEGIN in the same round trip when
// it is the first).
func (t *txn) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	if t.begun {
		return t.conn.Exec(ctx, sql, args...)
	}
	var tag pgconn.CommandTag
	b := &pgx.Batch{}
	b.Queue(sql, args...).Exec(func(ct pgconn.CommandTag) error { tag = ct; return nil })
	err := t.SendBatch(ctx, b).Close()
	return tag, err
}

// QueryRow runs a query of one row in the transaction.
func (t *txn) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if err := t.begin(ctx); err != nil {
		return errRow{err}
	}
	return t.conn.QueryRow(ctx, sql, args...)
}

// Query runs a query in the transaction.
func (t *txn) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	if err := t.begin(ctx); err != nil {
		return nil, err
	}
	return t.conn.Query(ctx, sql, args...)
}

// SendBatch sends statements in one round trip, the transaction's BEGIN first when it is
// the first.
func (t *txn) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	if !t.begun {
		b.QueuedQueries = append([]*pgx.QueuedQuery{{SQL: "BEGIN"}}, b.QueuedQueries...)
		t.begun = true // if the batch fails, inTx rolls back or the connection is dropped
	}
	return t.conn.SendBatch(ctx, b)
}

// errRow is a row whose Scan reports the error that kept it from being read.
type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

// inTx runs f in a transaction and commits when f returns nil. A failure of the database
// itself becomes CodeUnavailable, so a client can tell it from a refusal.
//
// The notifications go out after the commit, through the publisher: a NOTIFY inside the
// move's transaction would hold PostgreSQL's one notification lock through the commit's
// flush to disk, so that every move of every game committed one at a time; and the
// request need not wait for them (the instance hands its own sockets the events itself).
// A notification lost because the instance died before sending it is made up for by the
// instances, which compare their games' versions with the table (hub's catch-up).
func (s *Store) inTx(ctx context.Context, f func(*txn) error) error {
	err := s.runTx(ctx, f)
	var perr *proto.Error
	if err != nil && !errors.As(err, &perr) && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%w (%v)", proto.Errorf(proto.CodeUnavailable, "the database did not answer; try again"), err)
	}
	return err
}

func (s *Store) runTx(ctx context.Context, f func(*txn) error) error {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	// A connection still in a transaction when released (a failed rollback) is closed
	// by the pool, never reused.
	defer conn.Release()
	t := &txn{conn: conn}
	if err := f(t); err != nil {
		if t.begun {
			rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			conn.Exec(rctx, "ROLLBACK")
			cancel()
		}
		return err
	}
	if t.begun {
		// COMMIT of a transaction that failed answers ROLLBACK without an error.
		tag, err := conn.Exec(ctx, "COMMIT")
		if err != nil {
			return err
		}
		if tag.String() != "COMMIT" {
			return fmt.Errorf("the transaction was rolled back (%s)", tag)
		}
	}
	if len(t.notices) > 0 {
		// Queued even when the client has gone: the players and spectators wait for it.
		select {
		case s.outbox <- t.notices:
		case <-s.publisherDone: // closing: the other instances catch up from the table
		}
	}
	return nil
}

// publisher sends the outbox's notifications in the order their transactions committed,
// each time all that are waiting (up to maxPublish) in one transaction: under load,
// one notifying commit carries many moves. When ctx ends it sends what is left.
func (s *Store) publisher(ctx context.Context) {
	defer close(s.publisherDone)
	var batch []notice
	for {
		select {
		case n := <-s.outbox:
			batch = append(batch[:0], n...)
		case <-ctx.Done():
			s.flushOutbox()
			return
		}
	more:
		for len(batch) < maxPublish {
			select {
			case n := <-s.outbox:
				batch = append(batch, n...)
			default:
				break more
			}
		}
		pctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		s.publish(pctx, batch)
		cancel()
	}
}

// flushOutbox sends what the outbox holds when the store closes.
func (s *Store) flushOutbox() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	for {
		select {
		case n := <-s.outbox:
			s.publish(ctx, n)
		default:
			return
		}
	}
}

// publish sends notifications, in order, in one statement. A failure is not the
// requests': their changes are committed, and the instances catch up without them.
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
