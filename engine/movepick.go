package engine

import "github.com/xqfyne/xiangqi/rules"

// Move ordering: a staged generator in the manner of XQWLight's Next() state
// machine. Each stage runs only when the previous ones did not produce a
// cutoff, so a hash move or a killer that refutes the position saves the cost
// of generating and sorting all moves.

// mvvLvaWeight ranks pieces for capture ordering: most valuable victim first,
// least valuable attacker breaking ties.
var mvvLvaWeight = [rules.NumPieceTypes]int32{
	rules.King: 5, rules.Advisor: 1, rules.Bishop: 1, rules.Knight: 3, rules.Rook: 4, rules.Cannon: 3, rules.Pawn: 2,
}

// captureOrder scores a capture for sorting; it is always positive so that
// every capture sorts ahead of quiet moves when both share a list.
func captureOrder(p *rules.Position, m rules.Move) int32 {
	victim := p.Board()[m.To()]
	attacker := p.Board()[m.From()]
	return 1<<20 + mvvLvaWeight[victim.Type()]*8 - mvvLvaWeight[attacker.Type()]
}

type pickStage uint8

const (
	stageHash pickStage = iota
	stageGenCaptures
	stageCaptures
	stageKiller1
	stageKiller2
	stageGenQuiets
	stageQuiets
	stageBadCaptures
	stageDone
)

// historyTable scores quiet moves by how often they caused cutoffs, indexed
// by the move itself (from + to*256) as in XQWLight.
type historyTable [1 << 16]int32

func (h *historyTable) add(m rules.Move, depth int) {
	v := h[m] + int32(depth*depth)
	if v > 1<<24 {
		// Halve everything so that old successes fade and the sum cannot overflow.
		for i := range h {
			h[i] >>= 1
		}
		v >>= 1
	}
	h[m] = v
}

// age weakens what previous searches learned without forgetting it.
func (h *historyTable) age() {
	for i := range h {
		h[i] >>= 2
	}
}

// movePicker hands out the moves of one node in order: hash move, captures
// by MVV/LVA, two killers, quiet moves by history, and last the captures
// that likely lose material (a valuable piece taking a defended lesser one). Moves are
// pseudo-legal; the caller's MakeMove rejects those that leave the king
// attacked.
type movePicker struct {
	pos     *rules.Position
	stage   pickStage
	hash    rules.Move
	killers [2]rules.Move
	history *historyTable
	moves   []rules.Move
	scores  []int32
	next    int
	// Captures that likely lose material wait until after the quiet moves.
	bad     [32]rules.Move
	numBad  int
	nextBad int
	noDefer bool // Features.NoBadCaptureOrder
}

func (mp *movePicker) init(p *rules.Position, hash rules.Move, killers [2]rules.Move, h *historyTable, moves []rules.Move, scores []int32) {
	mp.pos = p
	mp.stage = stageHash
	mp.hash = hash
	mp.killers = killers
	mp.history = h
	mp.moves = moves[:0]
	mp.scores = scores[:0]
	mp.next = 0
	mp.numBad, mp.nextBad = 0, 0
}

// pickBest moves the best remaining move to position next and returns it
// (selection sort: cheap because a cutoff usually comes early).
func (mp *movePicker) pickBest() rules.Move {
	best := mp.next
	for i := mp.next + 1; i < len(mp.moves); i++ {
		if mp.scores[i] > mp.scores[best] {
			best = i
		}
	}
	mp.moves[mp.next], mp.moves[best] = mp.moves[best], mp.moves[mp.next]
	mp.scores[mp.next], mp.scores[best] = mp.scores[best], mp.scores[mp.next]
	m := mp.moves[mp.next]
	mp.next++
	return m
}

