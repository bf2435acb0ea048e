// Package engine holds the rules of Xiangqi (Chinese chess) and the machinery an
// engine needs on top of them: a 16x16 mailbox board, move generation, check
// detection, ElephantEye-compatible Zobrist keys, repetition judging, FEN and
// ICCS text, perft, evaluation and search.
//
// The board layout follows XQWLight and ElephantEye so that their opening books
// can be read directly: square = row*16 + col, the 9x10 board occupies rows
// 3..12 and columns 3..11, Black's back rank is row 3 and Red's is row 12, and a
// move packs its squares as from + to*256.
//
// The package is pure Go with no cgo and no GUI imports, so it runs on phones,
// in browsers and as the command-line engine in cmd/xqengine. Its only
// assembly is the hash table's prefetch, one instruction for amd64 and arm64
// (prefetch_*.s; other targets, WebAssembly among them, do without).
package engine
