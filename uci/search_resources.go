package uci

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"time"

	"github.com/xqfyne/xiangqi/book"
	"github.com/xqfyne/xiangqi/nnue"
	"github.com/xqfyne/xiangqi/nnue/nets"
	"github.com/xqfyne/xiangqi/resources"
)

// The book and the net a search session plays with: loading them and handing them to the
// searcher when their options change.

// loadBook switches to the book file at path, or to the bundled book when
// path is empty or "<empty>". A file that cannot be read leaves the engine
// without a book, and says so.
func (s *searchSession) loadBook(path string) error {
	var openingBook *book.Book
	var err error
	if path == "" || path == "<empty>" {
		openingBook, err = book.LoadBook(resources.Book())
	} else {
		openingBook, err = book.LoadBookFile(path)
	}
	s.book = openingBook // nil on error: go on without a book
	s.applyBook()
	return err
}

// applyBook hands the book to the searcher when one is loaded and enabled.
func (s *searchSession) applyBook() {
	if s.searcher == nil {
		return // engine() applies it
	}
	if s.book == nil || !s.useBook {
		s.searcher.SetBookProbe(nil)
		return
	}
	s.searcher.SetBookProbe(s.book.Prober(rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))))
}

// searchNet is the net the search evaluates with (nil for the classical
// evaluation) and how bench names it. The built-in net is decoded here the first
// time it is used; should that fail, needBuiltin turns the evaluation classical.
func (s *searchSession) searchNet() (*nnue.Net, string) {
	if s.strength.limit || s.needBuiltin() != nil || !s.useNNUE {
		return nil, "classical"
	}
	if s.net != nil {
		return s.net, s.netName
	}
	return s.builtin, nets.DefaultName + " built in"
}

// applyNet hands the net to the searcher when UseNNUE is on.
func (s *searchSession) applyNet() {
	if s.searcher != nil {
		net, _ := s.searchNet()
		s.searcher.SetNet(net)
	}
}

// setNNUE switches the neural evaluation on or off: the net of EvalFile, or
// the built-in one. GUIs send options in any order, so UseNNUE may come
// before EvalFile, which then replaces the built-in net (bench says which
// evaluation it used).
func (s *searchSession) setNNUE(on bool) error {
	s.useNNUE = on
	err := s.needBuiltin()
	s.applyNet()
	return err
}

// needBuiltin decodes the built-in net when the search is to use it and it
// is not decoded yet; should that fail, the evaluation turns classical.
func (s *searchSession) needBuiltin() error {
	if !s.useNNUE || s.net != nil || s.builtin != nil {
		return nil
	}
	n, err := nets.Default()
	if err != nil {
		s.useNNUE = false
		return fmt.Errorf("the built-in net: %v (the evaluation stays classical)", err)
	}
	s.builtin = n
	return nil
}

// loadNet reads the net file at path ("" or "<empty>": none, so the
// built-in net). A file that cannot be read leaves the net as it was.
func (s *searchSession) loadNet(path string) error {
	if path == "" || path == "<empty>" {
		s.net, s.netName = nil, ""
		err := s.needBuiltin()
		s.applyNet()
		return err
	}
	n, err := nnue.LoadFile(path)
	if err != nil {
		return err
	}
	s.net, s.netName = n, filepath.Base(path)
	s.applyNet()
	return nil
}
