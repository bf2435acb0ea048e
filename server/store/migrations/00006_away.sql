-- +goose Up
-- When each player's opponent may claim the game because the player is away (NULL while
-- the player is connected); set by the sweeper with the away event, cleared on return.
ALTER TABLE games
    ADD COLUMN red_claim_at   TIMESTAMPTZ,
    ADD COLUMN black_claim_at TIMESTAMPTZ;

-- +goose Down
ALTER TABLE games DROP COLUMN red_claim_at, DROP COLUMN black_claim_at;
