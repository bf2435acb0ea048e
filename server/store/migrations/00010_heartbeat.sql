-- +goose Up
-- The service's heartbeat: when an instance last reached the database (one row, written
-- every few seconds by each live instance). A gap in it is an outage, of every instance
-- or of the database, and is not charged to any clock or absence (see store.Beat).
CREATE TABLE heartbeat (
    id BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
    at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE heartbeat;
