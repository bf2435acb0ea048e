package play

import (
	"errors"
	"fmt"

	"github.com/xqfyne/xiangqi/game"
)

// Record returns the game as a tree with its variations (read only for callers; it
// changes as moves are played).
func (s *Session) Record() *game.Record { return s.m.Game().Record() }

// CurrentNode returns the node of the position shown.
func (s *Session) CurrentNode() *game.Node { return s.m.Game().Node() }

// Browsing reports whether the board shows a position before the end of its line: the
// engine does not move there, and a person may move either side, which starts a
// variation.
func (s *Session) Browsing() bool { return s.m.Game().Ply() < s.m.Game().Len() }

// freeMoves reports whether a person may move for either side now: while browsing a
// past position and in analysis mode.
func (s *Session) freeMoves() bool { return s.Browsing() || s.analysis.on }

// CanGoBack reports whether there is a position before the one shown.
func (s *Session) CanGoBack() bool { return s.m.Game().Ply() > 0 }

// CanGoForward reports whether the line shown goes on after the position shown.
func (s *Session) CanGoForward() bool { return s.Browsing() }

// GoFirst shows the start position.
func (s *Session) GoFirst() { s.goToPly(0) }

// GoBack shows the position one move earlier.
func (s *Session) GoBack() { s.goToPly(s.m.Game().Ply() - 1) }

// GoForward shows the position one move later on the line shown.
func (s *Session) GoForward() { s.goToPly(s.m.Game().Ply() + 1) }

// GoLast shows the end of the line shown (where the engine moves again if it is its
// turn).
func (s *Session) GoLast() { s.goToPly(s.m.Game().Len()) }

// goToPly moves the cursor along the line shown; the engine stops thinking, and moves
// again only at the end of the line.
func (s *Session) goToPly(ply int) {
	if ply < 0 || ply > s.m.Game().Len() || ply == s.m.Game().Ply() {
		return
	}
	s.cancelSearch()
	if err := s.m.Game().GoTo(ply); err != nil {
		return
	}
	s.navigated()
}

// GoToNode shows the position at node n of the record: on the line shown the cursor
// moves; on another line that line (n's moves and its main continuation) becomes the
// line shown.
func (s *Session) GoToNode(n *game.Node) error {
	if n == nil || n == s.m.Game().Node() {
		return nil
	}
	s.cancelSearch()
	if err := s.m.Game().GoToNode(n); err != nil {
		return err
	}
	s.navigated()
	return nil
}

// navigated follows a move of the cursor: marks cleared, saved, redrawn; the engine
// moves if the cursor reached the end of a line on its turn.
func (s *Session) navigated() {
	s.engineView = engineView{}
	s.clearMarks()
	s.save()
	s.changed(ChangeAll)
	s.maybeStartEngine()
}

// CanPromote reports whether the position shown is on a variation that could become the
// main line.
func (s *Session) CanPromote() bool {
	n := s.CurrentNode()
	return n.Parent != nil && !n.IsMainLine()
}

// PromoteToMainLine makes the line through the position shown the main line.
func (s *Session) PromoteToMainLine() {
	if !s.CanPromote() {
		return
	}
	s.m.Game().PromoteToMainLine()
	s.save()
	s.changed(ChangeMoves | ChangeControls)
}

// MaxComment bounds a comment typed in the app, in bytes: far more than any note needs,
// and far below what makes a save too large to read back.
const MaxComment = 1 << 16

// Comment returns the comment on the move shown (at the start, the game's own comment).
func (s *Session) Comment() string { return s.CurrentNode().Comment }

// SetComment replaces the comment on the move shown (at the start, the game's) and saves
// the game; a comment over MaxComment bytes is refused.
func (s *Session) SetComment(text string) error {
	if len(text) > MaxComment {
		return fmt.Errorf("play: a comment of %d bytes is over the limit of %d", len(text), MaxComment)
	}
	if text == s.Comment() {
		return nil
	}
	s.m.Game().SetComment(text)
	s.save()
	s.changed(ChangeMoves)
	return nil
}

// CanDelete reports whether there is a move to delete at the position shown.
func (s *Session) CanDelete() bool { return s.CurrentNode().Parent != nil }

// DeleteFromHere removes the move that led to the position shown and everything after
// it; the board shows the position before it, on the line that remains there. In a
// finished game the engine does not take it as a cue to play on.
func (s *Session) DeleteFromHere() error {
	if !s.CanDelete() {
		return errors.New("play: nothing to delete at the start position")
	}
	s.cancelSearch()
	if s.m.Game().Over() {
		s.editedAfterEnd = true
	}
	if err := s.m.Game().DeleteHere(); err != nil {
		return err
	}
	s.navigated()
	return nil
}
