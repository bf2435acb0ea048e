package main

import (
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/i18n"
	"github.com/xqfyne/xiangqi/rules"
)

// claimPlies is the no-capture count at which a UCCI engine may claim a
// draw by answering nobestmove (ElephantEye claims at 100 plies, before the
// 120-ply move limit the game package applies).
const claimPlies = 100

// settings is what every game of a match shares.
type settings struct {
	lim      limit
	maxPlies int          // adjudicate a draw after this many plies
	rules    game.RuleSet // the repetition rules the referee judges by
}

// limit is what each move may use: a move time, a node count when nodes > 0,
// or a clock (time + increment per side) when clock > 0.
type limit struct {
	movetime  time.Duration
	nodes     int
	clock     time.Duration
	increment time.Duration
}

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
func playGame(o opening, red, black *uciEngine, set settings) (played, error) {
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
	for _, e := range []*uciEngine{red, black} {
		if err := e.newGame(); err != nil {
			return played{}, err
		}
	}
	clocks := [2]time.Duration{set.lim.clock, set.lim.clock}
	offered := false // the last mover offered a draw
	finish := func(end string) (played, error) {
		return played{g: g, result: g.Result(), end: end, plies: len(moves), clocks: clocks}, nil
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
		req := request{fen: o.fen, moves: moves, side: side, banned: banned, allowed: allowed, lim: set.lim, drawOffered: offered}
		if set.lim.clock > 0 {
			req.own, req.opp = clocks[side], clocks[side.Opponent()]
		}
		rep, err := e.bestMove(req)
		if err != nil {
			return played{}, err
		}
		if set.lim.clock > 0 {
			if rep.took > clocks[side] {
				clocks[side] = 0
				return lose(side, endTime)
			}
			clocks[side] += set.lim.increment - rep.took
		}
		switch {
		case rep.resign:
			return lose(side, endResign)
		case rep.draw && offered:
			if err := g.AgreeDraw(); err != nil {
				return played{}, err
			}
			return finish(endDrawAgreed)
		case rep.noMove:
			if drawClaimAllowed(g.Position(), set.rules) {
				if err := g.AgreeDraw(); err != nil {
					return played{}, err
				}
				return finish(endClaimDraw)
			}
			return lose(side, endClaimRefused)
		}
		offered = rep.draw
		if err := g.PlayText(rep.move); err != nil {
			// An illegal or missing move loses the game.
			fmt.Fprintf(os.Stderr, "xqmatch: %s played %q in %s: %v\n", e.cmd, rep.move, g.FEN(), err)
			return lose(side, endIllegal)
		}
		moves = append(moves, rep.move)
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
