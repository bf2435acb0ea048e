package rules

import (
	"fmt"
	"strings"
)

// The judge of repetition cycles: the one piece of code that decides who, if
// anyone, loses a repeated position by perpetual check or chase. The game
// package asks it for results and explanations, ForbiddenMoves and the
// referee's banmoves come from it, and the search scores repetitions with
// it, so all three always agree. game/RULES.md describes the rules it
// follows, article by article.

// RuleSet selects the rule book for repetitions.
type RuleSet uint8

const (
	// RulesAsian follows the Asian Xiangqi Federation rules (also used by
	// the WXF): perpetual check and perpetual chase of one piece lose;
	// alternating a check with a chase is allowed.
	RulesAsian RuleSet = iota
	// RulesChinese follows the Chinese Xiangqi Association rules where they
	// differ: mate threats (杀) count like checks and chases, any unbroken
	// series of checks, mate threats and chases (长打, for example 一将一捉)
	// loses, chasing several pieces in turn is a perpetual chase, and a
	// protected piece is chased when the exchange on it wins material.
	RulesChinese
)

// String returns the option value of the rule set: "asian" or "chinese".
func (r RuleSet) String() string {
	if r == RulesChinese {
		return "chinese"
	}
	return "asian"
}

// ParseRuleSet reads "asian" or "chinese" (any case; "wxf", "axf" and "cxa"
// are accepted as the names of the rule books).
func ParseRuleSet(s string) (RuleSet, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "asian", "asia", "axf", "wxf":
		return RulesAsian, nil
	case "chinese", "china", "cxa":
		return RulesChinese, nil
	}
	return RulesAsian, fmt.Errorf("rules %s: want asian or chinese", QuoteInput(s))
}

// Violation is what one side's moves over a repetition amount to. When
// both sides offend, the graver offence (RuleSet.Severity) loses, and
// offences of equal gravity draw.
type Violation uint8

const (
	NoViolation Violation = iota
	// PerpetualChase: every move chased, and one and the same enemy piece
	// was chased by every move (长捉); under the Chinese rules also one or
	// several pieces in turn.
	PerpetualChase
	// PerpetualAttack: every move checked, threatened mate or chased, with
	// more than one kind in the series (Chinese rules only: 长打, e.g.
	// 一将一捉, 一将一杀, 一杀一捉).
	PerpetualAttack
	// PerpetualCheck: every move gave check (长将).
	PerpetualCheck
	// PerpetualMateThreat: every move threatened mate by checks without
	// giving check (Chinese rules only: 长杀).
	PerpetualMateThreat
)

// Severity ranks v under the rule set: the side whose offence is graver
// loses, equal ones draw. Under both rule books perpetual check is the
// gravest. The Asian rules rank a perpetual chase below it; the Chinese
// rules forbid every other perpetual attack alike (article 24.13), so two
// of them draw.
func (r RuleSet) Severity(v Violation) int {
	switch v {
	case NoViolation:
		return 0
	case PerpetualCheck:
		return 3
	}
	if r == RulesChinese || v == PerpetualChase {
		return 1
	}
	return 2
}

// CycleVerdict is the judge's ruling on a repetition.
type CycleVerdict struct {
	// Violations of Red and Black (indexed by Color).
	Violations [2]Violation
	// Decided is false for a draw; then Loser is meaningless.
	Decided bool
	Loser   Color
	// Target is the square (in the final position) of the piece the loser
	// chased on every move, or of the winner's king for perpetual check; 0
	// when the loser offended by checks alone and no piece is named.
	Target Square
	// Offenders are the squares (in the final position) of the loser's
	// pieces that gave the checks or made the chases.
	Offenders []Square
	// Checks, MateThreats and Chases tell which kinds of attacking move the
	// loser made, to name a perpetual attack (长打): 一将一捉 has checks and
	// chases, 一杀一捉 mate threats and chases, 一将一杀 checks and threats.
	Checks, MateThreats, Chases bool
}

// JudgeRepetition rules the current position when it has occurred recur
// times before with the same side to move since the last capture (the
// search uses recur 1, the game's third-occurrence rule recur 2). ok is
// false when there is no such repetition. The moves judged are all those
// since the earliest of those occurrences. p is unchanged on return.
func (p *Position) JudgeRepetition(recur int, rules RuleSet) (v CycleVerdict, ok bool) {
	plies := p.repetitionPlies(recur)
	if plies == 0 {
		return CycleVerdict{}, false
	}
	return p.JudgeCycle(plies, rules), true
}

