package online

import (
	"context"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/client"
)

// GameActions are what the player does in the online game in play, as a part of the
// Controller: taps and drops on the board, moves, resigning, draw and takeback offers and
// their answers, claims against an absent opponent.
type GameActions struct{ c *Controller }

// Actions returns what the player does in the online game.
func (c *Controller) Actions() GameActions { return GameActions{c} }

// Tap handles a tap on the board of the current game: one's own piece is selected, a
// point after it is the move, sent to the server when legal.
func (ga GameActions) Tap(sq rules.Square) {
	g := ga.c.current
	if g == nil || !g.MyTurn() {
		return
	}
	g.illegal = game.NotIllegal
	pos := g.Record().Position()
	if p := pos.At(sq); p != rules.NoPiece && p.Color() == pos.Side() {
		g.selected, g.targets = sq, pos.LegalTargets(sq)
		ga.c.changed()
		return
	}
	if g.selected == rules.NoSquare {
		return
	}
	m := rules.NewMove(g.selected, sq)
	if why := game.WhyIllegal(pos, m); why != game.NotIllegal {
		g.illegal = why
		ga.c.changed()
		return
	}
	ga.Play(m)
}

// Drop plays a piece dragged from one point to another, as two taps.
func (ga GameActions) Drop(from, to rules.Square) {
	ga.Tap(from)
	ga.Tap(to)
}

// Play sends move m in the current game. The board shows it once the server has taken
// it; while the socket is down it waits and is sent on the reconnect, made at the ply it
// was made in, so the server refuses it (stale) if the game moved on meanwhile.
func (ga GameActions) Play(m rules.Move) {
	g := ga.c.current
	if g == nil || !g.MyTurn() {
		return
	}
	if why := game.WhyIllegal(g.Record().Position(), m); why != game.NotIllegal {
		g.illegal = why
		ga.c.changed()
		return
	}
	g.pending, g.pendingPly = m, g.ply()
	g.selected, g.targets = rules.NoSquare, nil
	if ga.c.conn != nil {
		ga.send(g, m, g.pendingPly)
	}
	ga.c.changed()
}

func (ga GameActions) send(g *Game, m rules.Move, ply int) {
	ga.c.request(func(ctx context.Context, conn *client.Conn) error {
		_, err := conn.Move(ctx, g.ID, ply, m.String())
		return err
	}, func(err error) {
		if err == nil {
			return
		}
		if refusal(err) == "" && ga.c.conn == nil {
			return // the socket dropped first: sent again on the reconnect
		}
		if g.pending == m && g.ply() == ply {
			g.pending = rules.NoMove
		}
		ga.c.fail(err)
	})
}

// act sends one of the player's actions on the current game.
func (ga GameActions) act(do func(*client.Conn, context.Context, int64) error) {
	g := ga.c.current
	if g == nil || !g.Player || g.end != nil {
		return
	}
	ga.c.err = nil
	ga.c.request(func(ctx context.Context, conn *client.Conn) error { return do(conn, ctx, g.ID) }, func(err error) {
		if err != nil {
			ga.c.fail(err)
		}
	})
}

// The player's actions on the current game.
func (ga GameActions) Resign()          { ga.act((*client.Conn).Resign) }
func (ga GameActions) OfferDraw()       { ga.act((*client.Conn).OfferDraw) }
func (ga GameActions) AcceptDraw()      { ga.act((*client.Conn).AcceptDraw) }
func (ga GameActions) DeclineDraw()     { ga.act((*client.Conn).DeclineDraw) }
func (ga GameActions) OfferTakeback()   { ga.act((*client.Conn).OfferTakeback) }
func (ga GameActions) AcceptTakeback()  { ga.act((*client.Conn).AcceptTakeback) }
func (ga GameActions) DeclineTakeback() { ga.act((*client.Conn).DeclineTakeback) }

// ClaimWin and ClaimDraw end the current game because the opponent is away (see
// Game.CanClaim): a win, or a draw.
func (ga GameActions) ClaimWin()  { ga.claim(false) }
func (ga GameActions) ClaimDraw() { ga.claim(true) }

func (ga GameActions) claim(draw bool) {
	ga.act(func(conn *client.Conn, ctx context.Context, game int64) error { return conn.Claim(ctx, game, draw) })
}

// CanTakeback reports whether the player may ask to take a move back: casual games only,
// after a move of one's own.
func (ga GameActions) CanTakeback() bool {
	g := ga.c.current
	if g == nil || !g.Player || g.end != nil || g.Rated {
		return false
	}
	// The side that moved first: the side to move after an even number of moves.
	first := g.ToMove()
	if g.ply()%2 == 1 {
		first = first.Opponent()
	}
	mine := g.ply() / 2
	if first == g.Me {
		mine = (g.ply() + 1) / 2
	}
	return mine > 0
}
