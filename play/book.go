package play

import (
	"math/rand/v2"
	"time"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/resources"
	"github.com/xqfyne/xiangqi/rules"
)

// loadBook parses the opening book bundled in resources/. A broken book is reported and
// the engine plays without one.
func loadBook() (*book.Book, error) {
	return book.LoadBook(resources.Book())
}

// bookProbe returns the lookup the engine consults before searching, or nil when the book
// is off or missing. With random on, book moves are drawn by weight; otherwise the
// heaviest move is played, so that tests and analysis are repeatable.
func bookProbe(book *book.Book, on, random bool) func(*rules.Position) (rules.Move, bool) {
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
