package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/xqfyne/xiangqi/rules"
	"github.com/xqfyne/xiangqi/uci"
)

// Adjudication by the engines' own scores, as engine testers do to spend
// no time on games whose end both engines already see: a win when both
// agree for some moves that one side is far ahead, a draw when both agree
// for some moves, late enough in the game, that neither is.
type adjudication struct {
	winMoves, winScore          int // 0 winMoves: no win adjudication
	drawPly, drawMoves, drawMax int // 0 drawMoves: no draw adjudication
}

// Ends of adjudicated games (see the end* texts of referee.go).
const (
	endAdjudicatedWin  = "adjudicated a win: both engines' scores agreed"
	endAdjudicatedDraw = "adjudicated a draw: both engines' scores near 0"
)

// mateScore stands for a mate score (UCI "score mate N") in the comparisons.
const mateScore = 30000

// parseResign reads -resign "moves,score", e.g. "4,1000".
func parseResign(s string, a *adjudication) error {
	v, err := ints(s, 2)
	if err != nil || v[0] < 1 || v[0] > 100 || v[1] < 1 || v[1] > mateScore {
		return fmt.Errorf("-resign %q: want moves,centipawns, e.g. 4,1000 (1..100 moves, 1..%d)", s, mateScore)
	}
	a.winMoves, a.winScore = v[0], v[1]
	return nil
}

// parseDrawAdj reads -drawadj "ply,moves,score", e.g. "120,10,10".
func parseDrawAdj(s string, a *adjudication) error {
	v, err := ints(s, 3)
	if err != nil || v[0] < 0 || v[0] > 10000 || v[1] < 1 || v[1] > 100 || v[2] < 0 || v[2] > 1000 {
		return fmt.Errorf("-drawadj %q: want ply,moves,centipawns, e.g. 120,10,10", s)
	}
	a.drawPly, a.drawMoves, a.drawMax = v[0], v[1], v[2]
	return nil
}

// ints reads n comma-separated integers.
func ints(s string, n int) ([]int, error) {
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return nil, fmt.Errorf("%d numbers, want %d", len(parts), n)
	}
	v := make([]int, n)
	for i, p := range parts {
		var err error
		if v[i], err = strconv.Atoi(strings.TrimSpace(p)); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// scoreLog keeps, reply by reply, each engine's score from Red's side;
// a reply without a score (no info line with a depth) breaks every run.
type scoreLog struct {
	red   []int
	known []bool
}

// add records the reply of the side that moved.
func (l *scoreLog) add(side rules.Color, info uci.Info) {
	v, ok := info.Score, info.Depth > 0
	switch {
	case info.Mate > 0:
		v, ok = mateScore, true
	case info.Mate < 0:
		v, ok = -mateScore, true
	}
	if side == rules.Black {
		v = -v
	}
	l.red = append(l.red, v)
	l.known = append(l.known, ok)
}

// lastAll reports whether the last n replies all have scores that keep.
func (l *scoreLog) lastAll(n int, keep func(int) bool) bool {
	if n > len(l.red) {
		return false
	}
	for i := len(l.red) - n; i < len(l.red); i++ {
		if !l.known[i] || !keep(l.red[i]) {
			return false
		}
	}
	return true
}

// verdict applies a to the scores after plies plies: the winner when a
// win is adjudicated, draw when a draw is, decided false otherwise. The
// last moves of both sides count, so that one engine's view alone never
// ends a game.
func (a adjudication) verdict(l *scoreLog, plies int) (winner rules.Color, draw, decided bool) {
	if a.winMoves > 0 {
		n := 2 * a.winMoves
		if l.lastAll(n, func(v int) bool { return v >= a.winScore }) {
			return rules.Red, false, true
		}
		if l.lastAll(n, func(v int) bool { return v <= -a.winScore }) {
			return rules.Black, false, true
		}
	}
	if a.drawMoves > 0 && plies >= a.drawPly &&
		l.lastAll(2*a.drawMoves, func(v int) bool { return v >= -a.drawMax && v <= a.drawMax }) {
		return 0, true, true
	}
	return 0, false, false
}
