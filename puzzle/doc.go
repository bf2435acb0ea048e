// Package puzzle holds Xiangqi puzzles and the logic around them that needs
// no user interface: the Puzzle record and its one-line TSV form (the files
// in resources/puzzles), checking a solution line against the rules, a
// small exact mate prover, automatic theme tagging, an attempt at a puzzle
// (the solver's moves, the forced replies, hints), and the player's
// progress: solved and failed puzzles, the streak, and Glicko-2 ratings of
// the player and the puzzles, refined offline from this player's results.
// The Puzzles screen and cmd/puzzlegen build on it; it imports only rules/
// and engine/.
package puzzle
