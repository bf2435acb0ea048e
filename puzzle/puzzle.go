package puzzle

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/xqfyne/xiangqi/rules"
)

// Kind is what a puzzle asks of the solver.
type Kind string

// The kinds of puzzle.
const (
	// KindMate: mate (or stalemate, which also wins, tagged ThemeStalemate)
	// in the line's length.
	KindMate Kind = "mate"
	// KindMaterial: the first move wins material that no other move wins.
	KindMaterial Kind = "material"
	// KindEndgame: an endgame to win (or hold) against the engine.
	KindEndgame Kind = "endgame"
	// KindStudy: a classical composition whose line is the book's, not a
	// forced mate (draws, long wins).
	KindStudy Kind = "study"
)

// Proof says how far a puzzle's solution is to be trusted.
type Proof string

// The proof levels.
const (
	// Proven: the mate prover (mates) or the fixed-depth check (material)
	// confirmed the solution; cmd/puzzlegen -check repeats it.
	Proven Proof = "proven"
	// Reference: the line is the book's or the engine's best, unproven.
	Reference Proof = "reference"
)

// Puzzle is one line of a puzzle file.
type Puzzle struct {
	ID  string
	FEN string
	// Moves is the solution's main line: the solver's moves and the
	// opponent's forced replies, alternately, from FEN.
	Moves  []rules.Move
	Kind   Kind
	Proof  Proof
	Rating int
	Themes []string
	Title  string
	// Source names the book and number, or the tool that mined it.
	Source string
}

// Stalemate tells whether a mate puzzle's line ends in stalemate (困毙, the
// loser not in check and without a legal move, which wins in Xiangqi)
// rather than checkmate: the themes say so, and Validate holds them to it.
func (p *Puzzle) Stalemate() bool { return slices.Contains(p.Themes, ThemeStalemate) }

// SolverMoves is the number of the solver's moves in the line (a mate in
// SolverMoves for a proven mate).
func (p *Puzzle) SolverMoves() int { return (len(p.Moves) + 1) / 2 }

// Position returns the puzzle's start position.
func (p *Puzzle) Position() (*rules.Position, error) {
	pos, err := rules.ParseFEN(p.FEN)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	return pos, nil
}

// Validate checks the fields and that every move of the line is legal in
// turn; for a mate it also checks that the line ends with the loser to move
// and no legal move. It returns the position after the line.
func (p *Puzzle) Validate() (*rules.Position, error) {
	if p.ID == "" || strings.ContainsAny(p.ID, " \t\n") {
		return nil, fmt.Errorf("puzzle %q: id must be one word", p.ID)
	}
	switch p.Kind {
	case KindMate, KindMaterial, KindEndgame, KindStudy:
	default:
		return nil, fmt.Errorf("puzzle %s: unknown kind %q", p.ID, p.Kind)
	}
	switch p.Proof {
	case Proven, Reference:
	default:
		return nil, fmt.Errorf("puzzle %s: unknown proof %q", p.ID, p.Proof)
	}
	if p.Rating < MinRating || p.Rating > MaxRating {
		return nil, fmt.Errorf("puzzle %s: rating %d outside %d..%d", p.ID, p.Rating, MinRating, MaxRating)
	}
	pos, err := p.Position()
	if err != nil {
		return nil, err
	}
	if p.Kind != KindEndgame && len(p.Moves) == 0 {
		return nil, fmt.Errorf("puzzle %s: no solution moves", p.ID)
	}
	for i, m := range p.Moves {
		if !pos.IsLegal(m) {
			return nil, fmt.Errorf("puzzle %s: move %d (%s) is illegal in %s", p.ID, i+1, m, pos.FEN())
		}
		pos.MakeMove(m)
	}
	if p.Kind == KindMate {
		if len(p.Moves)%2 == 0 {
			return nil, fmt.Errorf("puzzle %s: a mate line must end with the solver's move, has %d plies", p.ID, len(p.Moves))
		}
		switch {
		case !pos.IsMate():
			return nil, fmt.Errorf("puzzle %s: the line does not end in mate", p.ID)
		case p.Stalemate() && pos.InCheck():
			return nil, fmt.Errorf("puzzle %s: tagged %s but the line ends in checkmate", p.ID, ThemeStalemate)
		case !p.Stalemate() && !pos.InCheck():
			return nil, fmt.Errorf("puzzle %s: the line ends in stalemate (困毙) but is not tagged %s", p.ID, ThemeStalemate)
		}
	}
	return pos, nil
}

// errNoFields is returned for a line with the wrong number of fields.
var errNoFields = errors.New("want 9 tab-separated fields: id fen moves kind proof rating themes title source")
