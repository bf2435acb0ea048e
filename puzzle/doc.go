// Package puzzle holds Xiangqi puzzles and the logic around them that needs
// no user interface: the Puzzle record and its one-line TSV form (the files
// in resources/puzzles), checking a solution line against the rules, a
// small exact mate prover, automatic theme tagging and the initial rating.
// The Puzzles screen and cmd/puzzlegen build on it; it imports only rules/
// and engine/.
package puzzle
