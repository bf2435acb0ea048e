package online

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

// Game is one online game as its events told it so far. The view reads it; only the
// Controller changes it, on the UI goroutine.
type Game struct {
	ID          int64
	Red, Black  proto.Account
	TimeControl play.TimeControl
	Rated       bool
	Rules       rules.RuleSet
	// Me is the side this account plays; Player is false for a game watched only.
	Me     rules.Color
	Player bool

	started bool
	seq     int64        // the number of the last event applied
	moves   []rules.Move // the moves that stand (a takeback removes some)
	fen     string
	g       *game.Game // fen with moves played, rebuilt after a takeback

	clock   proto.Clock
	clockAt time.Time // when the event that set clock arrived: the running side's time counts from it

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
	broken  error // the server sent an event that does not fit the game; nothing more is applied
}

// noSide marks "nobody" where a side is asked.
const noSide = rules.Color(-1)

func newGame(id int64) *Game {
	return &Game{ID: id, drawBy: noSide, takebackBy: noSide, awaySide: noSide, selected: rules.NoSquare, pending: rules.NoMove}
}

// Started reports whether the game's start event arrived.
func (g *Game) Started() bool { return g.started }

// Record is the game as played so far: the position and the moves (nil before the start).
func (g *Game) Record() *game.Game { return g.g }

// Seq is the number of the last event applied.
func (g *Game) Seq() int64 { return g.seq }

// Moves are the moves that stand.
func (g *Game) Moves() []rules.Move { return slices.Clone(g.moves) }

