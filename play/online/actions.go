package online

import (
	"context"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/client"
)

// Tap handles a tap on the board of the current game: one's own piece is selected, a
// point after it is the move, sent to the server when legal.
func (c *Controller) Tap(sq rules.Square) {
	g := c.current
	if g == nil || !g.MyTurn() {
		return
	}
	g.illegal = game.NotIllegal
	pos := g.g.Position()
	if p := pos.At(sq); p != rules.NoPiece && p.Color() == pos.Side() {
		g.selected, g.targets = sq, pos.LegalTargets(sq)
		c.changed()
		return
	}
	if g.selected == rules.NoSquare {
		return
	}
	m := rules.NewMove(g.selected, sq)
	if why := game.WhyIllegal(pos, m); why != game.NotIllegal {
		g.illegal = why
		c.changed()
		return
	}
	c.Play(m)
}

// Drop plays a piece dragged from one point to another, as two taps.
func (c *Controller) Drop(from, to rules.Square) {
	c.Tap(from)
	c.Tap(to)
}

// Play sends move m in the current game. The board shows it once the server has taken
// it; while the socket is down it waits and is sent on the reconnect, made at the ply it
// was made in, so the server refuses it (stale) if the game moved on meanwhile.
func (c *Controller) Play(m rules.Move) {
	g := c.current
	if g == nil || !g.MyTurn() {
		return
	}
	if why := game.WhyIllegal(g.g.Position(), m); why != game.NotIllegal {
		g.illegal = why
		c.changed()
		return
	}
	g.pending, g.pendingPly = m, len(g.moves)
	g.selected, g.targets = rules.NoSquare, nil
	if c.conn != nil {
		c.send(g, m, g.pendingPly)
	}
	c.changed()
}

func (c *Controller) send(g *Game, m rules.Move, ply int) {
	c.request(func(ctx context.Context, conn *client.Conn) error {
		_, err := conn.Move(ctx, g.ID, ply, m.String())
		return err
	}, func(err error) {
		if err == nil {
			return
		}
		if refusal(err) == "" && c.conn == nil {
			return // the socket dropped first: sent again on the reconnect
		}
		if g.pending == m && len(g.moves) == ply {
			g.pending = rules.NoMove
		}
		c.fail(err)
	})
}

// act sends one of the player's actions on the current game.
func (c *Controller) act(do func(*client.Conn, context.Context, int64) error) {
	g := c.current
	if g == nil || !g.Player || g.end != nil {
		return
	}
	c.err = nil
	c.request(func(ctx context.Context, conn *client.Conn) error { return do(conn, ctx, g.ID) }, func(err error) {
		if err != nil {
			c.fail(err)
		}
	})
}

// The player's actions on the current game.
func (c *Controller) Resign()          { c.act((*client.Conn).Resign) }
func (c *Controller) OfferDraw()       { c.act((*client.Conn).OfferDraw) }
func (c *Controller) AcceptDraw()      { c.act((*client.Conn).AcceptDraw) }
func (c *Controller) DeclineDraw()     { c.act((*client.Conn).DeclineDraw) }
func (c *Controller) OfferTakeback()   { c.act((*client.Conn).OfferTakeback) }
func (c *Controller) AcceptTakeback()  { c.act((*client.Conn).AcceptTakeback) }
func (c *Controller) DeclineTakeback() { c.act((*client.Conn).DeclineTakeback) }

// ClaimWin and ClaimDraw end the current game because the opponent is away (see
// Game.CanClaim): a win, or a draw.
func (c *Controller) ClaimWin()  { c.claim(false) }
func (c *Controller) ClaimDraw() { c.claim(true) }

func (c *Controller) claim(draw bool) {
	c.act(func(conn *client.Conn, ctx context.Context, game int64) error { return conn.Claim(ctx, game, draw) })
}

// CanTakeback reports whether the player may ask to take a move back: casual games only,
// after a move of one's own.
func (c *Controller) CanTakeback() bool {
	g := c.current
	if g == nil || !g.Player || g.end != nil || g.Rated {
		return false
	}
	// The side that moved first: the side to move after an even number of moves.
	first := g.g.SideToMove()
	if len(g.moves)%2 == 1 {
		first = first.Opponent()
	}
	mine := len(g.moves) / 2
	if first == g.Me {
		mine = (len(g.moves) + 1) / 2
	}
	return mine > 0
}
