package store

import (
	"context"
	"fmt"
	"time"

	"github.com/xqfyne/xiangqi/server/proto"
)

// Invites: a private game waits InviteLifetime for its opponent, then its code stops
// working (and PruneLimits deletes it); an account has at most MaxInvites waiting.
const (
	InviteLifetime = proto.InviteHours * time.Hour
	MaxInvites     = 10
)

// Invite makes a private game for account, waiting for the opponent who joins with the
// code returned; account gets a colour at random.
func (pr Pairing) Invite(ctx context.Context, account int64, spec Spec) (int64, string, error) {
	var id int64
	code := inviteCode()
	err := pr.s.inTx(ctx, func(tx *txn) error {
		// One account's invites are made one at a time, so that the cap holds.
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('xq invites'), $1::int)`, int32(account)); err != nil {
			return err
		}
		var open int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM games WHERE status = 'waiting' AND (red = $1 OR black = $1)
			AND created_at > now() - $2::interval`, account, InviteLifetime.String()).Scan(&open); err != nil {
			return err
		}
		if open >= MaxInvites {
			return proto.Errorf(proto.CodeRateLimited, fmt.Sprintf("you have %d open invites, the most there may be; cancel one or wait for one to expire (after %v)", open, InviteLifetime))
		}
		r := &gameRow{red: &account}
		if randomBit() {
			r.red, r.black = nil, &account
		}
		if err := insertGame(ctx, tx, r, spec, code); err != nil {
			return err
		}
		id = r.id
		return nil
	})
	return id, code, err
}

// CancelInvite withdraws account's invite of game, before anyone joined it.
func (pr Pairing) CancelInvite(ctx context.Context, account, game int64) error {
	tag, err := pr.s.pool.Exec(ctx, `DELETE FROM games WHERE id = $1 AND status = 'waiting' AND (red = $2 OR black = $2)`, game, account)
	if err != nil {
		return unavailable(err)
	}
	if tag.RowsAffected() == 0 {
		return proto.Errorf(proto.CodeNotFound, "you have no open invite of that game (someone joined it, or it expired)")
	}
	return nil
}

// checkJoin refuses to join an invite past its lifetime, an invite of a player either
// side blocked, and a guest's join of a rated invite: rated games are for registered
// accounts.
func checkJoin(ctx context.Context, tx *txn, r *gameRow, account int64, now time.Time) error {
	var expired, guest bool
	if err := tx.QueryRow(ctx, `SELECT g.created_at < $3, a.name IS NULL FROM games g, accounts a WHERE g.id = $1 AND a.id = $2`,
		r.id, account, now.Add(-InviteLifetime)).Scan(&expired, &guest); err != nil {
		return err
	}
	if expired {
		return proto.Errorf(proto.CodeNotFound, fmt.Sprintf("that invite has expired (invites last %v)", InviteLifetime))
	}
	inviter := r.red
	if inviter == nil {
		inviter = r.black
	}
	if blocked, err := eitherBlocked(ctx, tx, account, *inviter); err != nil || blocked {
		if err == nil {
			err = proto.Errorf(proto.CodeBlocked, "you cannot join that player's invite")
		}
		return err
	}
	if r.rated && guest {
		return proto.Errorf(proto.CodeBadRequest, "that invite is for a rated game, which needs a registered account; register first")
	}
	return nil
}
