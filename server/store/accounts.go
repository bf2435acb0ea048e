package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"golang.org/x/crypto/argon2"

	"github.com/xqfyne/xiangqi/glicko"
	"github.com/xqfyne/xiangqi/server/proto"
)

// Accounts are the store's accounts, as a part of the Store: guests, registration, sign-in
// and its tokens, and the limits on sign-ins and requests kept for every instance.
type Accounts struct{ s *Store }

// Accounts returns the store's accounts.
func (s *Store) Accounts() Accounts { return Accounts{s} }

// Account is a player's account.
type Account struct {
	ID     int64
	Name   string // "" for a guest
	Rating glicko.Rating
}

// Public is the account as others see it.
func (a Account) Public() proto.Account {
	return proto.Account{ID: a.ID, Name: a.Name, Rating: a.Rating.Rating, Deviation: a.Rating.Deviation,
		Provisional: a.Rating.Provisional()}
}

// tokenBytes is the length of a session token before encoding (256 bits).
const tokenBytes = 32

// argon2id parameters (RFC 9106's second recommended option, 64 MiB).
const (
	argonTime    = 3
	argonMemory  = 64 * 1024
	argonThreads = 2
	argonKeyLen  = 32
)

// Bounds of an account name and password.
const (
	maxName     = 24
	minPassword = 8
	maxPassword = 128
	errBadToken = "the session token is not known or has expired; sign in again"
	// tokenLifetime: a session token unused this long stops working.
	tokenLifetime = 90 * 24 * time.Hour
	// tokenUseStep: a token's last use is recorded to within this.
	tokenUseStep   = time.Hour
	errBadPassword = "the name or password is wrong"
)

