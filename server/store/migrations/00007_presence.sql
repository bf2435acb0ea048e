-- +goose Up
-- When each account was last known connected, for abandonment: one row per account that
-- the instances update every few seconds, instead of every game row of every connected
-- player, which a move had to wait for.
CREATE TABLE presence (
    account_id BIGINT PRIMARY KEY REFERENCES accounts ON DELETE CASCADE,
    seen       TIMESTAMPTZ NOT NULL
);
CREATE INDEX presence_seen ON presence (seen);
INSERT INTO presence (account_id, seen)
    SELECT account, max(seen) FROM (
        SELECT red AS account, red_seen AS seen FROM games WHERE status = 'playing' AND red_seen IS NOT NULL
        UNION ALL
        SELECT black, black_seen FROM games WHERE status = 'playing' AND black_seen IS NOT NULL) s
    GROUP BY account;
ALTER TABLE games DROP COLUMN red_seen, DROP COLUMN black_seen;

-- +goose Down
ALTER TABLE games ADD COLUMN red_seen TIMESTAMPTZ, ADD COLUMN black_seen TIMESTAMPTZ;
UPDATE games SET red_seen = (SELECT seen FROM presence WHERE account_id = games.red),
    black_seen = (SELECT seen FROM presence WHERE account_id = games.black);
DROP TABLE presence;
