-- +goose Up
-- The side asking to take its last move back in a casual game, if any.
ALTER TABLE games ADD COLUMN takeback_offer TEXT CHECK (takeback_offer IN ('red', 'black'));

-- +goose Down
ALTER TABLE games DROP COLUMN takeback_offer;
