package present

import (
	"fmt"

	"github.com/xqfyne/xiangqi/play"
)

// The review's chart plots each position's score from Red's view in pawns (the engine's
// pawn is 10 evaluation units), Red's advantage up. Scores up to CurvePawns either way
// are drawn to scale in the inner part of the chart; larger ones at its edge, so that a
// won game does not flatten the rest; a mate, or a side mated, on the outer row, which
// the axis labels "M".
const (
	CurvePawns = 20  // the axis runs from -20 to +20 pawns: a rook is about 20
	pawnUnits  = 10  // evaluation units of a pawn
	scoreBand  = 0.7 // the part of the half height the scale takes; the rest is the mate row
	// CurveMateRow is the level where the mate rows begin, halfway between the scale's
	// edge and the mate line.
	CurveMateRow = (1 + scoreBand) / 2
)

// CurveLevel is where a point is drawn: from -1 (Black mates) through 0 (level) to 1
// (Red mates), as a part of the chart's half height.
func CurveLevel(p play.CurvePoint) float32 {
	switch {
	case p.Mate > 0 || p.Over && p.Score > 0:
		return 1
	case p.Mate < 0 || p.Over && p.Score < 0:
		return -1
	}
	pawns := min(max(float32(p.Score)/pawnUnits, -CurvePawns), CurvePawns)
	return pawns / CurvePawns * scoreBand
}

// CurveTick is a line of the chart's axis: its level (as CurveLevel) and its label.
type CurveTick struct {
	Level float32
	Label string
}

// CurveTicks are the axis's lines: every ten pawns, and the mate rows.
func CurveTicks() []CurveTick {
	ticks := []CurveTick{{1, "M"}}
	for pawns := CurvePawns; pawns >= -CurvePawns; pawns -= 10 {
		label := fmt.Sprintf("%+d", pawns)
		if pawns == 0 {
			label = "0"
		}
		ticks = append(ticks, CurveTick{float32(pawns) / CurvePawns * scoreBand, label})
	}
	return append(ticks, CurveTick{-1, "M"})
}
