package game

import (
	"fmt"

	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/rules"
)

// Status is the state of a game: still going, won by one side, or drawn.
type Status uint8

const (
	Ongoing Status = iota
	RedWins
	BlackWins
	Draw
)

// Reason explains a result.
type Reason uint8

const (
	ReasonNone                Reason = iota // game not decided
	ReasonCheckmate                         // side to move is in check and has no legal move
	ReasonStalemate                         // side to move has no legal move (困毙); it loses
	ReasonPerpetualCheck                    // one side checked on every move of a repetition; it loses
	ReasonPerpetualChase                    // one side chased (or checked and chased) on every move of a repetition; it loses
	ReasonRepetition                        // threefold repetition without one-sided perpetual check or chase
	ReasonNoAttackers                       // neither side has a piece able to attack the king
	ReasonMoveLimit                         // 60 moves (120 plies) without a capture
	ReasonResignation                       // declared by Resign
	ReasonAgreement                         // declared by AgreeDraw
	ReasonRecorded                          // result given by an imported record, not by the board
	ReasonPerpetualAttack                   // Chinese rules: one side checked, threatened mate or chased on every move, mixing them (长打); it loses
	ReasonPerpetualMateThreat               // Chinese rules: one side threatened mate on every move (长杀); it loses
	ReasonTime                              // declared by FlagFall: the side whose clock ran out loses
	ReasonTimeNoAttackers                   // declared by FlagFall: a clock ran out but the other side has nothing to win with
)

var reasonKeys = [...]string{
	ReasonNone:                "reason.none",
	ReasonCheckmate:           "reason.checkmate",
	ReasonStalemate:           "reason.stalemate",
	ReasonPerpetualCheck:      "reason.perpetualCheck",
	ReasonRepetition:          "reason.repetition",
	ReasonNoAttackers:         "reason.noAttackers",
	ReasonMoveLimit:           "reason.moveLimit",
	ReasonPerpetualChase:      "reason.perpetualChase",
	ReasonResignation:         "reason.resignation",
	ReasonAgreement:           "reason.agreement",
	ReasonRecorded:            "reason.recorded",
	ReasonPerpetualAttack:     "reason.perpetualAttack",
	ReasonPerpetualMateThreat: "reason.perpetualMateThreat",
	ReasonTime:                "reason.time",
	ReasonTimeNoAttackers:     "reason.timeNoAttackers",
}

// Message says the reason, e.g. "checkmate".
func (r Reason) Message() i18n.Message {
	return keyed(reasonKeys[:], r, i18n.Message{Key: "reason.unknown", Args: i18n.Args{"Number": int(r)}})
}

// Result is the outcome of a game at some ply.
type Result struct {
	Status Status
	Winner rules.Color // meaningful only for RedWins and BlackWins
	Reason Reason
}

// Decided reports whether the game is over.
func (r Result) Decided() bool { return r.Status != Ongoing }

