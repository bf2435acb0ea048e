// Package engine is the Xiangqi search built on package rules: iterative
// deepening alpha-beta with a shared hash table and helper threads, the
// evaluation (piece-square tables, horse mobility, king safety), time
// management and a playing-strength limit. Opening books are package book's;
// the search takes one through Options.BookProbe.
//
// The evaluation keeps its own incremental state: each search worker carries
// the material sums of every ply of its line and updates them as it makes a
// move (worker.makeMove), so the rules' Position knows nothing of scores.
// With Options.Net the search evaluates with a neural net instead (package
// nnue), whose accumulators follow the same makeMove and makeNullMove.
// docs/engine-log.md records the experiments and matches behind the search's
// and evaluation's choices.
//
// The package is pure Go with no cgo and no GUI imports, so it runs on phones,
// in browsers and as the command-line engine in cmd/xqengine. Its only
// assembly is the hash table's prefetch, one instruction for amd64 and arm64
// (prefetch_*.s; other targets, WebAssembly among them, do without).
package engine
