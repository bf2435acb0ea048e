package puzzle

import (
	"errors"

	"github.com/xqfyne/xiangqi/rules"
)

// Attempt is one try at a puzzle: the solver's moves are compared with the
// line, and the line's replies are played for the other side.
type Attempt struct {
	puzzle *Puzzle
	pos    *rules.Position
	ply    int // moves of the line played so far
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

// ErrAttemptOver is returned for a move after the attempt has ended.
var ErrAttemptOver = errors.New("puzzle: the attempt is over")

// NewAttempt starts an attempt at p, which must be valid.
func NewAttempt(p *Puzzle) (*Attempt, error) {
	if _, err := p.Validate(); err != nil {
		return nil, err
	}
	pos, _ := p.Position()
	return &Attempt{puzzle: p, pos: pos}, nil
}

// Position returns the position the solver now faces.
func (a *Attempt) Position() *rules.Position { return a.pos.Copy() }

// State tells whether the attempt goes on, was solved or failed.
func (a *Attempt) State() AttemptState { return a.state }

// Hints is how many hints were taken.
func (a *Attempt) Hints() int { return a.hints }

// Play plays the solver's move. A move of the line is answered with the
// line's reply (returned; NoMove when the line ends, solved). A move that
// mates at once also solves a mate puzzle, as any mate is a solution. Any
// other legal move fails the attempt; the screen then shows the
// refutation. An illegal move is an error and changes nothing.
func (a *Attempt) Play(m rules.Move) (reply rules.Move, err error) {
	if a.state != Solving {
		return rules.NoMove, ErrAttemptOver
	}
	if !a.pos.IsLegal(m) {
		return rules.NoMove, errors.New("puzzle: illegal move")
	}
	a.pos.MakeMove(m)
	line := a.puzzle.Moves
	if m != line[a.ply] {
		if a.puzzle.Kind == KindMate && a.pos.IsMate() {
			a.state = Solved
			return rules.NoMove, nil
		}
		a.state = Failed
		return rules.NoMove, nil
	}
	a.ply++
	if a.ply >= len(line) {
		a.state = Solved
		return rules.NoMove, nil
	}
	reply = line[a.ply]
	a.pos.MakeMove(reply)
	a.ply++
	if a.ply >= len(line) {
		// The line ends on the opponent's move (a study's last reply).
		a.state = Solved
	}
	return reply, nil
}

// Hint returns the next hint: first the square of the piece to move, then
// the move itself (from and to); each call takes one more, up to two.
func (a *Attempt) Hint() (from rules.Square, move rules.Move, ok bool) {
	if a.state != Solving {
		return 0, rules.NoMove, false
	}
	a.hints = min(a.hints+1, 2)
	next := a.puzzle.Moves[a.ply]
	if a.hints == 1 {
		return next.From(), rules.NoMove, true
	}
	return next.From(), next, true
}
