// Package rules holds the rules of Xiangqi (Chinese chess) and nothing of a
// search: colours, pieces and squares, the Move type and its ICCS text, the
// board and Position with MakeMove/UnmakeMove and the null move, check and
// attack detection, move generation and legality, FEN, ElephantEye-compatible
// Zobrist keys, repetition detection and the repetition judge (perpetual
// check and chase under Asian or Chinese rules), legal set-ups and perft. It
// is what a game record, a referee or a server needs; the engine package
// searches on top of it. It imports nothing of this project.
//
// The board layout follows XQWLight and ElephantEye so that their opening
// books can be read directly: square = row*16 + col, the 9x10 board occupies
// rows 3..12 and columns 3..11, Black's back rank is row 3 and Red's is row
// 12, and a move packs its squares as from + to*256.
//
// Position keeps, besides the board, per-type piece lists and rank and file
// occupancy bits up to date on every move; the search reads them through
// small accessors (Board, PieceSquares, PieceCount) that the compiler
// inlines. The package is pure Go with no cgo, so it runs on phones and in
// browsers.
package rules
