-- +goose Up
-- A token expires a while after its last use, not after it was made.
ALTER TABLE tokens ADD COLUMN used_at TIMESTAMPTZ NOT NULL DEFAULT now();

-- +goose Down
ALTER TABLE tokens DROP COLUMN used_at;
