package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/glicko"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/server/proto"
)

// Lobby is what the lobby lists, as a part of the Store: who is online, the open seeks,
// the games in play, and who watches them. Every list is read a page at a time, the page
// bounded by the caller (the hub takes proto.MaxLobbyLimit at most).
type Lobby struct{ s *Store }

// Lobby returns the store's lobby lists.
func (s *Store) Lobby() Lobby { return Lobby{s} }

// publicOf is an account as the lobby shows it.
func publicOf(id int64, name *string, rating, deviation float64) proto.Account {
	a := Account{ID: id, Rating: glicko.Rating{Rating: rating, Deviation: deviation}}
	if name != nil {
		a.Name = *name
	}
	return a.Public()
}

// Online returns how many accounts are online, and the page of them from offset, highest
// rated first: those recorded connected since since (see Sweeper.Seen: every instance
// records its sockets' accounts every few seconds) and not gone since (Social.Left: the
// rule the friends' presence follows), and those of here (the caller's own sockets'
// accounts, so that one who just came is listed at once).
func (lb Lobby) Online(ctx context.Context, since time.Time, here []int64, offset, limit int) (int, []proto.Account, error) {
	const online = `(SELECT p.account_id FROM presence p LEFT JOIN presence_left l ON l.account_id = p.account_id
		WHERE p.seen >= $1 AND (l.at IS NULL OR l.at < p.seen) UNION SELECT unnest($2::bigint[])) AS o`
	var total int
	if err := lb.s.pool.QueryRow(ctx, `SELECT count(*) FROM `+online, dbTime(since), here).Scan(&total); err != nil {
		return 0, nil, err
	}
	rows, err := lb.s.pool.Query(ctx, `SELECT a.id, a.name, a.rating, a.deviation FROM accounts a JOIN `+online+` ON o.account_id = a.id
		ORDER BY a.rating DESC, a.id LIMIT $3 OFFSET $4`, dbTime(since), here, limit, offset)
	if err != nil {
		return 0, nil, err
	}
	players := []proto.Account{}
	var id int64
	var name *string
	var rating, deviation float64
	_, err = pgx.ForEachRow(rows, []any{&id, &name, &rating, &deviation}, func() error {
		players = append(players, publicOf(id, name, rating, deviation))
		return nil
	})
	return total, players, err
}

// Seeks returns how many seeks wait and the page of them from offset, oldest first.
func (lb Lobby) Seeks(ctx context.Context, offset, limit int) (int, []proto.SeekEntry, error) {
	var total int
	if err := lb.s.pool.QueryRow(ctx, `SELECT count(*) FROM seeks`).Scan(&total); err != nil {
		return 0, nil, err
	}
	rows, err := lb.s.pool.Query(ctx, `SELECT a.id, a.name, a.rating, a.deviation, s.base_ms, s.increment_ms, s.byoyomi_ms, s.periods,
			s.rules, s.rated, COALESCE(s.min_rating, 0), COALESCE(s.max_rating, 0)
		FROM seeks s JOIN accounts a ON a.id = s.account_id ORDER BY s.created_at, s.account_id LIMIT $1 OFFSET $2`, limit, offset)
	if err != nil {
		return 0, nil, err
	}
	seeks := []proto.SeekEntry{}
	var id, base, inc, byo int64
	var periods int
	var name *string
	var rating, deviation, lo, hi float64
	var e proto.SeekEntry
	_, err = pgx.ForEachRow(rows, []any{&id, &name, &rating, &deviation, &base, &inc, &byo, &periods, &e.Rules, &e.Rated, &lo, &hi}, func() error {
		e.Player = publicOf(id, name, rating, deviation)
		e.TimeControl = controlOf(base, inc, byo, periods).String()
		e.MinRating, e.MaxRating = int(lo), int(hi)
		seeks = append(seeks, e)
		return nil
	})
	return total, seeks, err
}

func controlOf(base, inc, byo int64, periods int) match.TimeControl {
	return match.TimeControl{Base: time.Duration(base) * time.Millisecond, Increment: time.Duration(inc) * time.Millisecond,
		Byoyomi: time.Duration(byo) * time.Millisecond, Periods: periods}
}

// gameEntries is the select of the games lists; $1 is the time since which an instance's
// spectators count (see Spectators).
const gameEntries = `SELECT g.id, r.id, r.name, r.rating, r.deviation, b.id, b.name, b.rating, b.deviation,
		g.base_ms, g.increment_ms, g.byoyomi_ms, g.periods, g.rated, g.ply,
		(SELECT count(DISTINCT s.account_id) FROM spectators s JOIN spectator_instances i ON i.instance = s.instance
			WHERE s.game_id = g.id AND i.seen >= $1 AND s.account_id <> g.red AND s.account_id <> g.black)
	FROM games g JOIN accounts r ON r.id = g.red JOIN accounts b ON b.id = g.black
	WHERE g.status = 'playing'`

func scanGames(rows pgx.Rows) ([]proto.GameEntry, error) {
	games := []proto.GameEntry{}
	var e proto.GameEntry
	var red, black int64
	var redName, blackName *string
	var redRating, redDev, blackRating, blackDev float64
	var base, inc, byo int64
	var periods int
	_, err := pgx.ForEachRow(rows, []any{&e.ID, &red, &redName, &redRating, &redDev, &black, &blackName, &blackRating, &blackDev,
		&base, &inc, &byo, &periods, &e.Rated, &e.Ply, &e.Watchers}, func() error {
		e.Red, e.Black = publicOf(red, redName, redRating, redDev), publicOf(black, blackName, blackRating, blackDev)
		e.TimeControl = controlOf(base, inc, byo, periods).String()
		games = append(games, e)
		return nil
	})
	return games, err
}

