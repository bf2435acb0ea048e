package store

import (
	"context"
	"fmt"
	"time"

	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// Round is the round service, as a part of the Store (lila's round beside its
// repository): each action of a player on a game being played goes load → match →
// action → events in one transaction. Load locks the row and takes the game's record
// from the match cache when the row's version is the cached one (else replays the stored
// moves read in the same round trip); match.Match judges the action on the clock of the
// request; the events are appended with the row's new columns; once committed, the
// record goes back to the cache under the row's new version.
//
// Its repository is the Store's SQL: rows.go (the row and its lock), events.go (append
// and read), endings.go (results and ratings), seeks.go and invites.go (pairing). The
// clock is injected: every action takes the time it happens at (the hub's Config.Now).
type Round struct{ s *Store }

// Round returns the store's round service.
func (s *Store) Round() Round { return Round{s} }

// CacheStats reports what the round's match cache did on this instance.
func (rd Round) CacheStats() CacheStats { return rd.s.matches.stats() }

// The lag allowance, lichess's way: the time a move spent on the network (half the
// socket's measured round trip) is given back to the mover's clock, out of a quota that
// starts at lagQuotaStart, grows by lagQuotaGain a move and holds at most lagQuotaMax,
// so that a player who claims a slow line cannot buy time with it.
const (
	lagQuotaStart = 1000 * time.Millisecond // also the columns' default (migration 4)
	lagQuotaGain  = 100 * time.Millisecond
	lagQuotaMax   = 2000 * time.Millisecond
)

// lagAllowance returns the time given back for a move with network lag lag out of quota
// left, and the quota after the move.
func lagAllowance(lag, quota time.Duration) (given, after time.Duration) {
	given = max(min(lag, quota), 0)
	return given, min(quota-given+lagQuotaGain, lagQuotaMax)
}

// load locks game id's row and builds its match, its clock running since turn_since on
// clock: the record from the cache when the row's version is the cached one, else the
// stored moves replayed (read with the row, in one round trip, only when needed).
func (s *Store) load(ctx context.Context, tx *txn, id int64, clock *instant) (*gameRow, *match.Match, error) {
	entry, found := s.matches.take(id)
	known := int64(-1)
	if found {
		known = entry.version
	}
	r, err := lockFor(ctx, tx, id, known)
	if err != nil {
		return nil, nil, err
	}
	m, err := s.matchOf(ctx, tx, r, entry, found && entry.version == r.version, clock)
	return r, m, err
}

// keep puts the record of the committed action back in the cache under the row's
// version, while the game is being played and the record is the row's line.
func (s *Store) keep(r *gameRow, m *match.Match) {
	if r == nil || m == nil || r.status != "playing" || m.Game().Len() != r.ply || m.Game().Ply() != r.ply {
		return
	}
	s.matches.put(r.id, r.version, m.Game())
}

// Move plays move text for account in game at ply, as received by the server at receipt
// over a socket whose one-way lag is lag: the game row is locked, the player, turn, ply
// and clock checked, the move judged by the game's rules, and the move event (and the end
// event when it ended the game) appended, all in one transaction. The mover's clock is
// charged up to the receipt less the lag allowance (see lagQuotaStart). A mover whose
// time had run out loses on time instead: the game ends and the move is refused with
// CodeTimeUp.
func (rd Round) Move(ctx context.Context, account, gameID int64, ply int, text string, receipt time.Time, lag time.Duration) ([]proto.Event, error) {
	s := rd.s
	var events []proto.Event
	var refusal error
	var r *gameRow
	var m *match.Match
	receipt = dbTime(receipt)
	err := s.inTx(ctx, func(tx *txn) error {
		events, refusal = nil, nil
		clock := &instant{}
		var err error
		if r, m, err = s.load(ctx, tx, gameID, clock); err != nil {
			return err
		}
		side, err := r.player(account)
		if err != nil {
			return err
		}
		// The ply first: a player whose earlier try was applied, its answer lost, hears
		// that the game moved on rather than that it is not its turn.
		if ply != r.ply {
			return proto.Errorf(proto.CodeStale, fmt.Sprintf("the move was made at ply %d but the game is at ply %d", ply, r.ply))
		}
		if m.ToMove() != side {
			return proto.Errorf(proto.CodeNotYourTurn, "it is the other side's move")
		}
		mv, err := rules.ParseMove(text)
		if err != nil {
			return proto.Errorf(proto.CodeIllegal, err.Error())
		}
		if !m.Game().View().IsLegal(mv) {
			return proto.Errorf(proto.CodeIllegal, fmt.Sprintf("%s is not a legal move here", text))
		}
		if events, err = present(ctx, tx, r, side); err != nil {
			return err
		}
		given, quota := lagAllowance(lag, time.Duration(r.lagQuotaMS[side])*time.Millisecond)
		clock.now = receipt.Add(-given)
		if r.turnSince != nil && clock.now.Before(*r.turnSince) {
			clock.now, given = *r.turnSince, receipt.Sub(*r.turnSince)
		}
		if err := m.Play(mv); err != nil {
			if !m.Result().Decided() {
				return proto.Errorf(proto.CodeIllegal, err.Error())
			}
			// The flag fell before the move: the game ends on time, the move is refused.
			end, err := s.finish(ctx, tx, r, s.endingOf(m), clockOf(m))
			events = append(events, end)
			refusal = proto.Errorf(proto.CodeTimeUp, "your time had run out; the game ended on time")
			return err
		}
		r.ply++
		c := clockOf(m)
		lagQuota := "red_lag_ms"
		if side == rules.Black {
			lagQuota = "black_lag_ms"
		}
		clocks, clockArgs := clockSet(m, 5)
		e, err := appendEventSetting(ctx, tx, r, proto.KindMove, proto.MoveData{Ply: r.ply, Move: mv.String(), Side: sideName(side), Clock: c,
			Lag: given.Milliseconds()},
			`ply = $1, turn_since = $2, deadline = $3, draw_offer = NULL, takeback_offer = NULL, `+lagQuota+` = $4, `+clocks,
			append([]any{r.ply, receipt, flagAt(m, side.Opponent(), receipt), quota.Milliseconds()}, clockArgs...)...)
		if err != nil {
			return err
		}
		events = append(events, e)
		if m.Result().Decided() {
			end, err := s.finish(ctx, tx, r, s.endingOf(m), c)
			events = append(events, end)
			return err
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.keep(r, m)
	return events, refusal
}

// act runs a player's action other than a move on the locked, loaded game at now.
func (s *Store) act(ctx context.Context, account, gameID int64, now time.Time,
	f func(*txn, *gameRow, *match.Match, rules.Color) ([]proto.Event, error)) ([]proto.Event, error) {
	var events []proto.Event
	var r *gameRow
	var m *match.Match
	now = dbTime(now)
	err := s.inTx(ctx, func(tx *txn) error {
		clock := &instant{}
		var err error
		if r, m, err = s.load(ctx, tx, gameID, clock); err != nil {
			return err
		}
		clock.now = now
		side, err := r.player(account)
		if err != nil {
			return err
		}
		if events, err = present(ctx, tx, r, side); err != nil {
			return err
		}
		more, err := f(tx, r, m, side)
		events = append(events, more...)
		return err
	})
	if err != nil {
		return nil, err // rolled back: none of the events happened
	}
	s.keep(r, m)
	return events, nil
}
