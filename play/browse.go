package play

import (
	"errors"
	"fmt"

	"github.com/xqfyne/xiangqi/game"
)

// Browser moves the cursor through the game's record and edits the record where the cursor
// is (comments, promotion to the main line, deletion). It is one part of a Session.
type Browser struct{ s *Session }

// Browser returns the session's browser.
func (s *Session) Browser() Browser { return Browser{s} }

// Record returns the game as a tree with its variations (read only for callers; it
// changes as moves are played).
func (s *Session) Record() *game.Record { return s.m.Game().Record() }

// CurrentNode returns the node of the position shown.
func (br Browser) CurrentNode() *game.Node { return br.s.m.Game().Node() }

// Browsing reports whether the board shows a position before the end of its line: the
// engine does not move there, and a person may move either side, which starts a
// variation.
func (br Browser) Browsing() bool { return br.s.m.Game().Ply() < br.s.m.Game().Len() }

// freeMoves reports whether a person may move for either side now: while browsing a
// past position and in analysis mode.
func (br Browser) freeMoves() bool { return br.Browsing() || br.s.analysis.on }

// CanGoBack reports whether there is a position before the one shown.
func (br Browser) CanGoBack() bool { return br.s.m.Game().Ply() > 0 }

// CanGoForward reports whether the line shown goes on after the position shown.
func (br Browser) CanGoForward() bool { return br.Browsing() }

// GoFirst shows the start position.
func (br Browser) GoFirst() { br.goToPly(0) }

// GoBack shows the position one move earlier.
func (br Browser) GoBack() { br.goToPly(br.s.m.Game().Ply() - 1) }

// GoForward shows the position one move later on the line shown.
func (br Browser) GoForward() { br.goToPly(br.s.m.Game().Ply() + 1) }

// GoLast shows the end of the line shown (where the engine moves again if it is its
// turn).
func (br Browser) GoLast() { br.goToPly(br.s.m.Game().Len()) }

// goToPly moves the cursor along the line shown; the engine stops thinking, and moves
// again only at the end of the line.
func (br Browser) goToPly(ply int) {
	if ply < 0 || ply > br.s.m.Game().Len() || ply == br.s.m.Game().Ply() {
		return
	}
	br.s.Engine().cancel()
	if err := br.s.m.Game().GoTo(ply); err != nil {
		return
	}
	br.navigated()
}

// GoToNode shows the position at node n of the record: on the line shown the cursor
// moves; on another line that line (n's moves and its main continuation) becomes the
// line shown.
func (br Browser) GoToNode(n *game.Node) error {
	if n == nil || n == br.s.m.Game().Node() {
		return nil
	}
	br.s.Engine().cancel()
	if err := br.s.m.Game().GoToNode(n); err != nil {
		return err
	}
	br.navigated()
	return nil
}

// navigated follows a move of the cursor: marks cleared, saved, redrawn; the engine
// moves if the cursor reached the end of a line on its turn.
func (br Browser) navigated() {
	br.s.engineView = engineView{}
	br.s.Input().clearMarks()
	br.s.save()
	br.s.changed(ChangeAll)
	br.s.Engine().maybeStart()
}

// CanPromote reports whether the position shown is on a variation that could become the
// main line.
func (br Browser) CanPromote() bool {
	n := br.CurrentNode()
	return n.Parent != nil && !n.IsMainLine()
}

// PromoteToMainLine makes the line through the position shown the main line.
func (br Browser) PromoteToMainLine() {
	if !br.CanPromote() {
		return
	}
	br.s.m.Game().PromoteToMainLine()
	br.s.save()
	br.s.changed(ChangeMoves | ChangeControls)
}

// MaxComment bounds a comment typed in the app, in bytes: far more than any note needs,
// and far below what makes a save too large to read back.
const MaxComment = 1 << 16

// Comment returns the comment on the move shown (at the start, the game's own comment).
func (br Browser) Comment() string { return br.CurrentNode().Comment }

// SetComment replaces the comment on the move shown (at the start, the game's) and saves
// the game; a comment over MaxComment bytes is refused.
func (br Browser) SetComment(text string) error {
	if len(text) > MaxComment {
		return fmt.Errorf("play: a comment of %d bytes is over the limit of %d", len(text), MaxComment)
	}
	if text == br.Comment() {
		return nil
	}
	br.s.m.Game().SetComment(text)
	br.s.save()
	br.s.changed(ChangeMoves)
	return nil
}

// CanDelete reports whether there is a move to delete at the position shown.
func (br Browser) CanDelete() bool { return br.CurrentNode().Parent != nil }

// DeleteFromHere removes the move that led to the position shown and everything after
// it; the board shows the position before it, on the line that remains there. In a
// finished game the engine does not take it as a cue to play on.
func (br Browser) DeleteFromHere() error {
	if !br.CanDelete() {
		return errors.New("play: nothing to delete at the start position")
	}
	br.s.Engine().cancel()
	if br.s.m.Game().Over() {
		br.s.editedAfterEnd = true
	}
	if err := br.s.m.Game().DeleteHere(); err != nil {
		return err
	}
	br.navigated()
	return nil
}
