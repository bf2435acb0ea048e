package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/server/proto"
)

// Limit is a token bucket: Burst requests at once, refilled at Rate a second.
type Limit struct {
	Rate  float64
	Burst int
}

// Allow takes one request from the bucket named key, shared by every instance on the
// database, and reports whether there was one. now is the caller's clock; instances whose
// clocks disagree a little only refill a little early or late.
func (ac Accounts) Allow(ctx context.Context, key string, l Limit, now time.Time) (bool, error) {
	if l.Rate <= 0 || l.Burst < 1 {
		return false, fmt.Errorf("store: limit %+v allows nothing", l)
	}
	var left float64
	err := ac.s.pool.QueryRow(ctx, bucketSQL, key, l.Rate, float64(l.Burst), dbTime(now)).Scan(&left)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, unavailable(err)
	}
	return true, nil
}

// bucketSQL takes a token from bucket $1 (rate $2 a second, burst $3) at time $4: a
// new bucket starts full; an old one is refilled for the time since its last use first.
var bucketSQL = strings.ReplaceAll(`INSERT INTO rate_buckets AS b (key, tokens, at, full_at)
		VALUES ($1, $3::float8 - 1, $4, $4::timestamptz + make_interval(secs => 1 / $2::float8))
	ON CONFLICT (key) DO UPDATE SET tokens = {refill} - 1, at = GREATEST(b.at, $4),
		full_at = GREATEST(b.at, $4) + make_interval(secs => ($3::float8 - {refill} + 1) / $2::float8)
	WHERE {refill} >= 1
	RETURNING tokens`, "{refill}", "LEAST($3::float8, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM ($4::timestamptz - b.at))::float8) * $2::float8)")

// PruneLimits forgets the buckets full again and the failures past their memory, and
// the invites past their lifetime.
func (ac Accounts) PruneLimits(ctx context.Context, now time.Time) error {
	now = dbTime(now)
	b := &pgx.Batch{}
	b.Queue(`DELETE FROM rate_buckets WHERE full_at < $1`, now)
	b.Queue(`DELETE FROM login_failures WHERE at < $1 AND locked_until < $2`, now.Add(-failureMemory), now)
	b.Queue(`DELETE FROM games WHERE status = 'waiting' AND created_at < $1`, now.Add(-InviteLifetime))
	return ac.s.pool.SendBatch(ctx, b).Close()
}

// The login lockout: freeFailures wrong passwords for a name cost nothing; each one after
// locks the name for twice as long as the one before, from a second to lockoutMax. A
// name's failures are forgotten failureMemory after the last, and at a right password.
const (
	freeFailures  = 5
	lockoutMax    = 15 * time.Minute
	failureMemory = 24 * time.Hour
)

// lockout is the lock after n failures in a row.
func lockout(n int) time.Duration {
	if n <= freeFailures {
		return 0
	}
	d := time.Duration(math.Pow(2, float64(min(n-freeFailures-1, 20)))) * time.Second
	return min(d, lockoutMax)
}

// lockedFor returns how long the name of key stays locked after now (0: it is not).
func (ac Accounts) lockedFor(ctx context.Context, key string, now time.Time) (time.Duration, error) {
	var until time.Time
	err := ac.s.pool.QueryRow(ctx, `SELECT locked_until FROM login_failures WHERE key = $1`, key).Scan(&until)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, unavailable(err)
	}
	return max(0, until.Sub(now)), nil
}

// failed counts a wrong password for the name of key and locks it as lockout says.
func (ac Accounts) failed(ctx context.Context, key string, now time.Time) error {
	now = dbTime(now)
	var n int
	if err := ac.s.pool.QueryRow(ctx, `INSERT INTO login_failures AS f (key, failures, locked_until, at) VALUES ($1, 1, $2, $2)
		ON CONFLICT (key) DO UPDATE SET failures = CASE WHEN f.at < $3 THEN 1 ELSE f.failures + 1 END, at = $2
		RETURNING failures`, key, now, now.Add(-failureMemory)).Scan(&n); err != nil {
		return unavailable(err)
	}
	if d := lockout(n); d > 0 {
		if _, err := ac.s.pool.Exec(ctx, `UPDATE login_failures SET locked_until = $2 WHERE key = $1`, key, now.Add(d)); err != nil {
			return unavailable(err)
		}
	}
	return nil
}

func unavailable(err error) error {
	return fmt.Errorf("%w (%v)", proto.Errorf(proto.CodeUnavailable, "the database did not answer; try again"), err)
}

// HashMemory is what one password hash takes (argon2id's m, in bytes).
const HashMemory = argonMemory * 1024

// MemoryCeiling is the memory an instance is stated to stay under with hashMemory bytes of
// hash slots (docs/scaling.md): the slots, one hash more (finished, not yet collected when
// the next begins) and 256 MiB for the rest (games, sockets). xqserver sets it as Go's soft
// memory limit.
func MemoryCeiling(hashMemory int64) int64 { return hashMemory + HashMemory + 256<<20 }

// DefaultHashSlots is how many password hashes an instance runs at once unless told:
// 4 of 64 MiB, so hashing never holds more than 256 MiB however many requests come.
const DefaultHashSlots = 4

// DefaultHashWait is how long a sign-in waits for a free hash slot before it is refused
// as busy.
const DefaultHashWait = 2 * time.Second

// hasher bounds the password hashes running at once, the only costly step of a sign-in.
type hasher struct {
	slots  chan struct{}
	wait   time.Duration
	active atomic.Int64
	peak   atomic.Int64
	done   atomic.Int64
}

func newHasher(slots int, wait time.Duration) *hasher {
	return &hasher{slots: make(chan struct{}, max(1, slots)), wait: wait}
}

// LimitHashing sets how many password hashes run at once and how long a request waits
// for a slot; call it before serving.
func (ac Accounts) LimitHashing(slots int, wait time.Duration) { ac.s.hash = newHasher(slots, wait) }

// HashPeak is the most password hashes that have run at once on this instance.
func (ac Accounts) HashPeak() int { return int(ac.s.hash.peak.Load()) }

// HashCount is how many password hashes this instance has run.
func (ac Accounts) HashCount() int { return int(ac.s.hash.done.Load()) }

// do runs f in a hash slot, or refuses once the wait is over.
func (h *hasher) do(ctx context.Context, f func()) error {
	t := time.NewTimer(h.wait)
	defer t.Stop()
	select {
	case h.slots <- struct{}{}:
	case <-t.C:
		return proto.Errorf(proto.CodeUnavailable, "the server is busy checking passwords; try again in a moment")
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-h.slots }()
	n := h.active.Add(1)
	defer h.active.Add(-1)
	for p := h.peak.Load(); n > p && !h.peak.CompareAndSwap(p, n); p = h.peak.Load() {
	}
	f()
	h.done.Add(1)
	return nil
}