// repetitionPlies returns how many plies back the current position occurred
// for the recur-th time with the same side to move, looking no further than
// the last capture or null move; 0 when it did not.
func (p *Position) repetitionPlies(recur int) int {
	key := p.zobrist.key
	lock := p.zobrist.lock0
	n := len(p.history)
	for i := n - 1; i >= 0; i-- {
		h := &p.history[i]
		if h.move == NoMove || h.captured != NoPiece {
			return 0
		}
		if (n-i)%2 == 0 && h.key == key {
			recur--
			if recur <= 0 {
				// The history keeps only the 32-bit key; confirm with the
				// board itself so that a key collision is never judged.
				if p.lockAt(n-i) == lock {
					return n - i
				}
				return 0
			}
		}
	}
	return 0
}

// lockAt returns lock0 of the position plies moves back.
func (p *Position) lockAt(plies int) uint32 {
	moves := make([]Move, plies)
	for i := 0; i < plies; i++ {
		moves[i] = p.history[len(p.history)-1].move
		p.UnmakeMove()
	}
	lock := p.zobrist.lock0
	for i := plies - 1; i >= 0; i-- {
		p.MakeMove(moves[i])
	}
	return lock
}

// JudgeCycle rules the last plies moves of p as a repetition cycle under the
// given rules. Moves that are null moves or captures make no repetition; a
// cycle holding one is judged a draw. p is unchanged on return.
func (p *Position) JudgeCycle(plies int, rules RuleSet) CycleVerdict {
	if plies <= 0 || plies > len(p.history) {
		return CycleVerdict{}
	}
	for i := len(p.history) - plies; i < len(p.history); i++ {
		if p.history[i].move == NoMove || p.history[i].captured != NoPiece {
			return CycleVerdict{}
		}
	}
	var j judgeState
	j.rules = rules
	moves := make([]Move, plies)
	for i := 0; i < plies; i++ {
		moves[i] = p.history[len(p.history)-1].move
		p.UnmakeMove()
	}
	j.start(p)
	for i := plies - 1; i >= 0; i-- {
		j.classify(p, moves[i])
	}
	return j.verdict(p)
}

// judgeState follows the pieces through a cycle and collects, for each
// side, what its moves did.
type judgeState struct {
	rules RuleSet
	// id names each piece by its square at the start of the cycle, so a
	// chased piece is recognised after it moves. 0 marks an empty square.
	id [256]Square
	// For each side: moves made, checks given, mate threats made (not
	// counting checks and chases), and the chase record.
	moves, checks, threats [2]int
	// unbroken is false once a move of the side neither checked nor chased
	// (nor, under the Chinese rules, threatened mate).
	unbroken [2]bool
	// prey is the set of enemy pieces chased by every chasing move so far
	// (set by the first); chasers records every chase (the verdict keeps
	// those of the piece finally named), checkers the pieces that gave check.
	prey     [2][]Square
	chasing  [2]int // moves that chased something (checks excluded)
	chasers  [2][]chaseRecord
	checkers [2][]Square
	// threateners are the pieces whose moves threatened mate.
	threateners [2][]Square
	buf         judgeBuffers
	// seen keeps the facts of the moves already classified: the game's
	// third-occurrence rule judges two cycles, so every move comes twice.
	seen []seenMove
}

// seenMove is a classified move and the position it was made in.
type seenMove struct {
	key   uint64
	move  Move
	facts moveFacts
}

type chaseRecord struct{ chaser, target Square }

func (j *judgeState) start(p *Position) {
	for _, sq := range boardSquares {
		if p.board[sq] != NoPiece {
			j.id[sq] = sq
		}
	}
	j.unbroken = [2]bool{true, true}
}

