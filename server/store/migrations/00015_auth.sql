-- +goose Up
-- The key of an account's name (its PRECIS and confusable skeleton, see CheckName): one
-- account per look-alike. Existing names get theirs when the server starts (backfillNameKeys).
ALTER TABLE accounts ADD COLUMN name_key TEXT;
CREATE UNIQUE INDEX accounts_key ON accounts (name_key);
CREATE INDEX tokens_account ON tokens (account_id, used_at);

-- Token buckets shared by every instance: sign-ins and registrations per address, per
-- account and per name. full_at is when the bucket is full again, and so forgettable.
CREATE TABLE rate_buckets (
    key     TEXT PRIMARY KEY,
    tokens  DOUBLE PRECISION NOT NULL,
    at      TIMESTAMPTZ NOT NULL,
    full_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX rate_buckets_full ON rate_buckets (full_at);

-- Wrong passwords per name (known or not, so that the answers do not tell which), for
-- the lockout's back-off.
CREATE TABLE login_failures (
    key          TEXT PRIMARY KEY,
    failures     INTEGER NOT NULL,
    locked_until TIMESTAMPTZ NOT NULL,
    at           TIMESTAMPTZ NOT NULL
);

-- Open invites, for their cap and expiry.
CREATE INDEX games_waiting ON games (created_at) WHERE status = 'waiting';

-- +goose Down
DROP INDEX games_waiting;
DROP TABLE login_failures;
DROP TABLE rate_buckets;
DROP INDEX tokens_account;
DROP INDEX accounts_key;
ALTER TABLE accounts DROP COLUMN name_key;