func newToken() (string, []byte) {
	b := make([]byte, tokenBytes)
	rand.Read(b)
	token := base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token)
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// CreateGuest makes a guest account and its session token, which is returned only here
// (the database keeps its hash).
func (ac Accounts) CreateGuest(ctx context.Context) (Account, string, error) {
	r := glicko.Default()
	var a Account
	token, hash := newToken()
	err := ac.s.inTx(ctx, func(tx *txn) error {
		a.Rating = r
		if err := tx.QueryRow(ctx, `INSERT INTO accounts (rating, deviation, volatility) VALUES ($1, $2, $3) RETURNING id`,
			r.Rating, r.Deviation, r.Volatility).Scan(&a.ID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO tokens (hash, account_id) VALUES ($1, $2)`, hash, a.ID)
		return err
	})
	if err != nil {
		return Account{}, "", err
	}
	return a, token, nil
}

// Authenticate returns the account of a session token.
func (ac Accounts) Authenticate(ctx context.Context, token string) (Account, error) {
	var a Account
	var name *string
	// Using a token keeps it alive: it expires tokenLifetime after its last use. The use
	// is written at most once per tokenUseStep, so that a crowd of players reconnecting
	// costs reads, not commits that wait for the disk.
	err := ac.s.pool.QueryRow(ctx, `WITH t AS (SELECT account_id, used_at FROM tokens WHERE hash = $1 AND used_at > now() - $2::interval),
		u AS (UPDATE tokens SET used_at = now() WHERE hash = $1 AND used_at <= now() - $3::interval AND EXISTS (SELECT 1 FROM t))
		SELECT a.id, a.name, a.rating, a.deviation, a.volatility FROM t JOIN accounts a ON a.id = t.account_id`,
		hashToken(token), tokenLifetime.String(), tokenUseStep.String()).
		Scan(&a.ID, &name, &a.Rating.Rating, &a.Rating.Deviation, &a.Rating.Volatility)
	if errors.Is(err, pgx.ErrNoRows) {
		return Account{}, proto.Errorf(proto.CodeUnauthenticated, errBadToken)
	}
	if err != nil {
		return Account{}, fmt.Errorf("%w (%v)", proto.Errorf(proto.CodeUnavailable, "the database did not answer; try again"), err)
	}
	if name != nil {
		a.Name = *name
	}
	return a, nil
}

// Register gives a guest account a name and password, so that it can sign in again from
// another device with Login. The cheap checks (the name, the password's length, an
// account already named, a name taken) come before the password's hash, which waits for
// a hash slot (see LimitHashing).
func (ac Accounts) Register(ctx context.Context, accountID int64, name, password string) error {
	display, key, err := CheckName(name)
	if err != nil {
		return err
	}
	if err := CheckPasswordLength(password); err != nil {
		return err
	}
	var current *string
	var taken bool
	if err := ac.s.pool.QueryRow(ctx, `SELECT name, EXISTS (SELECT 1 FROM accounts WHERE name_key = $2) FROM accounts WHERE id = $1`,
		accountID, key).Scan(&current, &taken); err != nil {
		return unavailable(err)
	}
	if current != nil {
		return proto.Errorf(proto.CodeBadRequest, "the account already has a name")
	}
	if taken {
		return errNameTaken
	}
	var hash string
	if err := ac.s.hash.do(ctx, func() { hash = hashPassword(password) }); err != nil {
		return err
	}
	return ac.s.inTx(ctx, func(tx *txn) error {
		tag, err := tx.Exec(ctx, `UPDATE accounts SET name = $2, name_key = $3, password = $4 WHERE id = $1 AND name IS NULL`,
			accountID, display, key, hash)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			return errNameTaken
		}
		if err == nil && tag.RowsAffected() == 0 {
			return proto.Errorf(proto.CodeBadRequest, "the account already has a name")
		}
		return err
	})
}

var errNameTaken = proto.Errorf(proto.CodeNameTaken, "that name, or one that looks the same, is taken")

// CheckPasswordLength refuses a password a registration may not have (8 to 128 bytes).
func CheckPasswordLength(password string) error {
	if len(password) < minPassword || len(password) > maxPassword {
		return proto.Errorf(proto.CodeBadRequest, fmt.Sprintf("a password has %d to %d bytes", minPassword, maxPassword))
	}
	return nil
}

// maxSessions bounds an account's session tokens: a sign-in past it retires the ones
// used least lately (an account signed in on more devices than that is being shared).
const maxSessions = 32

// Login checks a name and password and returns the account with a new session token.
// Every name, known or not, costs one hash (a dummy for unknown ones), so the time of
// the answer does not tell whether the name exists; and every name has the lockout's
// back-off after freeFailures wrong passwords, so neither does the lockout.
func (ac Accounts) Login(ctx context.Context, name, password string, now time.Time) (Account, string, error) {
	_, key, err := CheckName(name)
	lockKey := "login:" + key
	if err != nil {
		var e *proto.Error
		if errors.As(err, &e) && strings.HasPrefix(e.Message, "name too long") {
			return Account{}, "", err
		}
		// Perhaps a name stored before names were checked (see backfillNameKeys).
		key, lockKey = "", "login-legacy:"+strings.TrimSpace(name)
	}
	if len(password) < minPassword || len(password) > maxPassword {
		return Account{}, "", proto.Errorf(proto.CodeUnauthenticated, errBadPassword) // no registered password is
	}
	if d, err := ac.lockedFor(ctx, lockKey, now); err != nil {
		return Account{}, "", err
	} else if d > 0 {
		return Account{}, "", proto.Errorf(proto.CodeRateLimited, fmt.Sprintf("too many wrong passwords for this name; try again in %v", d.Round(time.Second)))
	}
	var a Account
	stored := dummyHash
	err = ac.s.pool.QueryRow(ctx, `SELECT id, name, password, rating, deviation, volatility FROM accounts
		WHERE password IS NOT NULL AND (name_key = $1 OR $1 = '' AND name = $2 AND starts_with(name_key, $3))`,
		key, strings.TrimSpace(name), legacyPrefix).Scan(&a.ID, &a.Name, &stored, &a.Rating.Rating, &a.Rating.Deviation, &a.Rating.Volatility)
	found := err == nil
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return Account{}, "", unavailable(err)
	}
	var ok bool
	if err := ac.s.hash.do(ctx, func() { ok = checkPassword(stored, password) }); err != nil {
		return Account{}, "", err
	}
	if !found || !ok {
		if err := ac.failed(ctx, lockKey, now); err != nil {
			return Account{}, "", err
		}
		return Account{}, "", proto.Errorf(proto.CodeUnauthenticated, errBadPassword)
	}
	token, hash := newToken()
	b := &pgx.Batch{}
	b.Queue(`DELETE FROM login_failures WHERE key = $1`, lockKey)
	b.Queue(`INSERT INTO tokens (hash, account_id) VALUES ($1, $2)`, hash, a.ID)
	b.Queue(`DELETE FROM tokens WHERE account_id = $1 AND hash NOT IN (
		SELECT hash FROM tokens WHERE account_id = $1 ORDER BY used_at DESC, created_at DESC LIMIT $2)`, a.ID, maxSessions)
	if err := ac.s.pool.SendBatch(ctx, b).Close(); err != nil {
		return Account{}, "", unavailable(err)
	}
	return a, token, nil
}

// Logout retires the session token; the instances close the sockets signed in with it.
func (ac Accounts) Logout(ctx context.Context, token string) error {
	return ac.retire(ctx, `DELETE FROM tokens WHERE hash = $1 RETURNING account_id`, token)
}

// RevokeAll retires every session token of the token's account (sign out everywhere).
func (ac Accounts) RevokeAll(ctx context.Context, token string) error {
	return ac.retire(ctx, `DELETE FROM tokens WHERE account_id = (SELECT account_id FROM tokens WHERE hash = $1) RETURNING account_id`, token)
}

func (ac Accounts) retire(ctx context.Context, sql, token string) error {
	return ac.s.inTx(ctx, func(tx *txn) error {
		rows, err := tx.Query(ctx, sql, hashToken(token))
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		if len(ids) == 0 {
			return proto.Errorf(proto.CodeUnauthenticated, errBadToken)
		}
		payload, _ := json.Marshal(AccountNotice{Account: ids[0], Revoked: true})
		tx.notify(ChannelAccount, string(payload))
		return nil
	})
}

// Registered reports whether the account has a name (a registered account, not a guest).
func (ac Accounts) Registered(ctx context.Context, account int64) (bool, error) {
	var ok bool
	err := ac.s.pool.QueryRow(ctx, `SELECT name IS NOT NULL FROM accounts WHERE id = $1`, account).Scan(&ok)
	return ok, err
}

// TokenValid reports whether a session token still works (a socket's, after a logout).
func (ac Accounts) TokenValid(ctx context.Context, token string) (bool, error) {
	var ok bool
	err := ac.s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM tokens WHERE hash = $1)`, hashToken(token)).Scan(&ok)
	return ok, err
}

// dummyHash is checked against for names that have no account: the same work as a
// real check, so that the answer takes as long.
var dummyHash = fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
	base64.RawStdEncoding.EncodeToString(make([]byte, 16)), base64.RawStdEncoding.EncodeToString(make([]byte, argonKeyLen)))

// hashPassword writes an argon2id hash in the PHC string form, with its parameters, so
// they can be raised later without breaking old hashes.
func hashPassword(password string) string {
	salt := make([]byte, 16)
	rand.Read(salt)
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		enc.EncodeToString(salt), enc.EncodeToString(key))
}

func checkPassword(stored, password string) bool {
	var version int
	var memory, time uint32
	var threads uint8
	parts := strings.Split(stored, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &time, &threads); err != nil {
		return false
	}
	enc := base64.RawStdEncoding
	salt, err1 := enc.DecodeString(parts[4])
	key, err2 := enc.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(key) == 0 {
		return false
	}
	got := argon2.IDKey([]byte(password), salt, time, memory, threads, uint32(len(key)))
	return subtle.ConstantTimeCompare(got, key) == 1
}
