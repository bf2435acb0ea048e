package store

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// Pairing is how two players get a game, as a part of the Store: seeks matched by time
// control, rules and rating, and private invites joined by code.
type Pairing struct{ s *Store }

// Pairing returns the store's pairing of players.
func (s *Store) Pairing() Pairing { return Pairing{s} }

// Seek matches account with the oldest seek of another account on the same time control,
// rules and ratedness (never one of an account either of them blocked), starting their
// game, or leaves account's seek waiting (replacing an earlier one). It returns the new game's id, or 0 while the seek waits. Seeks of one
// kind are matched one at a time (an advisory lock), so two seeks never both wait.
func (pr Pairing) Seek(ctx context.Context, account int64, spec Spec, now time.Time) (int64, error) {
	var id int64
	now = dbTime(now)
	err := pr.s.inTx(ctx, func(tx *txn) error {
		id = 0
		tc := spec.TimeControl
		key := fmt.Sprintf("seek %s %s %t", tc, spec.Rules, spec.Rated)
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, key); err != nil {
			return err
		}
		var rating float64
		if err := tx.QueryRow(ctx, `SELECT rating FROM accounts WHERE id = $1`, account).Scan(&rating); err != nil {
			return err
		}
		minRating, maxRating := ratingBound(spec.MinRating), ratingBound(spec.MaxRating)
		// The oldest seek of the same kind whose player is in this seek's range and
		// whose range takes this player.
		var other int64
		err := tx.QueryRow(ctx, `DELETE FROM seeks WHERE account_id = (
			SELECT account_id FROM seeks WHERE base_ms = $1 AND increment_ms = $2 AND rules = $3 AND rated = $4 AND account_id <> $5
				AND ($6::float8 IS NULL OR rating >= $6) AND ($7::float8 IS NULL OR rating <= $7)
				AND (min_rating IS NULL OR $8 >= min_rating) AND (max_rating IS NULL OR $8 <= max_rating)
				AND byoyomi_ms = $9 AND periods = $10
				AND NOT EXISTS (SELECT 1 FROM blocks WHERE blocker = account_id AND blocked = $5 OR blocker = $5 AND blocked = account_id)
			ORDER BY created_at LIMIT 1) RETURNING account_id`,
			tc.Base.Milliseconds(), tc.Increment.Milliseconds(), spec.Rules.String(), spec.Rated, account,
			minRating, maxRating, rating, tc.Byoyomi.Milliseconds(), tc.ByoyomiPeriods()).Scan(&other)
		if errors.Is(err, pgx.ErrNoRows) {
			_, err = tx.Exec(ctx, `INSERT INTO seeks (account_id, base_ms, increment_ms, rules, rated, rating, min_rating, max_rating,
					byoyomi_ms, periods)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
				ON CONFLICT (account_id) DO UPDATE SET base_ms = $2, increment_ms = $3, rules = $4, rated = $5, rating = $6,
					min_rating = $7, max_rating = $8, byoyomi_ms = $9, periods = $10, created_at = now()`,
				account, tc.Base.Milliseconds(), tc.Increment.Milliseconds(), spec.Rules.String(), spec.Rated,
				rating, minRating, maxRating, tc.Byoyomi.Milliseconds(), tc.ByoyomiPeriods())
			return err
		}
		if err != nil {
			return err
		}
		id, err = pr.pair(ctx, tx, other, account, spec, now)
		return err
	})
	return id, err
}

// pair starts the game of the seek of other, just taken from the table, with account
// (whose own seek goes).
func (pr Pairing) pair(ctx context.Context, tx *txn, other, account int64, spec Spec, now time.Time) (int64, error) {
	if _, err := tx.Exec(ctx, `DELETE FROM seeks WHERE account_id = $1`, account); err != nil {
		return 0, err
	}
	red, black := other, account // the one who waited and the newcomer, colours drawn at random
	if randomBit() {
		red, black = black, red
	}
	r := &gameRow{red: &red, black: &black, ruleSet: spec.Rules.String(), rated: spec.Rated}
	if err := insertGame(ctx, tx, r, spec, ""); err != nil {
		return 0, err
	}
	return r.id, pr.start(ctx, tx, r, spec, now)
}