// classify records what move m (legal in p) does, then makes it on p.
func (j *judgeState) classify(p *Position, m Move) {
	side := p.side
	f := j.factsOf(p, m)
	// The facts name squares after the move: follow the moved piece first.
	from, to := m.From(), m.To()
	j.id[to], j.id[from] = j.id[from], 0
	j.moves[side]++
	if f.check {
		j.checks[side]++
		for _, sq := range f.checkers {
			j.checkers[side] = appendUnique(j.checkers[side], j.id[sq])
		}
	}
	if !f.check && len(f.chases) == 0 {
		if f.mateThreat {
			j.threats[side]++
			j.threateners[side] = appendUnique(j.threateners[side], j.id[to])
		} else {
			j.unbroken[side] = false
		}
	} else if len(f.chases) > 0 && (!f.check || j.rules == RulesChinese) {
		// Under the Asian rules a checking move is judged as a check only
		// (article 12: one check, one chase is no offence).
		var targets []Square
		for _, c := range f.chases {
			targets = appendUnique(targets, j.id[c.target])
		}
		if !f.check {
			j.chasing[side]++
			if j.chasing[side] == 1 {
				j.prey[side] = targets
			} else {
				j.prey[side] = intersect(j.prey[side], targets)
			}
		}
		for _, c := range f.chases {
			j.chasers[side] = append(j.chasers[side], chaseRecord{j.id[c.chaser], j.id[c.target]})
		}
	}
	p.MakeMove(m)
}

// factsOf classifies m in p, once for each position and move.
func (j *judgeState) factsOf(p *Position, m Move) moveFacts {
	key := p.Hash64()
	for _, s := range j.seen {
		if s.key == key && s.move == m {
			return s.facts
		}
	}
	f := p.moveFacts(m, j.rules, &j.buf)
	j.seen = append(j.seen, seenMove{key, m, f})
	return f
}

// violation says what side's moves amount to.
func (j *judgeState) violation(side Color) Violation {
	n := j.moves[side]
	switch {
	case n == 0:
		return NoViolation
	case j.checks[side] == n:
		return PerpetualCheck
	case !j.unbroken[side]:
		return NoViolation
	case j.rules == RulesChinese:
		return j.chineseViolation(side)
	case j.chasing[side] == 0 || len(j.prey[side]) == 0:
		return NoViolation
	case j.checks[side] == 0 && j.chasing[side] == n:
		return PerpetualChase
	}
	return NoViolation
}

// chineseViolation names an unbroken series of attacking moves under the
// Chinese rules (article 24.9-24.13): all mate threats are 长杀, all chases
// 长捉 (of one piece or several), a mixture 长打 (一将一杀, 一将一捉,
// 一杀一捉).
func (j *judgeState) chineseViolation(side Color) Violation {
	switch n := j.moves[side]; n {
	case j.threats[side]:
		return PerpetualMateThreat
	case j.chasing[side]:
		return PerpetualChase
	}
	return PerpetualAttack
}

// verdict rules the cycle after all its moves were classified; p is the
// final position.
func (j *judgeState) verdict(p *Position) CycleVerdict {
	var v CycleVerdict
	v.Violations = [2]Violation{j.violation(Red), j.violation(Black)}
	red, black := j.rules.Severity(v.Violations[Red]), j.rules.Severity(v.Violations[Black])
	if red == black {
		return v
	}
	v.Decided = true
	v.Loser = Red
	if black > red {
		v.Loser = Black
	}
	// Where each starting piece stands now.
	var now [256]Square
	for _, sq := range boardSquares {
		if id := j.id[sq]; id != 0 {
			now[id] = sq
		}
	}
	l := v.Loser
	v.Checks, v.MateThreats, v.Chases = j.checks[l] > 0, j.threats[l] > 0, len(j.chasers[l]) > 0
	if v.Violations[l] == PerpetualCheck {
		v.Target = p.kings[l.Opponent()]
		for _, id := range j.checkers[l] {
			v.Offenders = appendUnique(v.Offenders, now[id])
		}
		return v
	}
	// The piece chased by every chasing move, when there is one; else (the
	// Chinese rules' chase of several pieces in turn) every chaser offends.
	var prey Square
	if len(j.prey[l]) > 0 {
		prey = j.prey[l][0]
		v.Target = now[prey]
	}
	for _, c := range j.chasers[l] {
		if prey == 0 || c.target == prey {
			v.Offenders = appendUnique(v.Offenders, now[c.chaser])
		}
	}
	if v.Violations[l] != PerpetualChase {
		for _, id := range j.checkers[l] {
			v.Offenders = appendUnique(v.Offenders, now[id])
		}
		for _, id := range j.threateners[l] {
			v.Offenders = appendUnique(v.Offenders, now[id])
		}
	}
	return v
}

func appendUnique(list []Square, sq Square) []Square {
	for _, x := range list {
		if x == sq {
			return list
		}
	}
	return append(list, sq)
}

func intersect(a, b []Square) []Square {
	out := a[:0]
	for _, x := range a {
		for _, y := range b {
			if x == y {
				out = append(out, x)
				break
			}
		}
	}
	return out
}
