-- +goose Up
-- Each player's lag allowance left, in milliseconds: time a slow network took that is
-- given back on the clock (see store.lagQuotaStart).
ALTER TABLE games
    ADD COLUMN red_lag_ms   BIGINT NOT NULL DEFAULT 1000,
    ADD COLUMN black_lag_ms BIGINT NOT NULL DEFAULT 1000;

-- +goose Down
ALTER TABLE games DROP COLUMN red_lag_ms, DROP COLUMN black_lag_ms;
