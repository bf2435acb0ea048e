-- +goose Up
-- An account's ended games, newest first, for the ended request (an app files the games
-- that ended while it was not running).
CREATE INDEX games_red_over ON games (red, id) WHERE status = 'over';
CREATE INDEX games_black_over ON games (black, id) WHERE status = 'over';

-- +goose Down
DROP INDEX games_black_over;
DROP INDEX games_red_over;
