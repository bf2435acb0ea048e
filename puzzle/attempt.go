package puzzle

import (
	"errors"
	"slices"

	"github.com/xqfyne/xiangqi/rules"
)

// Attempt is one try at a puzzle: the solver's moves are compared with the
// line, and the line's replies are played for the other side. In a proven
// mate another move that still forces mate within the moves left is as
// good: the prover then writes the rest of the line from it.
type Attempt struct {
	puzzle *Puzzle
	pos    *rules.Position
	line   []rules.Move // the line followed: the puzzle's, or one the prover rewrote
	ply    int          // moves of the line played so far
	state  AttemptState
	hints  int
}

// AttemptState is where an attempt stands.
type AttemptState int

// The states of an attempt.
const (
	Solving AttemptState = iota
	Solved
	Failed
)

// AlternativeBudget caps the prover's nodes when it judges a solver's move
// that leaves the line of a proven mate: enough for the short mates (their
// whole proofs take a few thousand nodes); a refutation of a wrong move in a
// long 《适情雅趣》 mate can use it all, about a second (the Puzzles screen
// asks off its UI goroutine).
const AlternativeBudget = 50_000

// ErrAttemptOver is returned for a move after the attempt has ended.
var ErrAttemptOver = errors.New("puzzle: the attempt is over")

// NewAttempt starts an attempt at p, which must be valid.
func NewAttempt(p *Puzzle) (*Attempt, error) {
	if _, err := p.Validate(); err != nil {
		return nil, err
	}
	pos, _ := p.Position()
	return &Attempt{puzzle: p, pos: pos, line: slices.Clone(p.Moves)}, nil
}

// Puzzle is the puzzle tried.
func (a *Attempt) Puzzle() *Puzzle { return a.puzzle }

// Position returns the position the solver now faces (after a failing
// move: the position that move made, the opponent to move).
func (a *Attempt) Position() *rules.Position { return a.pos.Copy() }

// Played is the moves made so far: the solver's and the replies.
func (a *Attempt) Played() []rules.Move { return a.pos.Moves() }

// State tells whether the attempt goes on, was solved or failed.
func (a *Attempt) State() AttemptState { return a.state }

// Hints is how many hints were taken.
func (a *Attempt) Hints() int { return a.hints }

// Expects tells whether m is the line's next move (a move Play answers at once, without
// the prover).
func (a *Attempt) Expects(m rules.Move) bool { return a.state == Solving && a.line[a.ply] == m }

// Play plays the solver's move. A move of the line is answered with the
// line's reply (returned; NoMove when the line ends, solved). A move that
// mates at once also solves a mate puzzle, as any mate is a solution, and in
// a proven mate a move that still forces mate in the moves left is answered
// with the longest defence. Any other legal move fails the attempt; the
// screen then shows the refutation. An illegal move is an error and changes
// nothing.
func (a *Attempt) Play(m rules.Move) (reply rules.Move, err error) {
	if a.state != Solving {
		return rules.NoMove, ErrAttemptOver
	}
	if !a.pos.IsLegal(m) {
		return rules.NoMove, errors.New("puzzle: illegal move")
	}
	if m != a.line[a.ply] {
		left := (len(a.line) - a.ply + 1) / 2
		a.pos.MakeMove(m)
		if a.puzzle.Kind == KindMate && a.pos.IsMate() {
			a.state = Solved
			return rules.NoMove, nil
		}
		rest, ok := a.stillMates(left)
		if !ok {
			a.state = Failed
			return rules.NoMove, nil
		}
		a.pos.UnmakeMove()
		a.line = append(append(a.line[:a.ply:a.ply], m), rest...)
	}
	a.pos.MakeMove(m)
	a.ply++
	if a.ply >= len(a.line) {
		a.state = Solved
		return rules.NoMove, nil
	}
	reply = a.line[a.ply]
	a.pos.MakeMove(reply)
	a.ply++
	if a.ply >= len(a.line) {
		// The line ends on the opponent's move (a study's last reply).
		a.state = Solved
	}
	return reply, nil
}

// stillMates tells, for a proven mate, whether the solver's move just made
// (the defender to move in a.pos) forces mate within left moves, as the
// checker would prove it: by checks only when it checks, else by any
// moves. It returns the rest of a line from it: the longest defence, then
// the prover's mate. A proof over AlternativeBudget counts as no mate.
func (a *Attempt) stillMates(left int) ([]rules.Move, bool) {
	if a.puzzle.Kind != KindMate || a.puzzle.Proof != Proven || left < 2 {
		return nil, false
	}
	bounds := []int{AnyMoves}
	if a.pos.InCheck() {
		bounds = []int{ChecksOnly, AnyMoves}
	}
	for _, quiet := range bounds {
		pr := NewProver(quiet, AlternativeBudget)
		if ok, err := pr.MatedWithin(a.pos, left, quiet); err != nil || !ok {
			continue
		}
		reply, replyN := rules.NoMove, -1
		for _, r := range a.pos.LegalMoves() {
			a.pos.MakeMove(r)
			d, err := pr.ShortestWith(a.pos, left-1, quiet)
			a.pos.UnmakeMove()
			if err != nil || d == 0 {
				reply = rules.NoMove
				break
			}
			if d > replyN {
				reply, replyN = r, d
			}
		}
		if reply == rules.NoMove {
			continue
		}
		a.pos.MakeMove(reply)
		rest, err := pr.Line(a.pos, replyN)
		a.pos.UnmakeMove()
		if err != nil || rest == nil {
			continue
		}
		return append([]rules.Move{reply}, rest...), true
	}
	return nil, false
}

// Hint returns the next hint: first the square of the piece to move, then
// the move itself (from and to); each call takes one more, up to two.
func (a *Attempt) Hint() (from rules.Square, move rules.Move, ok bool) {
	if a.state != Solving {
		return 0, rules.NoMove, false
	}
	a.hints = min(a.hints+1, 2)
	next := a.line[a.ply]
	if a.hints == 1 {
		return next.From(), rules.NoMove, true
	}
	return next.From(), next, true
}
