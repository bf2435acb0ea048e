package puzzle

import (
	"errors"
	"slices"

	"github.com/xqfyne/xiangqi/rules"
)

// ErrBudget is returned when a proof needs more nodes than allowed.
var ErrBudget = errors.New("puzzle: mate proof ran out of its node budget")

// Prover decides "the side to move mates within n moves" exactly: at the
// attacker's turns it tries moves, at the defender's it tries every legal
// reply, and a side with no legal move has lost (checkmate or stalemate,
// both losses in Xiangqi). Quiet bounds the attacker's moves that are not
// checks on any one line: 0 (ChecksOnly) finds the classical 连将杀 (mate
// by continuous checks) far faster, 1 or 2 the classical mates with a
// quiet move or two; AnyMoves sets no bound. A mate found is a proof
// whatever the bound, but "no mate" means only "no mate within the
// bound". Repetition needs no rule here: the attacker's proven strategy
// plays a move of strictly shorter mate distance each turn, so its line
// never repeats a position.
type Prover struct {
	Quiet int
	// Budget caps the nodes this prover visits over all its calls (0: no
	// cap), so that one puzzle's proof has a bounded cost.
	Budget uint64

	nodes uint64
	// table maps a position's key to what is known for the side to move:
	// mates within proven moves (0: not proven) and no mate within refuted.
	table map[uint64]bound
}

type bound struct{ proven, refuted int8 }

// The bounds on quiet attacker moves with names.
const (
	ChecksOnly = 0
	AnyMoves   = -1
)

// maxMateMoves bounds n so that distances fit the table's int8.
const maxMateMoves = 60

// NewProver returns a prover with an empty table that allows quiet
// non-checking attacker moves a line (ChecksOnly, AnyMoves, or a count).
func NewProver(quiet int, budget uint64) *Prover {
	return &Prover{Quiet: quiet, Budget: budget, table: map[uint64]bound{}}
}

// Nodes is the number of positions visited so far, over all calls.
func (pr *Prover) Nodes() uint64 { return pr.nodes }

// MateIn tells whether the side to move of pos mates within n moves.
func (pr *Prover) MateIn(pos *rules.Position, n int) (bool, error) {
	if n > maxMateMoves {
		n = maxMateMoves
	}
	return pr.attack(pos.Copy(), n, pr.Quiet)
}

// MatedWithin tells whether, with the defender of pos to move just after
// the attacker's move, every reply loses within n attacker moves counting
// the one just played, with quiet non-checking moves still allowed: that
// move forces mate in n.
func (pr *Prover) MatedWithin(pos *rules.Position, n, quiet int) (bool, error) {
	if n > maxMateMoves {
		n = maxMateMoves
	}
	return pr.defend(pos.Copy(), n, quiet)
}

// Shortest returns the least n <= maxN within which the side to move mates,
// or 0 when there is none within the prover's bound on quiet moves.
func (pr *Prover) Shortest(pos *rules.Position, maxN int) (int, error) {
	return pr.shortest(pos.Copy(), maxN, pr.Quiet)
}

// ShortestWith is Shortest with quiet moves still allowed.
func (pr *Prover) ShortestWith(pos *rules.Position, maxN, quiet int) (int, error) {
	return pr.shortest(pos.Copy(), maxN, quiet)
}

func (pr *Prover) shortest(p *rules.Position, maxN, quiet int) (int, error) {
	for n := 1; n <= min(maxN, maxMateMoves); n++ {
		ok, err := pr.attack(p, n, quiet)
		if err != nil || ok {
			if ok {
				return n, nil
			}
			return 0, err
		}
	}
	return 0, nil
}

// key identifies a position with its side to move (the Zobrist key
// includes the side) and the quiet moves still allowed, since what is
// proved or refuted depends on them.
func key(p *rules.Position, quiet int) uint64 {
	return p.Hash64() ^ uint64(quiet+1)*0x9e3779b97f4a7c15
}

// afterQuiet is the allowance left after a quiet move, and whether one
// was allowed.
func afterQuiet(quiet int) (int, bool) {
	switch {
	case quiet == AnyMoves:
		return AnyMoves, true
	case quiet > 0:
		return quiet - 1, true
	}
	return 0, false
}

func (pr *Prover) count() error {
	pr.nodes++
	if pr.Budget > 0 && pr.nodes > pr.Budget {
		return ErrBudget
	}
	return nil
}

