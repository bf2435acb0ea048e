-- +goose Up
-- 读秒 (byo-yomi) controls: the time of a period and the number of periods (0 without
-- byo-yomi), and per player the periods left and the time used of the current period as
-- of turn_since (red_ms and black_ms stay the main time left).
ALTER TABLE games
    ADD COLUMN byoyomi_ms    BIGINT  NOT NULL DEFAULT 0,
    ADD COLUMN periods       INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN red_periods   INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN black_periods INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN red_used_ms   BIGINT  NOT NULL DEFAULT 0,
    ADD COLUMN black_used_ms BIGINT  NOT NULL DEFAULT 0;
ALTER TABLE seeks
    ADD COLUMN byoyomi_ms BIGINT  NOT NULL DEFAULT 0,
    ADD COLUMN periods    INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE seeks DROP COLUMN byoyomi_ms, DROP COLUMN periods;
ALTER TABLE games DROP COLUMN byoyomi_ms, DROP COLUMN periods, DROP COLUMN red_periods, DROP COLUMN black_periods,
    DROP COLUMN red_used_ms, DROP COLUMN black_used_ms;
