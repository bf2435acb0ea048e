package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// A game's row: what a seek or an invite asks for (Spec), the columns and their locks.

// Spec is what a seek or invite asks for.
type Spec struct {
	TimeControl match.TimeControl
	Rules       rules.RuleSet
	Rated       bool
	// FEN is the start position ("" for the standard one); only invites may set it.
	FEN string
	// MinRating and MaxRating bound a seek's opponent's rating (0: no bound).
	MinRating, MaxRating int
}

// SeekControls are the time controls a seek may ask for: the app's timed presets,
// Fischer and 读秒 (byo-yomi).
func SeekControls() []match.TimeControl { return match.TimeControls()[1:] }

// ParseSpec reads a request's time control, rules and rated flag. Seeks need one of the
// app's timed presets; an invite may be untimed ("") or any control ParseTimeControl takes.
func ParseSpec(tc, ruleSet string, rated, seek bool) (Spec, error) {
	control, err := match.ParseTimeControl(tc)
	if err != nil {
		return Spec{}, proto.Errorf(proto.CodeBadRequest, err.Error())
	}
	if seek {
		ok := false
		for _, c := range SeekControls() {
			ok = ok || c == control
		}
		if !ok {
			names := make([]string, 0, len(SeekControls()))
			for _, c := range SeekControls() {
				names = append(names, c.String())
			}
			return Spec{}, proto.Errorf(proto.CodeBadRequest, "a seek is for one of "+strings.Join(names, ", "))
		}
	}
	r := rules.RulesAsian
	if ruleSet != "" {
		if r, err = rules.ParseRuleSet(ruleSet); err != nil {
			return Spec{}, proto.Errorf(proto.CodeBadRequest, err.Error())
		}
	}
	if rated && !control.Timed() {
		return Spec{}, proto.Errorf(proto.CodeBadRequest, "a rated game has a time control")
	}
	return Spec{TimeControl: control, Rules: r, Rated: rated}, nil
}

// dbTime is t as the database stores it (microseconds, no monotonic reading), so that a
// clock charged from a stored time and a given one counts whole microseconds.
func dbTime(t time.Time) time.Time { return t.Truncate(time.Microsecond) }

// sideName is a colour as the protocol and the database write it.
func sideName(c rules.Color) string {
	if c == rules.Black {
		return "black"
	}
	return "red"
}

// gameRow is a game's row, read under its lock.
type gameRow struct {
	id             int64
	red, black     *int64
	status         string
	ruleSet        string
	rated          bool
	startFEN       string
	baseMS, incMS  int64
	redMS, blackMS int64 // main time left, as of turnSince
	// byoMS and periods are the 读秒 control (0 without); periodsLeft and usedMS are each
	// player's periods left and time used of its current period, as of turnSince.
	byoMS, periods     int64
	periodsLeft        [2]int
	usedMS             [2]int64
	turnSince          *time.Time
	ply                int
	version            int64
	drawOffer          *string
	redSeen, blackSeen *time.Time
	lagQuotaMS         [2]int64 // by colour
	takebackOffer      *string
	// claimAt is, by colour, when the opponent may claim the game because that player
	// is away (nil while it is connected).
	claimAt [2]*time.Time
	// moves are the game's moves when lockGame read them with the row (nil otherwise).
	moves *[]string
}

const gameColumns = `id, red, black, status, rules, rated, start_fen, base_ms, increment_ms, red_ms, black_ms,
	turn_since, ply, version, draw_offer,
	(SELECT seen FROM presence WHERE account_id = games.red), (SELECT seen FROM presence WHERE account_id = games.black),
	red_lag_ms, black_lag_ms, takeback_offer,
	red_claim_at, black_claim_at, byoyomi_ms, periods, red_periods, black_periods, red_used_ms, black_used_ms`

func (r *gameRow) scan(row pgx.Row) error {
	return row.Scan(&r.id, &r.red, &r.black, &r.status, &r.ruleSet, &r.rated, &r.startFEN, &r.baseMS, &r.incMS,
		&r.redMS, &r.blackMS, &r.turnSince, &r.ply, &r.version, &r.drawOffer, &r.redSeen, &r.blackSeen,
		&r.lagQuotaMS[rules.Red], &r.lagQuotaMS[rules.Black], &r.takebackOffer, &r.claimAt[rules.Red], &r.claimAt[rules.Black],
		&r.byoMS, &r.periods, &r.periodsLeft[rules.Red], &r.periodsLeft[rules.Black], &r.usedMS[rules.Red], &r.usedMS[rules.Black])
}

// lockGame reads game id and locks its row until the transaction ends, with its moves
// (see movesOf) read in the same round trip.
func lockGame(ctx context.Context, tx *txn, id int64) (*gameRow, error) {
	return lockFor(ctx, tx, id, -1)
}

// lockFor is lockGame for a caller that holds the game's record as of row version known
// (-1: none): the moves come back only when the locked row's version is another. They are
// read after the lock is held, so they are the ones the row's version counts.
func lockFor(ctx context.Context, tx *txn, id, known int64) (*gameRow, error) {
	r := &gameRow{}
	b := &pgx.Batch{}
	b.Queue(`SELECT `+gameColumns+` FROM games WHERE id = $1 FOR UPDATE`, id).QueryRow(func(row pgx.Row) error { return r.scan(row) })
	b.Queue(movesQueryUnless, id, known).Query(func(rows pgx.Rows) error {
		moves, err := readMoves(rows, id)
		r.moves = &moves
		return err
	})
	err := tx.SendBatch(ctx, b).Close()
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, proto.Errorf(proto.CodeNotFound, fmt.Sprintf("there is no game %d", id))
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

func (r *gameRow) timeControl() match.TimeControl {
	return match.TimeControl{Base: time.Duration(r.baseMS) * time.Millisecond, Increment: time.Duration(r.incMS) * time.Millisecond,
		Byoyomi: time.Duration(r.byoMS) * time.Millisecond, Periods: int(r.periods)}
}

// sideOf returns the colour account plays in the game, if any.
func (r *gameRow) sideOf(account int64) (rules.Color, bool) {
	switch {
	case r.red != nil && *r.red == account:
		return rules.Red, true
	case r.black != nil && *r.black == account:
		return rules.Black, true
	}
	return rules.Red, false
}

// player checks that account plays in the running game and returns its colour.
func (r *gameRow) player(account int64) (rules.Color, error) {
	side, ok := r.sideOf(account)
	if !ok {
		return side, proto.Errorf(proto.CodeNotPlayer, "only the game's players may do that")
	}
	if r.status != "playing" {
		return side, proto.Errorf(proto.CodeGameOver, "the game is not being played")
	}
	return side, nil
}
