// Package uci holds the engine protocols UCI (as Stockfish and Pikafish
// speak it) and UCCI (ElephantEye's dialect), both sides of them.
//
// The engine side, Engine.Serve, reads commands and answers them with the
// engine package's search: the handshakes, position and banmoves, go, stop,
// ponderhit, isready, setoption, quit, and the extras d, probe, bench and
// perft. Its options come from one table (options.go): the handshakes'
// option lines and the reading of setoption are made from it, so an option
// is added by adding one entry. Every go is answered with a bestmove (a
// refused one at once, with the reason on an info string line), a refused
// position leaves no position to play from, and once the input has ended no
// search runs longer than OrphanGrace (orphan.go).
//
// The client side, Client, is what a GUI or a referee needs: it starts an
// engine process, shakes hands, sets options, asks for moves under a move
// time, a node count or a clock, reads the info and bestmove (or UCCI's
// nobestmove) lines, and quits.
package uci
