package puzzle

import (
	"context"
	"errors"
	"fmt"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/rules"
)

// MinorPiece is the least gain, in the engine's score units, that makes a
// material puzzle: the worth of a horse (about 80 in the middle game) less
// a margin for what the position gives back.
const MinorPiece = 70

// MaterialDepth is the fixed search depth (plies) at which a material
// puzzle's first move must beat every alternative by MinorPiece.
const MaterialDepth = 6

// Checker verifies puzzles; it keeps one engine searcher and one prover
// between puzzles. Not safe for concurrent use.
type Checker struct {
	// MateBudget caps the prover's nodes for one puzzle's proof (0: no
	// cap); a proof that needs more fails.
	MateBudget uint64
	searcher   *engine.Searcher
}

// NewChecker returns a checker whose mate proofs may take up to mateBudget
// prover nodes a puzzle.
func NewChecker(mateBudget uint64) *Checker {
	s := engine.NewSearcher(engine.Options{Threads: 1, HashMB: 16, Seed: 1})
	return &Checker{MateBudget: mateBudget, searcher: s}
}

// Check verifies one puzzle: its fields and the legality of its line
// always; for a proven mate, that the side to move mates within the line's
// length against every defence and not faster, and that the line's
// replies are the longest defences (no reply lasts longer than the one
// given). When every solver move of the line checks, the prover tries
// checks only, so "not faster" then means no faster mate by checks; for a proven material puzzle, that the first move beats every
// other move by MinorPiece at MaterialDepth.
func (c *Checker) Check(p *Puzzle) error {
	if _, err := p.Validate(); err != nil {
		return err
	}
	if p.Proof != Proven {
		return nil
	}
	switch p.Kind {
	case KindMate:
		return c.checkMate(p)
	case KindMaterial:
		return c.checkMaterial(p)
	}
	return nil
}

// checkMate proves a mate line: first allowing as many quiet
// (non-checking) attacker moves as the line has (none for a 连将杀, far
// faster), then, when that fails, any moves, since a side line may need a
// quiet move (a stalemate, which also wins) where the main line has none.
func (c *Checker) checkMate(p *Puzzle) error {
	pos, _ := p.Position()
	var err error
	for _, quiet := range []int{quietMoves(pos, p.Moves), AnyMoves} {
		if err = c.proveLine(p, NewProver(quiet, c.MateBudget)); err == nil {
			return nil
		}
	}
	return err
}

// proveLine checks a mate line with one prover.
func (c *Checker) proveLine(p *Puzzle, pr *Prover) error {
	pos, _ := p.Position()
	n := p.SolverMoves()
	if n > 1 {
		faster, err := pr.MateIn(pos, n-1)
		if err != nil {
			return fmt.Errorf("puzzle %s: %w", p.ID, err)
		}
		if faster {
			return fmt.Errorf("puzzle %s: the line mates in %d but there is a mate in %d", p.ID, n, n-1)
		}
	}
	quiet := pr.Quiet
	for i := 0; i < len(p.Moves); i += 2 {
		left := n - i/2
		pos.MakeMove(p.Moves[i])
		if !pos.InCheck() {
			quiet, _ = afterQuiet(quiet)
		}
		ok, err := pr.MatedWithin(pos, left, quiet)
		if err != nil {
			return fmt.Errorf("puzzle %s: move %d: %w", p.ID, i+1, err)
		}
		if !ok {
			return fmt.Errorf("puzzle %s: move %d (%s) does not force mate in %d", p.ID, i+1, p.Moves[i], left)
		}
		if i+1 >= len(p.Moves) {
			break
		}
		// Every reply is mated within left-1 moves (the proof above); the
		// line's reply must hold out longest.
		lineReply := p.Moves[i+1]
		lineN := 0
		worst := 0
		for _, r := range pos.LegalMoves() {
			pos.MakeMove(r)
			d, err := pr.ShortestWith(pos, left-1, quiet)
			pos.UnmakeMove()
			if err != nil {
				return fmt.Errorf("puzzle %s: move %d: %w", p.ID, i+2, err)
			}
			if r == lineReply {
				lineN = d
			}
			worst = max(worst, d)
		}
		if lineN < worst {
			return fmt.Errorf("puzzle %s: move %d (%s) is not the longest defence: mate in %d, another reply lasts %d",
				p.ID, i+2, lineReply, lineN, worst)
		}
		pos.MakeMove(lineReply)
	}
	return nil
}

// quietMoves counts the solver moves of the line that do not give check
// (a last move that leaves no reply, a stalemate, among them).
func quietMoves(pos *rules.Position, line []rules.Move) int {
	p := pos.Copy()
	n := 0
	for i, m := range line {
		p.MakeMove(m)
		if i%2 == 0 && !p.InCheck() {
			n++
		}
	}
	return n
}

// errNoAlternative: a material puzzle needs something to be better than.
var errNoAlternative = errors.New("only one legal move")

// MaterialGain returns, at MaterialDepth, the score of the first move
// minus the best score of any other move (the side to move's view).
func (c *Checker) MaterialGain(pos *rules.Position, first rules.Move) (int, error) {
	if len(pos.LegalMoves()) < 2 {
		return 0, errNoAlternative
	}
	c.searcher.Clear()
	with := c.searcher.Search(context.Background(), pos, engine.Limits{Depth: MaterialDepth, SearchMoves: []rules.Move{first}}, nil)
	c.searcher.Clear()
	without := c.searcher.Search(context.Background(), pos, engine.Limits{Depth: MaterialDepth, BanMoves: []rules.Move{first}}, nil)
	return with.Score - without.Score, nil
}

func (c *Checker) checkMaterial(p *Puzzle) error {
	pos, _ := p.Position()
	gain, err := c.MaterialGain(pos, p.Moves[0])
	if err != nil {
		return fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	if gain < MinorPiece {
		return fmt.Errorf("puzzle %s: first move %s gains only %d over the best alternative at depth %d (need %d)",
			p.ID, p.Moves[0], gain, MaterialDepth, MinorPiece)
	}
	return nil
}

// BestLine returns the engine's principal variation at depth plies: a
// reference line where no proof is found.
func (c *Checker) BestLine(pos *rules.Position, depth int) []rules.Move {
	c.searcher.Clear()
	return c.searcher.Search(context.Background(), pos, engine.Limits{Depth: depth}, nil).PV
}
