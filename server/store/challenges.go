package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// ChallengeLifetime is how long a challenge waits for its answer.
const ChallengeLifetime = proto.ChallengeMinutes * time.Minute

// Challenge invites the account named name to a game of spec: an invite without a code,
// addressed to that account, which it may accept or decline until ChallengeLifetime
// after now. It counts among the challenger's open invites (MaxInvites); a block either
// way refuses it.
func (so Social) Challenge(ctx context.Context, account int64, name string, spec Spec, now time.Time) (proto.Challenge, error) {
	target, err := accountByName(ctx, so.s.pool, name)
	if err != nil {
		return proto.Challenge{}, err
	}
	return so.challenge(ctx, account, target.ID, spec, now)
}

// Rematch challenges the opponent of account's ended game to another game like it.
func (so Social) Rematch(ctx context.Context, account, gameID int64, now time.Time) (proto.Challenge, error) {
	var red, black *int64
	var status, ruleSet string
	var rated bool
	var baseMS, incMS, byoMS, periods int64
	err := so.s.pool.QueryRow(ctx, `SELECT red, black, status, rules, rated, base_ms, increment_ms, byoyomi_ms, periods FROM games WHERE id = $1`,
		gameID).Scan(&red, &black, &status, &ruleSet, &rated, &baseMS, &incMS, &byoMS, &periods)
	if errors.Is(err, pgx.ErrNoRows) {
		return proto.Challenge{}, proto.Errorf(proto.CodeNotFound, "there is no such game")
	}
	if err != nil {
		return proto.Challenge{}, unavailable(err)
	}
	if red == nil || black == nil || *red != account && *black != account {
		return proto.Challenge{}, proto.Errorf(proto.CodeNotPlayer, "only the game's players may ask for a rematch")
	}
	if status != "over" {
		return proto.Challenge{}, proto.Errorf(proto.CodeBadRequest, "a rematch is asked for once the game has ended")
	}
	r := gameRow{baseMS: baseMS, incMS: incMS, byoMS: byoMS, periods: periods}
	rs, err := rules.ParseRuleSet(ruleSet)
	if err != nil {
		return proto.Challenge{}, err
	}
	opponent := *red
	if opponent == account {
		opponent = *black
	}
	return so.challenge(ctx, account, opponent, Spec{TimeControl: r.timeControl(), Rules: rs, Rated: rated}, now)
}

func (so Social) challenge(ctx context.Context, account, target int64, spec Spec, now time.Time) (proto.Challenge, error) {
	var c proto.Challenge
	now = dbTime(now)
	err := so.s.inTx(ctx, func(tx *txn) error {
		if target == account {
			return proto.Errorf(proto.CodeBadRequest, "you cannot challenge yourself")
		}
		if blocked, err := eitherBlocked(ctx, tx, account, target); err != nil || blocked {
			if err == nil {
				err = proto.Errorf(proto.CodeBlocked, "you cannot challenge that player")
			}
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('xq invites'), $1::int)`, int32(account)); err != nil {
			return err
		}
		var open int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM games WHERE status = 'waiting' AND (red = $1 OR black = $1)
			AND created_at > now() - $2::interval`, account, InviteLifetime.String()).Scan(&open); err != nil {
			return err
		}
		if open >= MaxInvites {
			return proto.Errorf(proto.CodeRateLimited, fmt.Sprintf("you have %d open invites and challenges, the most there may be; cancel one or wait for one to expire", open))
		}
		if spec.Rated {
			for _, id := range []int64{account, target} {
				named, err := registered(ctx, tx, id)
				if err != nil {
					return err
				}
				if !named {
					spec.Rated = false // rated games are for registered accounts: this one is casual
				}
			}
		}
		r := &gameRow{red: &account}
		if randomBit() {
			r.red, r.black = nil, &account
		}
		if err := insertGame(ctx, tx, r, spec, ""); err != nil {
			return err
		}
		c = proto.Challenge{Game: r.id, TimeControl: spec.TimeControl.String(), Rules: spec.Rules.String(), Rated: spec.Rated,
			Expires: now.Add(ChallengeLifetime).UTC()}
		if _, err := tx.Exec(ctx, `INSERT INTO challenges (game_id, challenger, challenged, expires_at) VALUES ($1, $2, $3, $4)`,
			r.id, account, target, c.Expires); err != nil {
			return err
		}
		from, err := accountByID(ctx, tx, account)
		if err != nil {
			return err
		}
		to, err := accountByID(ctx, tx, target)
		if err != nil {
			return err
		}
		c.From, c.To = from.Public(), to.Public()
		tx.notifySocial(SocialNotice{To: target, Challenge: &c})
		return nil
	})
	return c, err
}

