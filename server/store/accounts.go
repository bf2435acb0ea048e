package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"golang.org/x/crypto/argon2"

	"github.com/xqfyne/xiangqi/glicko"
	"github.com/xqfyne/xiangqi/server/proto"
)

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
func (s *Store) CreateGuest(ctx context.Context) (Account, string, error) {
	r := glicko.Default()
	var a Account
	token, hash := newToken()
	err := s.inTx(ctx, func(tx *txn) error {
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
func (s *Store) Authenticate(ctx context.Context, token string) (Account, error) {
	var a Account
	var name *string
	// Using a token keeps it alive: it expires tokenLifetime after its last use. The use
	// is written at most once per tokenUseStep, so that a crowd of players reconnecting
	// costs reads, not commits that wait for the disk.
	err := s.pool.QueryRow(ctx, `WITH t AS (SELECT account_id, used_at FROM tokens WHERE hash = $1 AND used_at > now() - $2::interval),
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
// another device with Login.
func (s *Store) Register(ctx context.Context, accountID int64, name, password string) error {
	name = strings.TrimSpace(name)
	if name == "" || utf8.RuneCountInString(name) > maxName || strings.ContainsAny(name, "\x00\n\r\t") {
		return proto.Errorf(proto.CodeBadRequest, fmt.Sprintf("a name has 1 to %d characters and no control characters", maxName))
	}
	if len(password) < minPassword || len(password) > maxPassword {
		return proto.Errorf(proto.CodeBadRequest, fmt.Sprintf("a password has %d to %d bytes", minPassword, maxPassword))
	}
	hash := hashPassword(password)
	return s.inTx(ctx, func(tx *txn) error {
		tag, err := tx.Exec(ctx, `UPDATE accounts SET name = $2, password = $3 WHERE id = $1 AND name IS NULL`, accountID, name, hash)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			return proto.Errorf(proto.CodeNameTaken, "that name is taken")
		}
		if err == nil && tag.RowsAffected() == 0 {
			return proto.Errorf(proto.CodeBadRequest, "the account already has a name")
		}
		return err
	})
}

// Login checks a name and password and returns the account with a new session token.
func (s *Store) Login(ctx context.Context, name, password string) (Account, string, error) {
	var a Account
	var stored string
	err := s.pool.QueryRow(ctx, `SELECT id, name, password, rating, deviation, volatility FROM accounts WHERE name = $1 AND password IS NOT NULL`,
		strings.TrimSpace(name)).Scan(&a.ID, &a.Name, &stored, &a.Rating.Rating, &a.Rating.Deviation, &a.Rating.Volatility)
	if errors.Is(err, pgx.ErrNoRows) {
		return Account{}, "", proto.Errorf(proto.CodeUnauthenticated, errBadPassword)
	}
	if err != nil {
		return Account{}, "", fmt.Errorf("%w (%v)", proto.Errorf(proto.CodeUnavailable, "the database did not answer; try again"), err)
	}
	if !checkPassword(stored, password) {
		return Account{}, "", proto.Errorf(proto.CodeUnauthenticated, errBadPassword)
	}
	token, hash := newToken()
	if _, err := s.pool.Exec(ctx, `INSERT INTO tokens (hash, account_id) VALUES ($1, $2)`, hash, a.ID); err != nil {
		return Account{}, "", fmt.Errorf("%w (%v)", proto.Errorf(proto.CodeUnavailable, "the database did not answer; try again"), err)
	}
	return a, token, nil
}

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
