-- +goose Up
-- Who watches which game, per server instance (an instance names itself when it starts):
-- each instance writes its own sockets' rows and refreshes their seen every few seconds,
-- so the rows of an instance that died age out of the count (see store.Spectators).
CREATE TABLE spectators (
    instance   TEXT NOT NULL,
    game_id    BIGINT NOT NULL REFERENCES games ON DELETE CASCADE,
    account_id BIGINT NOT NULL REFERENCES accounts ON DELETE CASCADE,
    seen       TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, account_id, instance)
);
CREATE INDEX spectators_instance ON spectators (instance);
-- The seek list, oldest first.
CREATE INDEX seeks_created ON seeks (created_at);

-- +goose Down
DROP INDEX seeks_created;
DROP TABLE spectators;