// AcceptChallenge starts the game of a challenge to account, before it expires.
func (so Social) AcceptChallenge(ctx context.Context, account, gameID int64, now time.Time) error {
	now = dbTime(now)
	return so.s.inTx(ctx, func(tx *txn) error {
		var challenger, challenged int64
		var expires time.Time
		err := tx.QueryRow(ctx, `SELECT challenger, challenged, expires_at FROM challenges WHERE game_id = $1`, gameID).
			Scan(&challenger, &challenged, &expires)
		if errors.Is(err, pgx.ErrNoRows) || err == nil && challenged != account {
			return proto.Errorf(proto.CodeNotFound, "there is no challenge of that game to you (it was withdrawn or declined)")
		}
		if err != nil {
			return err
		}
		if !now.Before(expires) {
			return proto.Errorf(proto.CodeNotFound, fmt.Sprintf("that challenge has expired (challenges last %v)", ChallengeLifetime))
		}
		if blocked, err := eitherBlocked(ctx, tx, account, challenger); err != nil || blocked {
			if err == nil {
				err = proto.Errorf(proto.CodeBlocked, "you cannot play that player")
			}
			return err
		}
		r, err := lockGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if r.status != "waiting" {
			return proto.Errorf(proto.CodeGameOver, "that challenge's game has already begun")
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
		if _, err := tx.Exec(ctx, `DELETE FROM challenges WHERE game_id = $1`, gameID); err != nil {
			return err
		}
		spec := Spec{TimeControl: r.timeControl(), Rules: ruleSet, Rated: r.rated, FEN: r.startFEN}
		return so.s.Pairing().start(ctx, tx, r, spec, now)
	})
}

// DeclineChallenge refuses a challenge to account; its challenger is told.
func (so Social) DeclineChallenge(ctx context.Context, account, gameID int64) error {
	return so.s.inTx(ctx, func(tx *txn) error {
		c, err := so.challengeOf(ctx, tx, gameID)
		if err != nil || c.To.ID != account {
			if err == nil || errors.Is(err, pgx.ErrNoRows) {
				err = proto.Errorf(proto.CodeNotFound, "there is no challenge of that game to you")
			}
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM games WHERE id = $1 AND status = 'waiting'`, gameID); err != nil {
			return err
		}
		c.Declined = true
		tx.notifySocial(SocialNotice{To: c.From.ID, Challenge: &c})
		return nil
	})
}

// challengeOf reads the challenge of a game.
func (so Social) challengeOf(ctx context.Context, tx *txn, gameID int64) (proto.Challenge, error) {
	list, err := so.challenges(ctx, tx, `c.game_id = $1`, gameID, time.Time{})
	if err != nil {
		return proto.Challenge{}, err
	}
	if len(list) == 0 {
		return proto.Challenge{}, pgx.ErrNoRows
	}
	return list[0], nil
}

// Challenges returns the challenges waiting for account at now, newest first, at most
// proto.MaxChallenges.
func (so Social) Challenges(ctx context.Context, account int64, now time.Time) ([]proto.Challenge, error) {
	var list []proto.Challenge
	err := so.s.inTx(ctx, func(tx *txn) error {
		var err error
		list, err = so.challenges(ctx, tx, `c.challenged = $1`, account, dbTime(now))
		return err
	})
	return list, err
}

func (so Social) challenges(ctx context.Context, tx *txn, where string, arg any, after time.Time) ([]proto.Challenge, error) {
	rows, err := tx.Query(ctx, `SELECT c.game_id, c.challenger, c.challenged, c.expires_at, g.rules, g.rated,
			g.base_ms, g.increment_ms, g.byoyomi_ms, g.periods
		FROM challenges c JOIN games g ON g.id = c.game_id
		WHERE g.status = 'waiting' AND c.expires_at > $2 AND `+where+` ORDER BY c.game_id DESC LIMIT $3`, arg, after, proto.MaxChallenges)
	if err != nil {
		return nil, err
	}
	type row struct {
		c        proto.Challenge
		from, to int64
	}
	list, err := pgx.CollectRows(rows, func(cr pgx.CollectableRow) (row, error) {
		var x row
		var g gameRow
		err := cr.Scan(&x.c.Game, &x.from, &x.to, &x.c.Expires, &x.c.Rules, &x.c.Rated, &g.baseMS, &g.incMS, &g.byoMS, &g.periods)
		x.c.TimeControl, x.c.Expires = g.timeControl().String(), x.c.Expires.UTC()
		return x, err
	})
	if err != nil {
		return nil, err
	}
	out := make([]proto.Challenge, len(list))
	for i, x := range list {
		from, err := accountByID(ctx, tx, x.from)
		if err != nil {
			return nil, err
		}
		to, err := accountByID(ctx, tx, x.to)
		if err != nil {
			return nil, err
		}
		x.c.From, x.c.To = from.Public(), to.Public()
		out[i] = x.c
	}
	return out, nil
}

// PruneSocial deletes the challenges past their expiry (their waiting games) and the
// chat lines older than ChatKeep.
func (so Social) PruneSocial(ctx context.Context, now time.Time) error {
	now = dbTime(now)
	b := &pgx.Batch{}
	b.Queue(`DELETE FROM games WHERE status = 'waiting' AND id IN (SELECT game_id FROM challenges WHERE expires_at < $1)`, now)
	b.Queue(`DELETE FROM chat_lines WHERE at < $1`, now.Add(-ChatKeep))
	return so.s.pool.SendBatch(ctx, b).Close()
}
