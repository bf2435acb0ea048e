package store

import (
	"context"
	"fmt"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// The round: each action of a player (a move, a resignation, an offer and its answer) in
// one transaction over the locked row: load, rebuild the match, act, append the events.

// Move plays move text for account in game at ply, as received by the server at receipt
// over a socket whose one-way lag is lag: the game row is locked, the player, turn, ply
// and clock checked, the move judged by the game's rules, and the move event (and the end
// event when it ended the game) appended, all in one transaction. The mover's clock is
// charged up to the receipt less the lag allowance (see lagQuotaStart). A mover whose
// time had run out loses on time instead: the game ends and the move is refused with
// CodeTimeUp.
func (s *Store) Move(ctx context.Context, account, gameID int64, ply int, text string, receipt time.Time, lag time.Duration) ([]proto.Event, error) {
	var events []proto.Event
	var refusal error
	receipt = dbTime(receipt)
	err := s.inTx(ctx, func(tx *txn) error {
		events, refusal = nil, nil
		r, side, err := lockPlayed(ctx, tx, gameID, account)
		if err != nil {
			return err
		}
		clock := &instant{}
		m, err := s.match(ctx, tx, r, clock)
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
		if !m.Game().Position().IsLegal(mv) {
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
	return events, refusal
}

// Resign ends the game as a loss for account.
func (s *Store) Resign(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		if err := m.Resign(side); err != nil {
			return nil, proto.Errorf(proto.CodeGameOver, err.Error())
		}
		e, err := s.finish(ctx, tx, r, s.endingOf(m), clockOf(m))
		return []proto.Event{e}, err
	})
}

// OfferDraw offers a draw to the opponent; when the opponent had already offered one,
// the game is drawn.
func (s *Store) OfferDraw(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		if offeredBy(r.drawOffer, side.Opponent()) {
			return s.agreeDraw(ctx, tx, r, m)
		}
		if r.drawOffer != nil {
			return nil, proto.Errorf(proto.CodeBadRequest, "you have already offered a draw")
		}
		by := sideName(side)
		return setOffer(ctx, tx, r, "draw_offer", &by, proto.KindDrawOffer, side)
	})
}

// AcceptDraw accepts the opponent's draw offer.
func (s *Store) AcceptDraw(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		if !offeredBy(r.drawOffer, side.Opponent()) {
			return nil, proto.Errorf(proto.CodeNoOffer, "your opponent has not offered a draw")
		}
		return s.agreeDraw(ctx, tx, r, m)
	})
}

// DeclineDraw declines the opponent's draw offer.
func (s *Store) DeclineDraw(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		if !offeredBy(r.drawOffer, side.Opponent()) {
			return nil, proto.Errorf(proto.CodeNoOffer, "your opponent has not offered a draw")
		}
		return setOffer(ctx, tx, r, "draw_offer", nil, proto.KindDrawDecline, side)
	})
}

// OfferTakeback asks the opponent, in a casual game, to take back account's last move
// (and the opponent's reply to it, when there is one).
func (s *Store) OfferTakeback(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		if r.rated {
			return nil, proto.Errorf(proto.CodeBadRequest, "moves are taken back only in casual games")
		}
		if r.ply < takebackPlies(m, side) {
			return nil, proto.Errorf(proto.CodeBadRequest, "you have no move to take back")
		}
		if r.takebackOffer != nil {
			return nil, proto.Errorf(proto.CodeBadRequest, "a takeback is already asked for")
		}
		by := sideName(side)
		return setOffer(ctx, tx, r, "takeback_offer", &by, proto.KindTakebackOffer, side)
	})
}

// offeredBy reports whether offer (a game's draw or takeback offer) is side's.
func offeredBy(offer *string, side rules.Color) bool {
	return offer != nil && *offer == sideName(side)
}

// setOffer sets column (draw_offer or takeback_offer) to by, the name of the side whose
// offer is pending, or to NULL when by is nil; side's event of kind tells the players.
func setOffer(ctx context.Context, tx *txn, r *gameRow, column string, by *string, kind string, side rules.Color) ([]proto.Event, error) {
	if _, err := tx.Exec(ctx, `UPDATE games SET `+column+` = $2 WHERE id = $1`, r.id, by); err != nil {
		return nil, err
	}
	e, err := appendEvent(ctx, tx, r, kind, proto.SideData{Side: sideName(side)})
	return []proto.Event{e}, err
}

// takebackPlies is how many plies taking back side's last move undoes: its move, and
// the opponent's reply when side is to move.
func takebackPlies(m *match.Match, side rules.Color) int {
	if m.ToMove() == side {
		return 2
	}
	return 1
}

// AcceptTakeback takes back the opponent's last move as it asked: the game returns to
// the position before it, the clocks keep the time used, and the side to move's clock
// runs from now.
func (s *Store) AcceptTakeback(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		asker := side.Opponent()
		if !offeredBy(r.takebackOffer, asker) {
			return nil, proto.Errorf(proto.CodeNoOffer, "your opponent has not asked to take a move back")
		}
		target := r.ply - takebackPlies(m, asker)
		c := clockOf(m) // charged up to now
		moves := m.Game().Moves()[:target]
		g, err := game.New(r.startFEN)
		if err != nil {
			return nil, err
		}
		for _, mv := range moves {
			if err := g.Play(mv); err != nil {
				return nil, err
			}
		}
		clocks, clockArgs := clockSet(m, 5)
		if _, err := tx.Exec(ctx, `UPDATE games SET ply = $2, turn_since = $3, deadline = $4,
			takeback_offer = NULL, draw_offer = NULL, `+clocks+` WHERE id = $1`,
			append([]any{r.id, target, now, flagAt(m, g.SideToMove(), now)}, clockArgs...)...); err != nil {
			return nil, err
		}
		r.ply = target
		e, err := appendEvent(ctx, tx, r, proto.KindTakeback, proto.TakebackData{Ply: target, Clock: c})
		return []proto.Event{e}, err
	})
}

// DeclineTakeback refuses the opponent's takeback request.
func (s *Store) DeclineTakeback(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		if !offeredBy(r.takebackOffer, side.Opponent()) {
			return nil, proto.Errorf(proto.CodeNoOffer, "your opponent has not asked to take a move back")
		}
		return setOffer(ctx, tx, r, "takeback_offer", nil, proto.KindTakebackDecline, side)
	})
}

func (s *Store) agreeDraw(ctx context.Context, tx *txn, r *gameRow, m *match.Match) ([]proto.Event, error) {
	if err := m.AgreeDraw(); err != nil {
		return nil, proto.Errorf(proto.CodeGameOver, err.Error())
	}
	e, err := s.finish(ctx, tx, r, s.endingOf(m), clockOf(m))
	return []proto.Event{e}, err
}

// act runs a player's action other than a move on the locked, rebuilt game at now.
func (s *Store) act(ctx context.Context, account, gameID int64, now time.Time,
	f func(*txn, *gameRow, *match.Match, rules.Color) ([]proto.Event, error)) ([]proto.Event, error) {
	var events []proto.Event
	now = dbTime(now)
	err := s.inTx(ctx, func(tx *txn) error {
		r, side, err := lockPlayed(ctx, tx, gameID, account)
		if err != nil {
			return err
		}
		m, err := s.matchAt(ctx, tx, r, now)
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
	return events, nil
}
