-- +goose Up
-- Follows: follower sees when followed is online or playing (protocol version 4).
CREATE TABLE follows (
    follower   BIGINT NOT NULL REFERENCES accounts ON DELETE CASCADE,
    followed   BIGINT NOT NULL REFERENCES accounts ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (follower, followed),
    CHECK (follower <> followed)
);
CREATE INDEX follows_followed ON follows (followed);

-- Blocks: blocker hears no challenge and no chat of blocked, and the two are never paired.
CREATE TABLE blocks (
    blocker    BIGINT NOT NULL REFERENCES accounts ON DELETE CASCADE,
    blocked    BIGINT NOT NULL REFERENCES accounts ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (blocker, blocked),
    CHECK (blocker <> blocked)
);
CREATE INDEX blocks_blocked ON blocks (blocked);

-- A challenge is an invite (a waiting games row, no code) addressed to one account,
-- which it may accept or decline until expires_at.
CREATE TABLE challenges (
    game_id    BIGINT PRIMARY KEY REFERENCES games ON DELETE CASCADE,
    challenger BIGINT NOT NULL REFERENCES accounts ON DELETE CASCADE,
    challenged BIGINT NOT NULL REFERENCES accounts ON DELETE CASCADE,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX challenges_challenged ON challenges (challenged, expires_at);
CREATE INDEX challenges_expires ON challenges (expires_at);

-- Per-account social settings: free_chat, whether this account takes free text (both
-- players must allow it; guests never).
CREATE TABLE social_settings (
    account_id BIGINT PRIMARY KEY REFERENCES accounts ON DELETE CASCADE,
    free_chat  BOOLEAN NOT NULL DEFAULT false
);

-- A game's chat between its two players: a phrase id or a free text.
CREATE TABLE chat_lines (
    id      BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games ON DELETE CASCADE,
    sender  BIGINT NOT NULL REFERENCES accounts ON DELETE CASCADE,
    phrase  TEXT,
    text    TEXT,
    at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX chat_lines_game ON chat_lines (game_id, id);
CREATE INDEX chat_lines_at ON chat_lines (at);

-- Reports of a game's chat, for an operator (docs/social.md has the query): the
-- conversation is copied, so that it outlives the chat lines' pruning.
CREATE TABLE chat_reports (
    id           BIGSERIAL PRIMARY KEY,
    reporter     BIGINT NOT NULL REFERENCES accounts ON DELETE CASCADE,
    reported     BIGINT NOT NULL REFERENCES accounts ON DELETE CASCADE,
    game_id      BIGINT NOT NULL,
    conversation JSONB NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    handled      BOOLEAN NOT NULL DEFAULT false,
    UNIQUE (reporter, game_id)
);
CREATE INDEX chat_reports_open ON chat_reports (created_at) WHERE NOT handled;

-- When an account's last socket on an instance closed: it is online while its presence
-- was seen lately and after it left.
CREATE TABLE presence_left (
    account_id BIGINT PRIMARY KEY REFERENCES accounts ON DELETE CASCADE,
    at         TIMESTAMPTZ NOT NULL
);

-- The leaderboards read registered accounts by rating.
CREATE INDEX accounts_rating ON accounts (rating DESC) WHERE name IS NOT NULL AND rated_games > 0;
CREATE INDEX games_rated_over_red ON games (red) WHERE rated AND status = 'over';
CREATE INDEX games_rated_over_black ON games (black) WHERE rated AND status = 'over';

-- +goose Down
DROP INDEX games_rated_over_black;
DROP INDEX games_rated_over_red;
DROP INDEX accounts_rating;
DROP TABLE presence_left;
DROP TABLE chat_reports;
DROP TABLE chat_lines;
DROP TABLE social_settings;
DROP TABLE challenges;
DROP TABLE blocks;
DROP TABLE follows;
