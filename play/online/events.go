package online

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/server/proto"
)

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
	g.at.now = now
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
	g.seq, g.at.last = e.Seq, now
	return true, nil
}

// sides is a clock as an event tells it, by colour, as the match keeps it.
func (g *Game) sides(c proto.Clock) [2]match.SideClock {
	tc := g.TimeControl
	side := func(main int64, periods int, period int64) match.SideClock {
		sc := match.SideClock{Main: time.Duration(main) * time.Millisecond, Periods: periods}
		if tc.IsByoyomi() {
			sc.Used = max(tc.Byoyomi-time.Duration(period)*time.Millisecond, 0)
		}
		return sc
	}
	return [2]match.SideClock{rules.Red: side(c.Red, c.RedPeriods, c.RedPeriod), rules.Black: side(c.Black, c.BlackPeriods, c.BlackPeriod)}
}

// follow makes gm, with clock c, the game's match, its clock running unless the game is over.
func (g *Game) follow(gm *game.Game, c proto.Clock) {
	g.m = match.NewMatch(gm, g.TimeControl, nil, &g.at, func(func()) {})
	g.m.SetClocks(g.sides(c))
	g.m.RunClock(g.end != nil)
}

func (g *Game) start(e proto.Event, me int64) error {
	if g.started {
		return badEvent(e, "a second start")
	}
	var d proto.StartData
	if err := decode(e, &d); err != nil {
		return err
	}
	tc, err := match.ParseTimeControl(d.TimeControl)
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
	g.started = true
	g.follow(gm, d.Clock)
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

// decode reads e's data into d; data that does not decode makes e a bad event.
func decode(e proto.Event, d any) error {
	if err := e.Decode(d); err != nil {
		return badEvent(e, "%v", err)
	}
	return nil
}

// decodeSided reads e's data into d, whose field side names the side that acted, and
// returns that side; data that does not decode or names no side makes e a bad event.
func decodeSided(e proto.Event, d any, side *string) (rules.Color, error) {
	if err := decode(e, d); err != nil {
		return noSide, err
	}
	c, err := parseSide(*side)
	if err != nil {
		return noSide, badEvent(e, "%v", err)
	}
	return c, nil
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
	if err := decode(e, &d); err != nil {
		return err
	}
	if d.Ply != g.ply()+1 {
		return badEvent(e, "move for ply %d at ply %d", d.Ply, g.ply())
	}
	side, err := parseSide(d.Side)
	if err != nil || side != g.m.ToMove() {
		return badEvent(e, "the move is not the side to move's")
	}
	m, err := rules.ParseMove(d.Move)
	if err != nil {
		return badEvent(e, "%v", err)
	}
	if err := checkClock(d.Clock); err != nil {
		return badEvent(e, "%v", err)
	}
	if err := g.m.Told(m, g.sides(d.Clock), false); err != nil {
		return badEvent(e, "%s: %v", d.Move, err)
	}
	g.drawBy, g.takebackBy = noSide, noSide
	g.clearMarks()
	if side == g.Me {
		g.pending = rules.NoMove
	}
	return nil
}

func (g *Game) offer(e proto.Event) error {
	var d proto.SideData
	side, err := decodeSided(e, &d, &d.Side)
	if err != nil {
		return err
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
	side, err := decodeSided(e, &d, &d.Side)
	if err != nil {
		return err
	}
	if d.ClaimAt.IsZero() || d.ForfeitAt.Before(d.ClaimAt) {
		return badEvent(e, "claim at %v, forfeit at %v", d.ClaimAt, d.ForfeitAt)
	}
	g.awaySide, g.away = side, d
	return nil
}

func (g *Game) back(e proto.Event) error {
	var d proto.SideData
	side, err := decodeSided(e, &d, &d.Side)
	if err != nil {
		return err
	}
	if side == g.awaySide {
		g.awaySide, g.away = noSide, proto.AwayData{}
	}
	return nil
}

func (g *Game) takeback(e proto.Event) error {
	var d proto.TakebackData
	if err := decode(e, &d); err != nil {
		return err
	}
	if d.Ply < 0 || d.Ply > g.ply() {
		return badEvent(e, "takeback to ply %d of %d", d.Ply, g.ply())
	}
	if err := checkClock(d.Clock); err != nil {
		return badEvent(e, "%v", err)
	}
	// The record keeps what stands: the game is replayed up to the ply, so the moves
	// taken back are gone from it as they are from the server's.
	gm, err := game.New(g.m.Game().StartFEN())
	if err != nil {
		return badEvent(e, "%v", err)
	}
	gm.SetRules(g.Rules)
	for _, m := range g.m.Game().Moves()[:d.Ply] {
		if err := gm.Play(m); err != nil {
			return badEvent(e, "%v", err)
		}
	}
	g.follow(gm, d.Clock)
	g.drawBy, g.takebackBy = noSide, noSide
	g.pending = rules.NoMove
	g.clearMarks()
	return nil
}

func (g *Game) finish(e proto.Event) error {
	var d proto.EndData
	if err := decode(e, &d); err != nil {
		return err
	}
	res, err := game.ParseResultToken(d.Result)
	if err != nil || !res.Decided() {
		return badEvent(e, "result %q", d.Result)
	}
	status, winner := res.Status, res.Winner
	if !strings.HasPrefix(d.Reason, "reason.") {
		return badEvent(e, "reason %q", d.Reason)
	}
	if err := checkClock(d.Clock); err != nil {
		return badEvent(e, "%v", err)
	}
	g.declare(d, status, winner)
	g.end = &d
	g.m.SetClocks(g.sides(d.Clock))
	g.m.RunClock(true)
	g.drawBy, g.takebackBy = noSide, noSide // the away mark stays: it says who left an abandoned game
	g.pending = rules.NoMove
	g.clearMarks()
	return nil
}

// declare ends the record as the server ruled: by the same declaration offline play
// makes for a resignation, an agreed draw or a flag, so the record reads alike; where the
// board has no such verdict (an abandoned game) or disagrees, the server's result is
// recorded as given. The server's word stands either way.
func (g *Game) declare(d proto.EndData, status game.Status, winner rules.Color) {
	gm := g.m.Game()
	if !gm.Result().Decided() {
		toMove := gm.SideToMove()
		reason, _ := game.ParseReasonKey(d.Reason) // the server's own reasons (abandonment) name none
		switch reason {
		case game.ReasonResignation:
			_ = gm.Resign(winner.Opponent())
		case game.ReasonAgreement:
			_ = gm.AgreeDraw()
		case game.ReasonTime, game.ReasonTimeNoAttackers:
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