// AcceptSeek starts a game between account and the waiting seek of seeker, as the seek
// list showed it (spec's control, rules and ratedness): one withdrawn or changed since,
// or whose rating range does not take account, is not found; nor is a seek taken between
// accounts one of which blocked the other. It takes the seek's
// advisory lock, as Seek does, so that the seek is never matched twice.
func (pr Pairing) AcceptSeek(ctx context.Context, account, seeker int64, spec Spec, now time.Time) (int64, error) {
	if account == seeker {
		return 0, proto.Errorf(proto.CodeOwnGame, "that is your own seek")
	}
	var id int64
	now = dbTime(now)
	err := pr.s.inTx(ctx, func(tx *txn) error {
		if blocked, err := eitherBlocked(ctx, tx, account, seeker); err != nil || blocked {
			if err == nil {
				err = proto.Errorf(proto.CodeBlocked, "you cannot take that player's seek")
			}
			return err
		}
		tc := spec.TimeControl
		key := fmt.Sprintf("seek %s %s %t", tc, spec.Rules, spec.Rated)
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, key); err != nil {
			return err
		}
		var found int64
		err := tx.QueryRow(ctx, `DELETE FROM seeks s USING accounts a WHERE s.account_id = $1 AND a.id = $2
				AND s.base_ms = $3 AND s.increment_ms = $4 AND s.rules = $5 AND s.rated = $6 AND s.byoyomi_ms = $7 AND s.periods = $8
				AND (s.min_rating IS NULL OR a.rating >= s.min_rating) AND (s.max_rating IS NULL OR a.rating <= s.max_rating)
			RETURNING s.account_id`, seeker, account, tc.Base.Milliseconds(), tc.Increment.Milliseconds(), spec.Rules.String(),
			spec.Rated, tc.Byoyomi.Milliseconds(), tc.ByoyomiPeriods()).Scan(&found)
		if errors.Is(err, pgx.ErrNoRows) {
			return proto.Errorf(proto.CodeNotFound, "that seek is gone (taken, withdrawn, or not for your rating)")
		}
		if err != nil {
			return err
		}
		id, err = pr.pair(ctx, tx, seeker, account, spec, now)
		return err
	})
	return id, err
}

// ratingBound is a bound of a seek's range as the table keeps it (NULL: none).
func ratingBound(r int) *float64 {
	if r == 0 {
		return nil
	}
	f := float64(r)
	return &f
}

// CancelSeek withdraws account's seek.
func (pr Pairing) CancelSeek(ctx context.Context, account int64) error {
	_, err := pr.s.pool.Exec(ctx, `DELETE FROM seeks WHERE account_id = $1`, account)
	return err
}

