-- +goose Up
-- Who watches which game through which server instance (an instance names itself when it
-- starts and writes only its own rows), and when each instance last said it was alive:
-- the rows of an instance that died stop counting once its seen is stale, and are
-- deleted a while later (see store.Lobby). One row per instance is kept fresh, not one
-- per watcher, so watchers cost no writes while they only watch.
CREATE TABLE spectator_instances (
    instance TEXT PRIMARY KEY,
    seen     TIMESTAMPTZ NOT NULL
);
CREATE TABLE spectators (
    instance   TEXT NOT NULL REFERENCES spectator_instances ON DELETE CASCADE,
    game_id    BIGINT NOT NULL REFERENCES games ON DELETE CASCADE,
    account_id BIGINT NOT NULL REFERENCES accounts ON DELETE CASCADE,
    PRIMARY KEY (game_id, account_id, instance)
);
CREATE INDEX spectators_instance ON spectators (instance);
-- The seek list, oldest first.
CREATE INDEX seeks_created ON seeks (created_at);

-- +goose Down
DROP INDEX seeks_created;
DROP TABLE spectators;
DROP TABLE spectator_instances;