// ToMove is the side to move.
func (g *Game) ToMove() rules.Color {
	if g.g == nil {
		return rules.Red
	}
	return g.g.SideToMove()
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
func (g *Game) SideClock(side rules.Color, now time.Time) play.SideClock {
	tc := g.TimeControl
	main, periods, period := g.clock.Red, g.clock.RedPeriods, g.clock.RedPeriod
	if side == rules.Black {
		main, periods, period = g.clock.Black, g.clock.BlackPeriods, g.clock.BlackPeriod
	}
	c := play.SideClock{Main: time.Duration(main) * time.Millisecond, Periods: periods}
	if tc.IsByoyomi() {
		c.Used = max(tc.Byoyomi-time.Duration(period)*time.Millisecond, 0)
	}
	if running, ok := g.ClockRunning(); ok && running == side {
		c.Charge(tc, max(now.Sub(g.clockAt), 0))
	}
	return c
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

// Rating is an account's rating as shown, "?" after it while provisional.
func Rating(a proto.Account) string {
	r := fmt.Sprintf("%d", int(math.Round(a.Rating)))
	if a.Provisional {
		r += "?"
	}
	return r
}

// errBadEvent wraps what is wrong with an event from the server.
var errBadEvent = errors.New("the server sent an event that does not fit the game")

func badEvent(e proto.Event, format string, args ...any) error {
	return fmt.Errorf("%w: event %d (%s): %s", errBadEvent, e.Seq, e.Kind, fmt.Sprintf(format, args...))
}

// apply applies one event received at now. It returns whether the event was new; an
// event that does not fit the game is an error, and the game is then left as it was.
func (g *Game) apply(e proto.Event, me int64, now time.Time) (bool, error) {
	if e.Seq <= g.seq {
		return false, nil // seen already (a replay after a reconnect overlaps)
	}
	if e.Seq != g.seq+1 {
		return false, badEvent(e, "expected event %d", g.seq+1)
	}
	if !g.started && e.Kind != proto.KindStart {
		return false, badEvent(e, "the game has not started")
	}
	if g.end != nil {
		return false, badEvent(e, "the game is over")
	}
	var err error
	switch e.Kind {
	case proto.KindStart:
		err = g.start(e, me)
	case proto.KindMove:
		err = g.move(e)
	case proto.KindDrawOffer, proto.KindDrawDecline, proto.KindTakebackOffer, proto.KindTakebackDecline:
		err = g.offer(e)
	case proto.KindTakeback:
		err = g.takeback(e)
	case proto.KindAway:
		err = g.gone(e)
	case proto.KindBack:
		err = g.back(e)
	case proto.KindEnd:
		err = g.finish(e)
	default:
		// An event kind added to the protocol later: numbered, so counted, and nothing else.
	}
	if err != nil {
		return false, err
	}
	g.seq = e.Seq
	g.clockAt = now
	return true, nil
}

func (g *Game) start(e proto.Event, me int64) error {
	if g.started {
		return badEvent(e, "a second start")
	}
	var d proto.StartData
	if err := e.Decode(&d); err != nil {
		return badEvent(e, "%v", err)
	}
	tc, err := play.ParseTimeControl(d.TimeControl)
	if err != nil {
		return badEvent(e, "%v", err)
	}
	ruleSet := rules.RulesAsian
	if d.Rules != "" {
		if ruleSet, err = rules.ParseRuleSet(d.Rules); err != nil {
			return badEvent(e, "%v", err)
		}
	}
	gm, err := game.New(d.FEN)
	if err != nil {
		return badEvent(e, "%v", err)
	}
	gm.SetRules(ruleSet)
	if err := checkClock(d.Clock); err != nil {
		return badEvent(e, "%v", err)
	}
	g.Red, g.Black, g.TimeControl, g.Rated, g.Rules = d.Red, d.Black, tc, d.Rated, ruleSet
	g.fen, g.g, g.clock, g.started = d.FEN, gm, d.Clock, true
	switch me {
	case d.Red.ID:
		g.Me, g.Player = rules.Red, true
	case d.Black.ID:
		g.Me, g.Player = rules.Black, true
	}
	return nil
}

func checkClock(c proto.Clock) error {
	if c.Red < 0 || c.Black < 0 {
		return errors.New("a negative clock")
	}
	return nil
}

func parseSide(s string) (rules.Color, error) {
	switch s {
	case "red":
		return rules.Red, nil
	case "black":
		return rules.Black, nil
	}
	return noSide, fmt.Errorf("no side %q", s)
}

func (g *Game) move(e proto.Event) error {
	var d proto.MoveData
	if err := e.Decode(&d); err != nil {
		return badEvent(e, "%v", err)
	}
	if d.Ply != len(g.moves)+1 {
		return badEvent(e, "move for ply %d at ply %d", d.Ply, len(g.moves))
	}
	side, err := parseSide(d.Side)
	if err != nil || side != g.g.SideToMove() {
		return badEvent(e, "the move is not the side to move's")
	}
	m, err := rules.ParseMove(d.Move)
	if err != nil {
		return badEvent(e, "%v", err)
	}
	if err := checkClock(d.Clock); err != nil {
		return badEvent(e, "%v", err)
	}
	if err := g.g.Play(m); err != nil {
		return badEvent(e, "%s: %v", d.Move, err)
	}
	g.moves = append(g.moves, m)
	g.clock = d.Clock
	g.drawBy, g.takebackBy = noSide, noSide
	g.clearMarks()
	if side == g.Me {
		g.pending = rules.NoMove
	}
	return nil
}

func (g *Game) offer(e proto.Event) error {
	var d proto.SideData
	if err := e.Decode(&d); err != nil {
		return badEvent(e, "%v", err)
	}
	side, err := parseSide(d.Side)
	if err != nil {
		return badEvent(e, "%v", err)
	}
	switch e.Kind {
	case proto.KindDrawOffer:
		g.drawBy = side
	case proto.KindDrawDecline:
		g.drawBy = noSide
	case proto.KindTakebackOffer:
		g.takebackBy = side
	case proto.KindTakebackDecline:
		g.takebackBy = noSide
	}
	return nil
}

func (g *Game) gone(e proto.Event) error {
	var d proto.AwayData
	if err := e.Decode(&d); err != nil {
		return badEvent(e, "%v", err)
	}
	side, err := parseSide(d.Side)
	if err != nil {
		return badEvent(e, "%v", err)
	}
	if d.ClaimAt.IsZero() || d.ForfeitAt.Before(d.ClaimAt) {
		return badEvent(e, "claim at %v, forfeit at %v", d.ClaimAt, d.ForfeitAt)
	}
	g.awaySide, g.away = side, d
	return nil
}

func (g *Game) back(e proto.Event) error {
	var d proto.SideData
	if err := e.Decode(&d); err != nil {
		return badEvent(e, "%v", err)
	}
	side, err := parseSide(d.Side)
	if err != nil {
		return badEvent(e, "%v", err)
	}
	if side == g.awaySide {
		g.awaySide, g.away = noSide, proto.AwayData{}
	}
	return nil
}

func (g *Game) takeback(e proto.Event) error {
	var d proto.TakebackData
	if err := e.Decode(&d); err != nil {
		return badEvent(e, "%v", err)
	}
	if d.Ply < 0 || d.Ply > len(g.moves) {
		return badEvent(e, "takeback to ply %d of %d", d.Ply, len(g.moves))
	}
	if err := checkClock(d.Clock); err != nil {
		return badEvent(e, "%v", err)
	}
	// The record keeps what stands: the game is replayed up to the ply, so the moves
	// taken back are gone from it as they are from the server's.
	gm, err := game.New(g.fen)
	if err != nil {
		return badEvent(e, "%v", err)
	}
	gm.SetRules(g.Rules)
	for _, m := range g.moves[:d.Ply] {
		if err := gm.Play(m); err != nil {
			return badEvent(e, "%v", err)
		}
	}
	g.g, g.moves, g.clock = gm, g.moves[:d.Ply:d.Ply], d.Clock
	g.drawBy, g.takebackBy = noSide, noSide
	g.pending = rules.NoMove
	g.clearMarks()
	return nil
}

func (g *Game) finish(e proto.Event) error {
	var d proto.EndData
	if err := e.Decode(&d); err != nil {
		return badEvent(e, "%v", err)
	}
	status, winner, err := parseResult(d.Result)
	if err != nil {
		return badEvent(e, "%v", err)
	}
	if !strings.HasPrefix(d.Reason, "reason.") {
		return badEvent(e, "reason %q", d.Reason)
	}
	if err := checkClock(d.Clock); err != nil {
		return badEvent(e, "%v", err)
	}
	g.declare(d, status, winner)
	g.end, g.clock = &d, d.Clock
	g.drawBy, g.takebackBy = noSide, noSide // the away mark stays: it says who left an abandoned game
	g.pending = rules.NoMove
	g.clearMarks()
	return nil
}

func parseResult(s string) (game.Status, rules.Color, error) {
	switch s {
	case "1-0":
		return game.RedWins, rules.Red, nil
	case "0-1":
		return game.BlackWins, rules.Black, nil
	case "1/2-1/2":
		return game.Draw, rules.Red, nil
	}
	return game.Ongoing, rules.Red, fmt.Errorf("result %q", s)
}

// declare ends the record as the server ruled: by the same declaration offline play
// makes for a resignation, an agreed draw or a flag, so the record reads alike; where the
// board has no such verdict (an abandoned game) or disagrees, the server's result is
// recorded as given. The server's word stands either way.
func (g *Game) declare(d proto.EndData, status game.Status, winner rules.Color) {
	gm := g.g
	if !gm.Result().Decided() {
		toMove := gm.SideToMove()
		switch d.Reason {
		case "reason.resignation":
			_ = gm.Resign(winner.Opponent())
		case "reason.agreement":
			_ = gm.AgreeDraw()
		case "reason.time", "reason.timeNoAttackers":
			_ = gm.FlagFall(toMove)
		}
	}
	if got := gm.Result(); got.Status != status || (status != game.Draw && got.Winner != winner) {
		gm.Record().Result = game.Result{Status: status, Winner: winner, Reason: game.ReasonRecorded}
	}
}

func (g *Game) clearMarks() {
	g.selected, g.targets, g.illegal = rules.NoSquare, nil, game.NotIllegal
}

// record is the finished game as the library files it: both players, their ratings when
// it began, the time control, the result and its reason as tags.
func (g *Game) record(site string, day time.Time) *game.Record {
	r := g.g.Record()
	r.Meta.Event = "Online"
	if g.Rated {
		r.Meta.Event = "Online, rated"
	}
	r.Meta.Site = site
	r.Meta.Date = day.Format("2006.01.02")
	r.Meta.Round = fmt.Sprintf("%d", g.ID)
	r.Meta.Red, r.Meta.Black = PlayerName(g.Red), PlayerName(g.Black)
	r.Meta.RedElo = fmt.Sprintf("%d", int(math.Round(g.Red.Rating)))
	r.Meta.BlackElo = fmt.Sprintf("%d", int(math.Round(g.Black.Rating)))
	r.Meta.TimeControl = "-"
	if g.TimeControl.Timed() {
		r.Meta.TimeControl = fmt.Sprintf("%d+%d", int(g.TimeControl.Base.Seconds()), int(g.TimeControl.Increment.Seconds()))
	}
	if g.end != nil {
		r.Meta.Termination = strings.TrimPrefix(g.end.Reason, "reason.")
	}
	return r
}