// nextMove returns the next move to try, or NoMove when all were given.
func (mp *movePicker) nextMove() rules.Move {
	for {
		switch mp.stage {
		case stageHash:
			mp.stage = stageGenCaptures
			if mp.hash != rules.NoMove && mp.pos.IsPseudoLegal(mp.hash) {
				return mp.hash
			}
		case stageGenCaptures:
			mp.moves = mp.pos.GenerateMoves(mp.moves[:0], true)
			mp.scores = mp.scores[:0]
			for _, m := range mp.moves {
				mp.scores = append(mp.scores, captureOrder(mp.pos, m))
			}
			mp.next = 0
			mp.stage = stageCaptures
		case stageCaptures:
			for mp.next < len(mp.moves) {
				m := mp.pickBest()
				if m == mp.hash {
					continue
				}
				if !mp.noDefer && mp.numBad < len(mp.bad) && losingCaptureCandidate(mp.pos, m) &&
					mp.pos.SquareAttacked(m.To(), mp.pos.Side().Opponent()) {
					mp.bad[mp.numBad] = m
					mp.numBad++
					continue
				}
				return m
			}
			mp.stage = stageKiller1
		case stageKiller1:
			mp.stage = stageKiller2
			if k := mp.killers[0]; mp.usableKiller(k) {
				return k
			}
		case stageKiller2:
			mp.stage = stageGenQuiets
			if k := mp.killers[1]; k != mp.killers[0] && mp.usableKiller(k) {
				return k
			}
		case stageGenQuiets:
			quiets := mp.pos.GenerateQuiets(mp.moves[:0])
			mp.moves = quiets[:0]
			mp.scores = mp.scores[:0]
			for _, m := range quiets {
				if m == mp.hash || m == mp.killers[0] || m == mp.killers[1] {
					continue
				}
				mp.moves = append(mp.moves, m)
				mp.scores = append(mp.scores, mp.history[m])
			}
			// Sorted once: nodes that try one quiet move usually try many,
			// and picking the best each time would cost a pass per move.
			sortMoves(mp.moves, mp.scores)
			mp.next = 0
			mp.stage = stageQuiets
		case stageQuiets:
			if mp.next < len(mp.moves) {
				mp.next++
				return mp.moves[mp.next-1]
			}
			mp.stage = stageBadCaptures
		case stageBadCaptures:
			if mp.nextBad < mp.numBad {
				mp.nextBad++
				return mp.bad[mp.nextBad-1]
			}
			mp.stage = stageDone
		default:
			return rules.NoMove
		}
	}
}

// usableKiller accepts a killer that is a quiet, pseudo-legal move here and
// not the hash move already tried.
func (mp *movePicker) usableKiller(k rules.Move) bool {
	return k != rules.NoMove && k != mp.hash && mp.pos.Board()[k.To()] == rules.NoPiece && mp.pos.IsPseudoLegal(k)
}

// orderCaptures fills scores for a capture list (quiescence search).
func orderCaptures(p *rules.Position, moves []rules.Move, scores []int32) []int32 {
	scores = scores[:0]
	for _, m := range moves {
		scores = append(scores, captureOrder(p, m))
	}
	return scores
}

// orderEvasions fills scores for all moves when in check: captures first by
// MVV/LVA, then quiet moves by history.
func orderEvasions(p *rules.Position, moves []rules.Move, scores []int32, h *historyTable) []int32 {
	scores = scores[:0]
	for _, m := range moves {
		if p.Board()[m.To()] != rules.NoPiece {
			scores = append(scores, captureOrder(p, m))
		} else {
			scores = append(scores, h[m])
		}
	}
	return scores
}

// sortMoves orders moves by descending score (insertion sort: lists are short).
func sortMoves(moves []rules.Move, scores []int32) {
	for i := 1; i < len(moves); i++ {
		m, s := moves[i], scores[i]
		j := i
		for j > 0 && scores[j-1] < s {
			moves[j], scores[j] = moves[j-1], scores[j-1]
			j--
		}
		moves[j], scores[j] = m, s
	}
}
