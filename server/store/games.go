package store

import (
	"context"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// The round's actions other than a move (round.go): a resignation, the offers of a draw
// or a takeback and their answers.

// Resign ends the game as a loss for account.
func (rd Round) Resign(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	s := rd.s
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
func (rd Round) OfferDraw(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	s := rd.s
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
func (rd Round) AcceptDraw(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	s := rd.s
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		if !offeredBy(r.drawOffer, side.Opponent()) {
			return nil, proto.Errorf(proto.CodeNoOffer, "your opponent has not offered a draw")
		}
		return s.agreeDraw(ctx, tx, r, m)
	})
}

// DeclineDraw declines the opponent's draw offer.
func (rd Round) DeclineDraw(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	s := rd.s
	return s.act(ctx, account, gameID, now, func(tx *txn, r *gameRow, m *match.Match, side rules.Color) ([]proto.Event, error) {
		if !offeredBy(r.drawOffer, side.Opponent()) {
			return nil, proto.Errorf(proto.CodeNoOffer, "your opponent has not offered a draw")
		}
		return setOffer(ctx, tx, r, "draw_offer", nil, proto.KindDrawDecline, side)
	})
}

// OfferTakeback asks the opponent, in a casual game, to take back account's last move
// (and the opponent's reply to it, when there is one).
func (rd Round) OfferTakeback(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	s := rd.s
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
func (rd Round) AcceptTakeback(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	s := rd.s
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
func (rd Round) DeclineTakeback(ctx context.Context, account, gameID int64, now time.Time) ([]proto.Event, error) {
	s := rd.s
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
