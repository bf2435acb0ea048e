-- +goose Up
-- Sync (protocol v4): per account, its change counter and what its items hold (for the
-- caps), and the items themselves, each at the counter's value of its last write.
CREATE TABLE sync_accounts (
    account_id BIGINT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    version    BIGINT NOT NULL DEFAULT 0,
    items      INTEGER NOT NULL DEFAULT 0,
    bytes      BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE sync_items (
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    key        TEXT NOT NULL,
    version    BIGINT NOT NULL,
    deleted    BOOLEAN NOT NULL DEFAULT FALSE,
    data       TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (account_id, kind, key)
);
-- The pull reads an account's items by version.
CREATE UNIQUE INDEX sync_items_version ON sync_items (account_id, version);

-- +goose Down
DROP TABLE sync_items;
DROP TABLE sync_accounts;
