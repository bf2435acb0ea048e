package puzzle

// Puzzle ratings are on the players' scale (Elo-like, as Glicko-2 uses):
// a player of a puzzle's rating solves it about half the time.
const (
	MinRating = 400
	MaxRating = 3000
)

// InitialRating estimates a new puzzle's rating before anyone has solved
// it, from how deep it is and how forgiving: solverMoves is the number of
// the solver's moves in the line, quietFirst tells whether the first move
// is neither a check nor a capture (the hardest kind to see), and
// alternatives is how many other first moves also win (0 for a unique
// solution; each makes the puzzle easier).
func InitialRating(kind Kind, solverMoves int, quietFirst bool, alternatives int) int {
	r := 700 + 160*(solverMoves-1)
	switch kind {
	case KindMaterial:
		r += 300
	case KindEndgame:
		r += 500
	case KindStudy:
		r += 400
	}
	if quietFirst {
		r += 200
	}
	r -= 100 * min(alternatives, 3)
	return max(MinRating, min(MaxRating, r))
}
