package online

import (
	"fmt"
	"slices"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// Game is one online game as its events told it so far. The view reads it; only the
// Controller changes it, on the UI goroutine.
type Game struct {
	ID          int64
	Red, Black  proto.Account
	TimeControl match.TimeControl
	Rated       bool
	Rules       rules.RuleSet
	// Me is the side this account plays; Player is false for a game watched only.
	Me     rules.Color
	Player bool

	started bool
	seq     int64 // the number of the last event applied
	// m is the game as the events told it (nil before the start): the record of the moves
	// that stand (rebuilt on a takeback) and both clocks as the last event that carried
	// them set them, the running side's counted on from that event's arrival. The server
	// judges and times; m only follows (see match.Match.Told).
	m  *match.Match
	at eventTime // m's time source

	drawBy, takebackBy rules.Color // who offers a draw, asks for a takeback; noSide when nobody
	// awaySide is the player the server shows as disconnected (noSide when both are here),
	// with when it was last seen, when the opponent may claim and when it forfeits.
	awaySide rules.Color
	away     proto.AwayData
	end      *proto.EndData

	// Board input: the selected piece, its targets, and why the last tapped move was not legal.
	selected rules.Square
	targets  []rules.Square
	illegal  game.Illegality
	// pending is the move sent and not yet answered, or made while the socket was down
	// (sent once it is up again); rules.NoMove when none.
	pending    rules.Move
	pendingPly int

	// filed is the library entry the finished game went to; fileErr why it could not be filed.
	filed   string
	fileErr error
	// late marks a game that ended while the app was not following it, replayed only to be
	// filed: it is never shown, nor counts as in play.
	late   bool
	broken error // the server sent an event that does not fit the game; nothing more is applied
}

// noSide marks "nobody" where a side is asked.
const noSide = rules.Color(-1)

func newGame(id int64) *Game {
	return &Game{ID: id, drawBy: noSide, takebackBy: noSide, awaySide: noSide, selected: rules.NoSquare, pending: rules.NoMove}
}

// Started reports whether the game's start event arrived.
func (g *Game) Started() bool { return g.started }

// eventTime is the time source of an online game's match: the moment of the event being
// applied, or of the clock being read. Its timers never fire: the server ends games.
type eventTime struct{ now, last time.Time } // last: the latest event's arrival

func (t *eventTime) Now() time.Time { return t.now }
func (t *eventTime) AfterFunc(time.Duration, func()) (stop func() bool) {
	return func() bool { return false }
}

// Record is the game as played so far: the position and the moves (nil before the start).
func (g *Game) Record() *game.Game {
	if g.m == nil {
		return nil
	}
	return g.m.Game()
}

// ply is the number of moves that stand.
func (g *Game) ply() int {
	if g.m == nil {
		return 0
	}
	return g.m.Game().Len()
}

// Seq is the number of the last event applied.
func (g *Game) Seq() int64 { return g.seq }

// Moves are the moves that stand.
func (g *Game) Moves() []rules.Move {
	if g.m == nil {
		return nil
	}
	return g.m.Game().Moves()
}

// ToMove is the side to move.
func (g *Game) ToMove() rules.Color {
	if g.m == nil {
		return rules.Red
	}
	return g.m.ToMove()
}

// Over reports whether the game has ended; End says how.
func (g *Game) Over() bool { return g.end != nil }

// End is how the game ended (nil while it goes on).
func (g *Game) End() *proto.EndData { return g.end }

// MyTurn reports whether this account may move now.
func (g *Game) MyTurn() bool {
	return g.started && g.Player && g.end == nil && g.broken == nil && g.ToMove() == g.Me && g.pending == rules.NoMove
}

// Pending is the move sent and not yet answered by the server (rules.NoMove when none).
func (g *Game) Pending() rules.Move { return g.pending }

// DrawOfferedBy is the side that offers a draw now, if any.
func (g *Game) DrawOfferedBy() (rules.Color, bool) { return g.drawBy, g.drawBy != noSide }

// TakebackAskedBy is the side that asks to take its move back now, if any.
func (g *Game) TakebackAskedBy() (rules.Color, bool) { return g.takebackBy, g.takebackBy != noSide }

// Away is the player the server shows as disconnected from the game, with when the
// opponent may claim the game and when the server ends it as that player's loss (the
// server's times); ok is false while both are connected. After the end it is the player
// who left, when the game was abandoned.
func (g *Game) Away() (side rules.Color, claimAt, forfeitAt time.Time, ok bool) {
	return g.awaySide, g.away.ClaimAt, g.away.ForfeitAt, g.awaySide != noSide
}

// CanClaim reports whether this player may claim the game at now: its opponent is away
// and the claim time has come (by this device's clock; the server has the last word).
func (g *Game) CanClaim(now time.Time) bool {
	return g.Player && g.end == nil && g.awaySide == g.Me.Opponent() && !now.Before(g.away.ClaimAt)
}

// Selected, Targets and Illegal are the board input's marks.
func (g *Game) Selected() rules.Square   { return g.selected }
func (g *Game) Targets() []rules.Square  { return slices.Clone(g.targets) }
func (g *Game) Illegal() game.Illegality { return g.illegal }

// PlayerOf is the account that plays side c.
func (g *Game) PlayerOf(c rules.Color) proto.Account { return g.player(c) }

func (g *Game) player(c rules.Color) proto.Account {
	if c == rules.Red {
		return g.Red
	}
	return g.Black
}

// Opponent is the other player, seen from this account (Black for a game watched only).
func (g *Game) Opponent() proto.Account { return g.player(g.Me.Opponent()) }

// Filed is the library entry of the finished game ("" until filed), and why it could not
// be filed.
func (g *Game) Filed() (string, error) { return g.filed, g.fileErr }

// Broken is the error that stopped the game being followed: an event from the server
// that does not fit it.
func (g *Game) Broken() error { return g.broken }

// SideClock is side's clock at now: as the last event set it, with the running side's
// thinking since then charged to it the way the server charges it (main time, then the
// 读秒 periods, each used up giving way to the next).
func (g *Game) SideClock(side rules.Color, now time.Time) match.SideClock {
	if g.m == nil {
		return match.SideClock{}
	}
	g.at.now = now
	if now.Before(g.at.last) {
		g.at.now = g.at.last // a clock read before the last event counts nothing back
	}
	return g.m.Clock(side)
}

// ClockLeft is side's time left at now as its clock shows it: the main time while it
// lasts, then what is left of the current 读秒 period. An untimed game has none.
func (g *Game) ClockLeft(side rules.Color, now time.Time) time.Duration {
	return g.SideClock(side, now).StageLeft(g.TimeControl)
}

// ClockRunning is the side whose clock runs, if one does.
func (g *Game) ClockRunning() (rules.Color, bool) {
	if !g.started || !g.TimeControl.Timed() || g.end != nil {
		return rules.Red, false
	}
	return g.ToMove(), true
}

// PlayerName names an account: its name, else "Guest <id>".
func PlayerName(a proto.Account) string {
	if a.Name != "" {
		return a.Name
	}
	return fmt.Sprintf("Guest %d", a.ID)
}
