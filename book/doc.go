// Package book reads, builds and probes opening books in ElephantEye's file
// layout: 8-byte records of a position's Zobrist lock (rules.Position.Lock1),
// a move and a weight, sorted by lock, with mirrored positions looked up too.
// BuildBook and CompileOpenings compile readable opening lines (the bundled
// resources/openings.txt, via cmd/bookgen) into that layout; the app and
// cmd/xqengine hand a Book's Prober to the search as its book hook.
package book
