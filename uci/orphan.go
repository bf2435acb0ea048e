package uci

import "time"

// OrphanGrace is the longest a search or a perft runs once the engine's
// input has ended, counted from the end of the input or from its own start
// if it starts later (a command that waited for the search before it). A
// piped script's bounded searches and perfts up to depth 5 finish within it
// even on a loaded machine (perft 5 takes 2 s of CPU); the search of an
// engine whose GUI died (go movetime 100000000) stops there and prints its
// bestmove.
const OrphanGrace = time.Minute

// limitOrphan arms OrphanGrace for the running search or perft, once.
func (s *searchSession) limitOrphan() {
	if !s.active || s.orphanStop != nil {
		return
	}
	after := s.c.id.After
	if after == nil {
		after = func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
	}
	s.orphanStop = after(OrphanGrace, s.cancel)
}

// refuse answers a go command that cannot start: the reason on an info
// string line, then at once the answer for no move, as after a mate
// (UCI `bestmove (none)`, UCCI `nobestmove`), so that a GUI waiting for a
// bestmove is never left waiting.
func (s *searchSession) refuse(err error) {
	s.c.errorf("%v", err)
	s.printBest(searchResult{proto: s.c.proto})
}
