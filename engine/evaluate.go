package engine

import "github.com/xqfyne/xiangqi/rules"

// Score bounds shared by evaluation and search (XQWLight's scale: a rook is
// worth about 200).
const (
	// MateValue is the score of delivering mate at the root; a mate found n
	// plies from the root scores MateValue-n.
	MateValue = 10000
	// BanValue is the score of winning through the perpetual-check rule. Such
	// scores depend on the path, so the hash table does not trust them.
	BanValue = MateValue - 100
	// WinValue separates decisive scores (above it) from evaluations.
	WinValue = MateValue - 200
	// DrawValue is the contempt for a repetition draw: the side to move at
	// an even distance from the root scores -DrawValue, so the engine avoids
	// drawing when it is ahead and accepts a draw only when it is worse.
	DrawValue = 20
	// TempoBonus rewards having the move.
	TempoBonus = 3
)

// Evaluate returns the static score of the position from the side to move's
// point of view: material and piece-square values (pst.go), a small bonus for having the move, hemmed-in horses
// (eval_mobility.go) and king safety against cannons and for missing
// defenders, scaled by the attacker's force (eval_king.go). The terms tried
// and not kept (palace attack, pins, a score fading without captures, and
// more) are in docs/engine-log.md, "Evaluation: tried and dropped".
func Evaluate(p *rules.Position) int { return evaluate(p, materialOf(p), false) }

// evaluate is Evaluate given the position's material sums; plain leaves out
// everything but material, piece squares and tempo (a strength limit,
// strength.go).
func evaluate(p *rules.Position, material materialSums, plain bool) int {
	s, o := p.Side(), p.Side().Opponent()
	// The attacking forces give the phase and scale king safety.
	forceS, forceO := attackForce(p, s), attackForce(p, o)
	v := taper(material[s]-material[o], phaseOf(forceS, forceO)) + TempoBonus
	if plain {
		return v
	}
	v += mobility(p, s) - mobility(p, o) - kingDanger(p, s, forceO) + kingDanger(p, o, forceS)
	// A side left with advisors and elephants alone cannot win, however
	// many it has: its extra material is worth nothing.
	if !p.HasAttackers(s) {
		v = min(v, 0)
	}
	if !p.HasAttackers(o) {
		v = max(v, 0)
	}
	return v
}

// netEvaluate turns the net's score v of p into the search's: kept below
// the decisive scores, and with the rule that a side left with advisors and
// elephants alone cannot win, which the net need not learn.
func netEvaluate(p *rules.Position, v int) int {
	v = min(max(v, -WinValue+1), WinValue-1)
	if !p.HasAttackers(p.Side()) {
		v = min(v, 0)
	}
	if !p.HasAttackers(p.Side().Opponent()) {
		v = max(v, 0)
	}
	return v
}
