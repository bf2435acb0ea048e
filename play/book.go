package play

import (
	"math/rand/v2"
	"time"

	"github.com/xqfyne/xiangqi/engine"
	"github.com/xqfyne/xiangqi/resources"
)

// loadBook parses the opening book bundled in resources/. A broken book is reported and
// the engine plays without one.
func loadBook() (*engine.Book, error) {
	return engine.LoadBook(resources.Book())
}

// bookProbe returns the lookup the engine consults before searching, or nil when the book
// is off or missing. With random on, book moves are drawn by weight; otherwise the
// heaviest move is played, so that tests and analysis are repeatable.
func bookProbe(book *engine.Book, on, random bool) func(*engine.Position) (engine.Move, bool) {
	if !on || book == nil {
		return nil
	}
	var rnd *rand.Rand
	if random {
		seed := uint64(time.Now().UnixNano())
		rnd = rand.New(rand.NewPCG(seed, seed>>17|1))
	}
	return book.Prober(rnd)
}