// Join starts the private game of code with account as the opponent.
func (pr Pairing) Join(ctx context.Context, account int64, code string, now time.Time) (int64, error) {
	var id int64
	now = dbTime(now)
	err := pr.s.inTx(ctx, func(tx *txn) error {
		if err := tx.QueryRow(ctx, `SELECT id FROM games WHERE invite_code = $1`, code).Scan(&id); errors.Is(err, pgx.ErrNoRows) {
			return proto.Errorf(proto.CodeNotFound, "no game has that invite code")
		} else if err != nil {
			return err
		}
		r, err := lockGame(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, mine := r.sideOf(account); mine {
			return proto.Errorf(proto.CodeOwnGame, "that is your own invite; give the code to your opponent")
		}
		if r.status != "waiting" {
			return proto.Errorf(proto.CodeGameOver, "someone has already joined that game")
		}
		if err := checkJoin(ctx, tx, r, account, now); err != nil {
			return err
		}
		if r.red == nil {
			r.red = &account
		} else {
			r.black = &account
		}
		ruleSet, err := rules.ParseRuleSet(r.ruleSet)
		if err != nil {
			return err
		}
		spec := Spec{TimeControl: r.timeControl(), Rules: ruleSet, Rated: r.rated, FEN: r.startFEN}
		return pr.start(ctx, tx, r, spec, now)
	})
	return id, err
}

func insertGame(ctx context.Context, tx *txn, r *gameRow, spec Spec, code string) error {
	g, err := game.New(spec.FEN)
	if err != nil {
		return proto.Errorf(proto.CodeBadRequest, err.Error())
	}
	var invite *string
	if code != "" {
		invite = &code
	}
	tc := spec.TimeControl
	r.startFEN, r.ruleSet, r.rated = g.StartFEN(), spec.Rules.String(), spec.Rated
	return tx.QueryRow(ctx, `INSERT INTO games (red, black, status, invite_code, rules, rated, start_fen, base_ms, increment_ms,
			red_ms, black_ms, byoyomi_ms, periods, red_periods, black_periods)
		VALUES ($1, $2, 'waiting', $3, $4, $5, $6, $7, $8, $7, $7, $9, $10, $10, $10) RETURNING id`,
		r.red, r.black, invite, r.ruleSet, r.rated, r.startFEN, tc.Base.Milliseconds(), tc.Increment.Milliseconds(),
		tc.Byoyomi.Milliseconds(), tc.ByoyomiPeriods()).Scan(&r.id)
}

// start begins a game whose players are both known: the clock of the side to move runs
// from now, the start event is appended and both players are told.
func (pr Pairing) start(ctx context.Context, tx *txn, r *gameRow, spec Spec, now time.Time) error {
	var deadline *time.Time
	full := match.FullClock(spec.TimeControl)
	if spec.TimeControl.Timed() {
		d := now.Add(full.Left(spec.TimeControl))
		deadline = &d
	}
	if _, err := tx.Exec(ctx, `UPDATE games SET red = $2, black = $3, status = 'playing', turn_since = $4, deadline = $5
		WHERE id = $1`, r.id, r.red, r.black, now, deadline); err != nil {
		return err
	}
	if err := recordPresence(ctx, tx, []int64{*r.red, *r.black}, now); err != nil {
		return err
	}
	r.status = "playing"
	var players [2]proto.Account
	for i, id := range []int64{*r.red, *r.black} {
		var name *string
		var a Account
		if err := tx.QueryRow(ctx, `SELECT id, name, rating, deviation, volatility FROM accounts WHERE id = $1`, id).
			Scan(&a.ID, &name, &a.Rating.Rating, &a.Rating.Deviation, &a.Rating.Volatility); err != nil {
			return err
		}
		if name != nil {
			a.Name = *name
		}
		// Public, as the lobby shows the account: a guest's rating is provisional here too.
		players[i] = a.Public()
	}
	if r.rated && (players[0].Name == "" || players[1].Name == "") {
		// Rated games are for registered accounts (the hub makes a guest's seeks casual
		// and refuses its joins of rated invites; this holds whatever asked).
		r.rated = false
		if _, err := tx.Exec(ctx, `UPDATE games SET rated = false WHERE id = $1`, r.id); err != nil {
			return err
		}
	}
	if _, err := appendEvent(ctx, tx, r, proto.KindStart, proto.StartData{Red: players[0], Black: players[1],
		TimeControl: spec.TimeControl.String(), Rules: r.ruleSet, Rated: r.rated, FEN: r.startFEN,
		Clock: protoClock(spec.TimeControl, [2]match.SideClock{full, full})}); err != nil {
		return err
	}
	for _, id := range []int64{*r.red, *r.black} {
		payload, _ := json.Marshal(AccountNotice{Account: id, Game: r.id})
		tx.notify(ChannelAccount, string(payload))
	}
	return nil
}

// AccountNotice tells the instances that account has a new game, or (Revoked) that
// some of its session tokens were retired, so that sockets signed in with them close.
type AccountNotice struct {
	Account int64 `json:"account"`
	Game    int64 `json:"game"`
	Revoked bool  `json:"revoked,omitempty"`
}

func randomBit() bool {
	var b [1]byte
	rand.Read(b[:])
	return b[0]&1 == 1
}

// inviteAlphabet leaves out letters and digits that look alike (0/O, 1/I/L).
const inviteAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// inviteCode is 8 characters from inviteAlphabet: about 40 bits, enough that codes are
// not guessed while they wait.
func inviteCode() string {
	b := make([]byte, 8)
	rand.Read(b)
	for i := range b {
		b[i] = inviteAlphabet[int(b[i])%len(inviteAlphabet)]
	}
	return string(b)
}
