-- +goose Up
-- A seek may bound its opponent's rating; the seeker's rating is kept to match others' bounds.
ALTER TABLE seeks
    ADD COLUMN rating     DOUBLE PRECISION NOT NULL DEFAULT 1500,
    ADD COLUMN min_rating DOUBLE PRECISION,
    ADD COLUMN max_rating DOUBLE PRECISION;

-- +goose Down
ALTER TABLE seeks DROP COLUMN rating, DROP COLUMN min_rating, DROP COLUMN max_rating;
