package present

import (
	"fmt"
	"math"
	"strings"

	"github.com/xqfyne/xiangqi/game"
	"github.com/xqfyne/xiangqi/rules"
)

// levelScore is how close to 0 a score is said as a level game (a pawn is worth about 10).
const levelScore = 10

// ScoreText says a search score of mover, who is searching, as the side it favours: "Red
// +68", "Black mates in 3", or a level game.
func ScoreText(t Translate, score, mate int, mover rules.Color) string {
	ahead := mover
	if score < 0 {
		ahead, score, mate = mover.Opponent(), -score, -mate
	}
	switch {
	case mate > 0:
		return t("score.mates", map[string]any{"Side": SideName(t, ahead), "Moves": mate})
	case score < levelScore:
		return t("score.level", nil)
	}
	return t("score.ahead", map[string]any{"Side": SideName(t, ahead), "Score": score})
}

// RedView turns a score of the side to move into Red's view.
func RedView(score, mate int, side rules.Color) (int, int) {
	if side == rules.Black {
		return -score, -mate
	}
	return score, mate
}

// RedScoreText writes a score from Red's view: "+68", "-12", "M3" when Red mates in
// three moves, "-M3" when Black does.
func RedScoreText(score, mate int) string {
	switch {
	case mate > 0:
		return fmt.Sprintf("M%d", mate)
	case mate < 0:
		return fmt.Sprintf("-M%d", -mate)
	}
	return fmt.Sprintf("%+d", score)
}

// SpeedText writes nodes per second briefly: "850 k", "1.2 M".
func SpeedText(nps uint64) string {
	if nps >= 1_000_000 {
		return fmt.Sprintf("%.1f M", float64(nps)/1e6)
	}
	return fmt.Sprintf("%d k", nps/1000)
}

// LineText writes up to limit moves of a line from pos in the given notation; it stops
// at the first move that is not legal where it stands.
func LineText(pos *rules.Position, pv []rules.Move, style game.Notation, limit int) string {
	p := pos.Copy()
	var parts []string
	for i, m := range pv {
		if i == limit || !p.IsLegal(m) {
			break
		}
		parts = append(parts, game.FormatMove(p, m, style))
		p.MakeMove(m)
	}
	return strings.Join(parts, " ")
}

// evalScale is the score at which the evaluation bar is about three quarters one side's:
// a rook and a half.
const evalScale = 300

// RedShare is the part of the evaluation bar that is Red's, for a score from Red's view.
func RedShare(score, mate int) float32 {
	switch {
	case mate > 0:
		return 1
	case mate < 0:
		return 0
	}
	return float32(0.5 + 0.5*math.Tanh(float64(score)/evalScale))
}
