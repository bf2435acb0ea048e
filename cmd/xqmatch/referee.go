package main

import (
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/match"
	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/uci"
)

// claimPlies is the no-capture count at which a UCCI engine may claim a
// draw by answering nobestmove (ElephantEye claims at 100 plies, before the
// 120-ply move limit the game package applies).
const claimPlies = 100

// settings is what every game of a match shares.
type settings struct {
	lim      limit
	maxPlies int          // adjudicate a draw after this many plies
	adj      adjudication // adjudicate by the engines' scores (adjudicate.go)
	rules    game.RuleSet // the repetition rules the referee judges by
}

// limit is what each move may use: a move time, a node count when nodes > 0,
// a clock (time + increment per side) when clock > 0, or a 读秒 control when
// byoyomi is one (match.TimeControl, whose clock arithmetic the referee uses).
type limit struct {
	movetime  time.Duration
	nodes     int
	clock     time.Duration
	increment time.Duration
	byoyomi   match.TimeControl
	// byoyomiAsMovesToGo sends UCI engines the period as "movestogo 1"
	// instead of USI's "byoyomi" (see uci.Request).
	byoyomiAsMovesToGo bool
}

// clocked reports whether the games are played on a clock of either kind.
func (l limit) clocked() bool { return l.clock > 0 || l.byoyomi.IsByoyomi() }

// Ends of a game that the game package has no reason for; they go into the
// PGN's Termination tag and the summary.
const (
	endClaimDraw    = "draw claimed by nobestmove (no-capture count or repetition allow it)"
	endClaimRefused = "nobestmove without a draw the rules allow: loss"
	endResign       = "resignation"
	endDrawAgreed   = "draw offered and accepted"
	endTime         = "loss on time"
	endIllegal      = "illegal or missing move"
	endMaxPlies     = "adjudicated a draw at the ply limit"
)

// played is one finished game.
type played struct {
	g      *game.Game
	result game.Result
	end    string // how it ended when not by the board (see the end* texts)
	plies  int
	clocks [2]time.Duration // clock left for Red and Black at the end (clock mode)
	// periodUse is, by colour, the share of the period each move made in
	// byo-yomi took (1 is the whole period; more when a period was lost).
	periodUse [2][]float64
}

// termination describes how the game ended, for the PGN and the log: in English, the
// language of the other tags.
func (p played) termination(texts *i18n.Catalogs) string {
	if p.end != "" {
		return p.end
	}
	return texts.Text(i18n.English, p.result.Reason.Message())
}

// playGame plays one game from the opening and returns it.
func playGame(o opening, red, black *player, set settings) (played, error) {
	g, err := game.New(o.fen)
	if err != nil {
		return played{}, err
	}
	g.SetRules(set.rules)
	moves := append([]string(nil), o.moves...)
	for _, m := range o.moves {
		if err := g.PlayText(m); err != nil {
			return played{}, err
		}
	}
	for _, e := range []*player{red, black} {
		if err := e.NewGame(); err != nil {
			return played{}, err
		}
	}
	clocks := [2]time.Duration{set.lim.clock, set.lim.clock}
	byo := set.lim.byoyomi
	byoClocks := [2]match.SideClock{match.FullClock(byo), match.FullClock(byo)}
	var periodUse [2][]float64
	offered := false // the last mover offered a draw
	var scores scoreLog
	finish := func(end string) (played, error) {
		if byo.IsByoyomi() {
			clocks = [2]time.Duration{byoClocks[0].Left(byo), byoClocks[1].Left(byo)}
		}
		return played{g: g, result: g.Result(), end: end, plies: len(moves), clocks: clocks, periodUse: periodUse}, nil
	}
	lose := func(side rules.Color, end string) (played, error) {
		if err := g.Resign(side); err != nil {
			return played{}, err
		}
		return finish(end)
	}
	for {
		if r := g.Result(); r.Decided() {
			return finish("")
		}
		if len(moves) >= set.maxPlies {
			if err := g.AgreeDraw(); err != nil {
				return played{}, err
			}
			return finish(endMaxPlies)
		}
		if winner, draw, ok := set.adj.verdict(&scores, len(moves)); ok {
			if !draw {
				return lose(winner.Opponent(), endAdjudicatedWin)
			}
			if err := g.AgreeDraw(); err != nil {
				return played{}, err
			}
			return finish(endAdjudicatedDraw)
		}
		side := g.SideToMove()
		e := red
		if side == rules.Black {
			e = black
		}
		banned := g.ForbiddenMoves()
		var allowed []rules.Move
		for _, m := range g.Position().LegalMoves() {
			if !slices.Contains(banned, m) {
				allowed = append(allowed, m)
			}
		}
		req := uci.Request{FEN: o.fen, Moves: moves, Side: side, Banned: banned, Allowed: allowed, DrawOffered: offered,
			MoveTime: set.lim.movetime, Nodes: set.lim.nodes, Clock: set.lim.clock > 0, Increment: set.lim.increment}
		if req.Clock {
			req.Own, req.Opp = clocks[side], clocks[side.Opponent()]
		}
		own := &byoClocks[side]
		inByoyomi := own.InByoyomi(byo)
		if byo.IsByoyomi() {
			req.Clock, req.ByoyomiAsMovesToGo = true, set.lim.byoyomiAsMovesToGo
			req.Own, req.Opp = max(own.Main, 0), max(byoClocks[side.Opponent()].Main, 0)
			req.Byoyomi = own.PeriodLeft(byo)
		}
		rep, err := e.bestMove(req)
		if err != nil {
			return played{}, err
		}
		if byo.IsByoyomi() {
			if inByoyomi {
				periodUse[side] = append(periodUse[side], float64(rep.Took)/float64(byo.Byoyomi))
			}
			own.Charge(byo, rep.Took)
			if own.Left(byo) <= 0 {
				return lose(side, endTime)
			}
			own.Moved(byo)
		}
		if set.lim.clock > 0 {
			if rep.Took > clocks[side] {
				clocks[side] = 0
				return lose(side, endTime)
			}
			clocks[side] += set.lim.increment - rep.Took
		}
		switch {
		case rep.Resign:
			return lose(side, endResign)
		case rep.Draw && offered:
			if err := g.AgreeDraw(); err != nil {
				return played{}, err
			}
			return finish(endDrawAgreed)
		case rep.NoMove:
			if drawClaimAllowed(g.Position(), set.rules) {
				if err := g.AgreeDraw(); err != nil {
					return played{}, err
				}
				return finish(endClaimDraw)
			}
			return lose(side, endClaimRefused)
		}
		offered = rep.Draw
		if err := g.PlayText(rep.Move); err != nil {
			// An illegal or missing move loses the game.
			fmt.Fprintf(os.Stderr, "xqmatch: %s played %q in %s: %v\n", e.cmd, rep.Move, g.FEN(), err)
			return lose(side, endIllegal)
		}
		moves = append(moves, rep.Move)
		scores.add(side, rep.Info)
	}
}

// drawClaimAllowed tells whether a draw claimed in pos is one the rules
// grant: 100 plies without a capture, or a repeated position that the judge
// of repetitions, under rules, rules a draw.
func drawClaimAllowed(pos *rules.Position, rules game.RuleSet) bool {
	if pos.HalfmoveClock() >= claimPlies {
		return true
	}
	v, repeated := pos.JudgeRepetition(1, rules)
	return repeated && !v.Decided
}
