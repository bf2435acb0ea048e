package main

import (
	"fmt"
	"io"

	"github.com/xqfyne/xiangqi/play"
	"github.com/xqfyne/xiangqi/rules"
)

// The shuffles by game phase (-phases): a weak level that keeps its moves purposeful in the
// opening but walks an advisor back and forth in the endgame shows it only here.

// phase is a part of the game, told by material: the endgame once at most four rooks,
// horses and cannons are left on the board (of the twelve), the opening the first 30
// plies while at least ten are, the middlegame between.
type phase int

const (
	phaseOpening phase = iota
	phaseMiddle
	phaseEnd
	phases
)

var phaseNames = [phases]string{"opening", "middlegame", "endgame"}

func phaseOf(p *rules.Position, ply int) phase {
	majors := 0
	for _, c := range []rules.Color{rules.Red, rules.Black} {
		for _, t := range []rules.PieceType{rules.Rook, rules.Knight, rules.Cannon} {
			majors += p.PieceCount(c, t)
		}
	}
	switch {
	case majors <= 4:
		return phaseEnd
	case ply < 30 && majors >= 10:
		return phaseOpening
	}
	return phaseMiddle
}

// phaseStats counts one side's moves and shuffles in a phase: back is a piece returned to
// the square it left on the side's previous move (isShuffle), osc the second such move in
// a row, the A-B-A-B of a king or an advisor over four plies and more, and returns a
// quiet move that takes a piece back to a square it stood on within the side's last
// returnMoves moves (the backs and the longer rounds: A-B-C-A).
//
// unforced is a back that escaped no danger: the side was not in check and the piece was
// not in danger where it stood (inDanger), which is what the weak levels' shuffle rule
// penalises (engine/strength.go).
type phaseStats struct{ moves, back, unforced, osc, returns int }

// returnMoves is how many of the side's moves a return looks back over.
const returnMoves = 4

// shuffleTracker follows one side's moves for the phase table.
type shuffleTracker struct {
	by       [phases]phaseStats
	lastBack bool
	own      []plyFacts // the side's last moves, the latest last
}

// returns tells whether f takes its piece back to a square the piece stood on within the
// side's last returnMoves moves, none of them a capture or a check and f neither.
func (s *shuffleTracker) returns(f plyFacts) bool {
	if f.capture || f.check {
		return false
	}
	sq := f.move.From()
	for i := len(s.own) - 1; i >= 0; i-- {
		m := s.own[i]
		if m.capture || m.check {
			return false
		}
		if m.move.To() == sq {
			sq = m.move.From()
			if sq == f.move.To() {
				return true
			}
		}
	}
	return false
}

// observe counts f, the side's move in p at ply, prev its move before.
func (s *shuffleTracker) observe(p *rules.Position, ply int, prev, f plyFacts) {
	ph := phaseOf(p, ply)
	back := isShuffle(prev, f)
	s.by[ph].moves++
	if back {
		if !p.InCheck() && !inDanger(p, f.move.From()) {
			s.by[ph].unforced++
		}
		s.by[ph].back++
		if s.lastBack {
			s.by[ph].osc++
		}
	}
	s.lastBack = back
	if s.returns(f) {
		s.by[ph].returns++
	}
	s.own = append(s.own, f)
	if len(s.own) > returnMoves {
		s.own = s.own[1:]
	}
}

func (s *shuffleTracker) add(o shuffleTracker) {
	for i := range s.by {
		s.by[i].moves += o.by[i].moves
		s.by[i].back += o.by[i].back
		s.by[i].osc += o.by[i].osc
		s.by[i].unforced += o.by[i].unforced
		s.by[i].returns += o.by[i].returns
	}
}

// printPhases prints, per chosen level, its shuffles by phase over its games against the
// next level up (its rung), as Markdown.
func printPhases(w io.Writer, levels []play.Level, chosen []int, pairs []*pairing) {
	fmt.Fprintln(w, "\n| Level (against the next up) | phase | moves | back | … unforced | A-B-A-B | returns (4 moves) |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, i := range chosen {
		var t shuffleTracker
		for _, p := range pairs {
			if p.level == i && !p.toFull && !p.self {
				t.add(p.phases[0])
			}
		}
		for ph := range phases {
			s := t.by[ph]
			fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %s | %s |\n", levelName(levels[i]), phaseNames[ph], s.moves, pct(s.back, s.moves),
				pct(s.unforced, s.moves), pct(s.osc, s.moves), pct(s.returns, s.moves))
		}
	}
	fmt.Fprintln(w, "\nback: a piece returned to the square it left on the side's previous move, neither move capturing or checking;")
	fmt.Fprintln(w, "unforced: of those, the ones not made in check nor escaping a cheaper attacker or an unguarded attack;")
	fmt.Fprintln(w, "A-B-A-B: the second such move in a row; returns: a quiet move to a square the piece stood on within the")
	fmt.Fprintln(w, "side's last 4 moves (the backs too). Phases by material: the endgame at four rooks, horses and cannons")
	fmt.Fprintln(w, "or fewer on the board, the opening the first 30 plies with ten or more.")
}

// inDanger tells whether the side to move's piece on sq can be taken by a cheaper piece,
// or taken with nothing to take back (the engine's own test of a threatened piece).
func inDanger(p *rules.Position, sq rules.Square) bool {
	if !p.SquareAttacked(sq, p.Side().Opponent()) {
		return false
	}
	worth := func(t rules.PieceType) int {
		return map[rules.PieceType]int{rules.Advisor: 20, rules.Bishop: 20, rules.Pawn: 20, rules.Knight: 90, rules.Cannon: 95, rules.Rook: 200}[t]
	}
	victim := worth(p.At(sq).Type())
	p.MakeNullMove()
	defer p.UnmakeNullMove()
	for _, m := range p.LegalMoves() {
		if m.To() != sq {
			continue
		}
		if worth(p.At(m.From()).Type()) < victim {
			return true
		}
		if !p.MakeMove(m) {
			continue
		}
		guarded := false
		for _, r := range p.LegalMoves() {
			if r.To() == sq {
				guarded = true
				break
			}
		}
		p.UnmakeMove()
		if !guarded {
			return true
		}
	}
	return false
}