// Games returns how many games are in play and the page of them from offset, the best
// rated (the sum of the players' ratings) first, with their watchers counted from the
// rows seen since since.
func (lb Lobby) Games(ctx context.Context, since time.Time, offset, limit int) (int, []proto.GameEntry, error) {
	var total int
	if err := lb.s.pool.QueryRow(ctx, `SELECT count(*) FROM games WHERE status = 'playing'`).Scan(&total); err != nil {
		return 0, nil, err
	}
	rows, err := lb.s.pool.Query(ctx, gameEntries+` ORDER BY r.rating + b.rating DESC, g.id LIMIT $2 OFFSET $3`, dbTime(since), limit, offset)
	if err != nil {
		return 0, nil, err
	}
	games, err := scanGames(rows)
	return total, games, err
}

// Mine returns account's games in play, oldest first, at most limit.
func (lb Lobby) Mine(ctx context.Context, account int64, since time.Time, offset, limit int) (int, []proto.GameEntry, error) {
	var total int
	if err := lb.s.pool.QueryRow(ctx, `SELECT count(*) FROM games WHERE status = 'playing' AND (red = $1 OR black = $1)`,
		account).Scan(&total); err != nil {
		return 0, nil, err
	}
	rows, err := lb.s.pool.Query(ctx, gameEntries+` AND (g.red = $4 OR g.black = $4) ORDER BY g.id LIMIT $2 OFFSET $3`,
		dbTime(since), limit, offset, account)
	if err != nil {
		return 0, nil, err
	}
	games, err := scanGames(rows)
	return total, games, err
}

// Spectator is one account watching one game through an instance's sockets.
type Spectator struct{ Game, Account int64 }

// Spectators records the changes of instance's spectators at now: add are new, gone are
// no longer; the instance is marked alive. Rows are written in one order, so two
// instances cannot deadlock.
func (lb Lobby) Spectators(ctx context.Context, instance string, add, gone []Spectator, now time.Time) error {
	if len(add) == 0 && len(gone) == 0 {
		return nil
	}
	b := &pgx.Batch{}
	b.Queue(`INSERT INTO spectator_instances (instance, seen) VALUES ($1, $2)
		ON CONFLICT (instance) DO UPDATE SET seen = GREATEST(spectator_instances.seen, EXCLUDED.seen)`, instance, dbTime(now))
	if len(gone) > 0 {
		g, a := unzip(gone)
		b.Queue(`DELETE FROM spectators WHERE instance = $1 AND (game_id, account_id) IN (SELECT * FROM unnest($2::bigint[], $3::bigint[]))`,
			instance, g, a)
	}
	if len(add) > 0 {
		g, a := unzip(add)
		// A game or an account that does not exist (a watch refused) is passed over.
		b.Queue(`INSERT INTO spectators (instance, game_id, account_id)
			SELECT $1, s.g, s.a FROM unnest($2::bigint[], $3::bigint[]) AS s(g, a)
			WHERE EXISTS (SELECT 1 FROM games WHERE id = s.g) AND EXISTS (SELECT 1 FROM accounts WHERE id = s.a)
			ORDER BY s.g, s.a
			ON CONFLICT DO NOTHING`, instance, g, a)
	}
	return lb.s.pool.SendBatch(ctx, b).Close()
}

// KeepSpectators marks instance alive at now (one row, however many it has watching),
// and forgets the instances, and their spectators, not seen since before (instances
// that died). It reports whether instance had no row, its spectators being gone with it
// (the instance could not reach the database for that long): the caller writes them all
// again.
func (lb Lobby) KeepSpectators(ctx context.Context, instance string, now, before time.Time) (bool, error) {
	var fresh bool
	if err := lb.s.pool.QueryRow(ctx, `INSERT INTO spectator_instances (instance, seen) VALUES ($1, $2)
		ON CONFLICT (instance) DO UPDATE SET seen = GREATEST(spectator_instances.seen, EXCLUDED.seen)
		RETURNING xmax = 0`, instance, dbTime(now)).Scan(&fresh); err != nil {
		return false, err
	}
	_, err := lb.s.pool.Exec(ctx, `DELETE FROM spectator_instances WHERE seen < $1`, dbTime(before))
	return fresh, err
}

// Watchers counts, for each of the games with any, the accounts other than its players
// watching it through the instances seen since since.
func (lb Lobby) Watchers(ctx context.Context, games []int64, since time.Time) (map[int64]int, error) {
	rows, err := lb.s.pool.Query(ctx, `SELECT s.game_id, count(DISTINCT s.account_id)
		FROM spectators s JOIN spectator_instances i ON i.instance = s.instance JOIN games g ON g.id = s.game_id
		WHERE s.game_id = ANY($1) AND i.seen >= $2 AND s.account_id IS DISTINCT FROM g.red AND s.account_id IS DISTINCT FROM g.black
		GROUP BY s.game_id`, games, dbTime(since))
	if err != nil {
		return nil, err
	}
	counts := map[int64]int{}
	var id int64
	var n int
	_, err = pgx.ForEachRow(rows, []any{&id, &n}, func() error {
		counts[id] = n
		return nil
	})
	return counts, err
}

func unzip(ss []Spectator) (games, accounts []int64) {
	games, accounts = make([]int64, len(ss)), make([]int64, len(ss))
	for i, s := range ss {
		games[i], accounts[i] = s.Game, s.Account
	}
	return games, accounts
}