// attack: the side to move mates within n moves, with quiet non-checking
// moves allowed.
func (pr *Prover) attack(p *rules.Position, n, quiet int) (bool, error) {
	if n <= 0 {
		return false, nil
	}
	k := key(p, quiet)
	b := pr.table[k]
	if b.proven > 0 && int(b.proven) <= n {
		return true, nil
	}
	if int(b.refuted) >= n {
		return false, nil
	}
	if err := pr.count(); err != nil {
		return false, err
	}
	for _, c := range pr.attackerMoves(p, n, quiet) {
		p.MakeMove(c.move)
		ok, err := pr.defend(p, n, c.quietLeft)
		p.UnmakeMove()
		if err != nil {
			return false, err
		}
		if ok {
			b = pr.table[k]
			if b.proven == 0 || int(b.proven) > n {
				b.proven = int8(n)
			}
			pr.table[k] = b
			return true, nil
		}
	}
	b = pr.table[k]
	if int(b.refuted) < n {
		b.refuted = int8(n)
	}
	pr.table[k] = b
	return false, nil
}

// defend: after the attacker's move, with n attacker moves counted from
// the one just played, every reply loses within the remaining n-1.
func (pr *Prover) defend(p *rules.Position, n, quiet int) (bool, error) {
	replies := p.LegalMoves()
	if len(replies) == 0 {
		return true, nil
	}
	if n == 1 {
		return false, nil
	}
	for _, r := range replies {
		p.MakeMove(r)
		ok, err := pr.attack(p, n-1, quiet)
		p.UnmakeMove()
		if err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

// candidate is an attacker's move and the quiet moves allowed after it.
type candidate struct {
	move      rules.Move
	quietLeft int
}

// attackerMoves lists the legal moves worth trying with n moves left and
// quiet non-checking moves allowed: checks first and among them those
// leaving the defender fewest replies (the ordering that finds 连将杀
// soonest). On the last move only a move that leaves no reply wins, so
// only those are kept.
func (pr *Prover) attackerMoves(p *rules.Position, n, quiet int) []candidate {
	type scored struct {
		candidate
		score int
	}
	var list []scored
	for _, m := range p.LegalMoves() {
		p.MakeMove(m)
		check := p.InCheck()
		left := quiet
		if !check {
			var ok bool
			if left, ok = afterQuiet(quiet); !ok {
				p.UnmakeMove()
				continue
			}
		}
		replies := len(p.LegalMoves())
		p.UnmakeMove()
		if n == 1 && replies > 0 {
			continue // a last move must leave no reply
		}
		s := replies
		if !check {
			s += 100
		}
		list = append(list, scored{candidate{m, left}, s})
	}
	slices.SortStableFunc(list, func(a, b scored) int { return a.score - b.score })
	out := make([]candidate, len(list))
	for i, s := range list {
		out[i] = s.candidate
	}
	return out
}

// Line returns a mating line of at most n attacker moves from pos: the
// attacker plays a move of least mate distance, the defender a reply of
// greatest mate distance (the longest defence). It returns nil when no mate
// within n is found.
func (pr *Prover) Line(pos *rules.Position, n int) ([]rules.Move, error) {
	p := pos.Copy()
	var line []rules.Move
	quiet := pr.Quiet
	for {
		best, bestN, err := pr.fastestMate(p, n, quiet)
		if err != nil {
			return nil, err
		}
		if best.move == rules.NoMove {
			return nil, nil
		}
		p.MakeMove(best.move)
		line = append(line, best.move)
		quiet = best.quietLeft
		replies := p.LegalMoves()
		if len(replies) == 0 {
			return line, nil
		}
		// The longest defence: the reply after which mate takes longest.
		reply, replyN := rules.NoMove, -1
		for _, r := range replies {
			p.MakeMove(r)
			d, err := pr.shortest(p, bestN-1, quiet)
			p.UnmakeMove()
			if err != nil {
				return nil, err
			}
			if d == 0 {
				return nil, errors.New("puzzle: a defence escapes the proven mate")
			}
			if d > replyN {
				reply, replyN = r, d
			}
		}
		p.MakeMove(reply)
		line = append(line, reply)
		n = replyN
	}
}

// fastestMate returns an attacker's move of least mate distance within n
// and that distance, or no move: distances are tried from 1 up, each over
// the moves attackerMoves keeps, so that the table fills from the short
// proofs to the long ones.
func (pr *Prover) fastestMate(p *rules.Position, n, quiet int) (candidate, int, error) {
	moves := pr.attackerMoves(p, n, quiet)
	for d := 1; d <= n; d++ {
		for _, c := range moves {
			p.MakeMove(c.move)
			ok, err := pr.defend(p, d, c.quietLeft)
			p.UnmakeMove()
			if err != nil {
				return candidate{}, 0, err
			}
			if ok {
				return c, d, nil
			}
		}
	}
	return candidate{}, 0, nil
}
