-- +goose Up
CREATE TABLE accounts (
    id          BIGSERIAL PRIMARY KEY,
    name        TEXT UNIQUE,
    password    TEXT,             -- argon2id hash in PHC form; NULL for a guest
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    rated_games INTEGER NOT NULL DEFAULT 0,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A session token is stored as its SHA-256 only; the token itself is shown once.
CREATE TABLE tokens (
    hash       BYTEA PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE games (
    id           BIGSERIAL PRIMARY KEY,
    red          BIGINT REFERENCES accounts,
    black        BIGINT REFERENCES accounts,
    status       TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'over')),
    invite_code  TEXT UNIQUE,
    rules        TEXT NOT NULL,
    rated        BOOLEAN NOT NULL,
    start_fen    TEXT NOT NULL,
    base_ms      BIGINT NOT NULL,
    increment_ms BIGINT NOT NULL,
    -- The clocks as they stood at turn_since; the side to move's runs from then.
    red_ms       BIGINT NOT NULL,
    black_ms     BIGINT NOT NULL,
    turn_since   TIMESTAMPTZ,
    -- When the side to move's time runs out (NULL: untimed or not running), for the sweeper.
    deadline     TIMESTAMPTZ,
    ply          INTEGER NOT NULL DEFAULT 0,
    -- The number of the game's last event.
    version      BIGINT NOT NULL DEFAULT 0,
    draw_offer   TEXT CHECK (draw_offer IN ('red', 'black')),
    -- When each player was last known connected, for abandonment.
    red_seen     TIMESTAMPTZ,
    black_seen   TIMESTAMPTZ,
    result       TEXT,
    reason       TEXT,
    verdict      TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX games_deadline ON games (deadline) WHERE status = 'playing';
CREATE INDEX games_red ON games (red) WHERE status = 'playing';
CREATE INDEX games_black ON games (black) WHERE status = 'playing';

-- Every game event, numbered from 1 per game; the move events are the game's moves.
CREATE TABLE events (
    game_id    BIGINT NOT NULL REFERENCES games ON DELETE CASCADE,
    seq        BIGINT NOT NULL,
    kind       TEXT NOT NULL,
    data       JSONB NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, seq)
);

-- One row per rated game that moved ratings: its key makes a second change impossible.
CREATE TABLE rating_changes (
    game_id      BIGINT PRIMARY KEY REFERENCES games,
    red_before   DOUBLE PRECISION NOT NULL,
    red_after    DOUBLE PRECISION NOT NULL,
    black_before DOUBLE PRECISION NOT NULL,
    black_after  DOUBLE PRECISION NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE seeks (
    account_id   BIGINT PRIMARY KEY REFERENCES accounts ON DELETE CASCADE,
    base_ms      BIGINT NOT NULL,
    increment_ms BIGINT NOT NULL,
    rules        TEXT NOT NULL,
    rated        BOOLEAN NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE seeks;
DROP TABLE rating_changes;
DROP TABLE events;
DROP TABLE games;
DROP TABLE tokens;
DROP TABLE accounts;