// PGN returns the PGN result token: "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) PGN() string {
	switch r.Status {
	case RedWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// ParseResultToken reads a PGN result token, the one reader of them: "1-0", "0-1" and
// "1/2-1/2" are results recorded as given (ReasonRecorded), "*" is a game not decided.
func ParseResultToken(token string) (Result, error) {
	if r, ok := resultOfToken(token); ok {
		return r, nil
	}
	return Result{}, fmt.Errorf("result %s: want 1-0, 0-1, 1/2-1/2 or *", rules.QuoteInput(token))
}

// resultOfToken is ParseResultToken without the error, for the PGN reader's every word.
func resultOfToken(token string) (Result, bool) {
	switch token {
	case "1-0":
		return win(rules.Red, ReasonRecorded), true
	case "0-1":
		return win(rules.Black, ReasonRecorded), true
	case "1/2-1/2":
		return Result{Status: Draw, Reason: ReasonRecorded}, true
	case "*":
		return Result{}, true
	}
	return Result{}, false
}

// Message says the result with its reason, e.g. "Red wins by checkmate".
func (r Result) Message() i18n.Message {
	key := "result.ongoing"
	switch r.Status {
	case RedWins:
		key = "result.redWins"
	case BlackWins:
		key = "result.blackWins"
	case Draw:
		key = "result.draw"
	}
	if r.Reason == ReasonRecorded && key != "result.ongoing" {
		// "Black wins by result recorded in the game file" read badly: the file's result
		// is said as a fact of the record.
		key += ".recorded"
	}
	return i18n.Message{Key: key, Args: i18n.Args{"Reason": r.Reason.Message()}}
}

// String gives the PGN token and the reason's key, for logs and test failures:
// "1-0 reason.checkmate".
func (r Result) String() string { return r.PGN() + " " + r.Reason.String() }

func winStatus(c rules.Color) Status {
	if c == rules.Red {
		return RedWins
	}
	return BlackWins
}

func win(c rules.Color, why Reason) Result {
	return Result{Status: winStatus(c), Winner: c, Reason: why}
}

// judgeNow judges the game at the current ply (Result caches it). The
// record's result (declared by Resign, AgreeDraw, FlagFall or read from a
// file) applies only at the end of the main line and only when the board
// itself does not decide the game.
func (g *Game) judgeNow() Result {
	r := judge(g.pos, g.rules)
	if !r.Decided() && g.rec.Result.Decided() {
		if n := g.Node(); len(n.Children) == 0 && n.IsMainLine() {
			return g.rec.Result
		}
	}
	return r
}

// Over reports whether the game as played has ended: a result is recorded, or the end
// of the main line is decided by the rules (mate, a repetition verdict...), wherever the
// cursor is.
func (g *Game) Over() bool {
	if g.rec.Result.Decided() {
		return true
	}
	pos := g.rec.StartPosition()
	for _, m := range g.rec.MainLineMoves() {
		if !pos.MakeMove(m) {
			return false
		}
	}
	return judge(pos, g.rules).Decided()
}

// repetitionRecur asks RepStatus for the third occurrence of a position
// (the position has occurred twice before).
const repetitionRecur = 2

// judge decides the position by the rules described in RULES.md, in this
// order: no legal move, repetition (under the given rule set), lack of
// attacking material, move limit.
func judge(pos *rules.Position, ruleSet rules.RuleSet) Result {
	side := pos.Side()
	if pos.IsMate() {
		if pos.InCheck() {
			return win(side.Opponent(), ReasonCheckmate)
		}
		return win(side.Opponent(), ReasonStalemate)
	}
	if pos.RepStatus(repetitionRecur)&rules.RepFound != 0 {
		if v, ok := pos.JudgeRepetition(repetitionRecur, ruleSet); ok {
			return repetitionResult(v)
		}
	}
	if !pos.HasAttackers(rules.Red) && !pos.HasAttackers(rules.Black) {
		return Result{Status: Draw, Reason: ReasonNoAttackers}
	}
	if pos.HalfmoveClock() >= rules.MoveLimitPlies {
		return Result{Status: Draw, Reason: ReasonMoveLimit}
	}
	return Result{}
}

// repetitionResult turns the judge's ruling into a result.
func repetitionResult(v rules.CycleVerdict) Result {
	if !v.Decided {
		return Result{Status: Draw, Reason: ReasonRepetition}
	}
	return win(v.Loser.Opponent(), violationReason(v.Violations[v.Loser]))
}

func violationReason(v rules.Violation) Reason {
	switch v {
	case rules.PerpetualCheck:
		return ReasonPerpetualCheck
	case rules.PerpetualAttack:
		return ReasonPerpetualAttack
	case rules.PerpetualMateThreat:
		return ReasonPerpetualMateThreat
	}
	return ReasonPerpetualChase
}

// ParseReasonKey reads a reason by its message key ("reason.checkmate"), as results travel
// between the server and the app; ok is false for a key that names no reason of the board
// or of a declaration.
func ParseReasonKey(key string) (r Reason, ok bool) {
	for i, k := range reasonKeys {
		if k == key && Reason(i) != ReasonNone {
			return Reason(i), true
		}
	}
	return ReasonNone, false
}

// String names the reason by its message key, for logs and test failures.
func (r Reason) String() string { return r.Message().String() }
