package play

import (
	"errors"
	"slices"

	"github.com/xqfyne/xiangqi/game"
)

// gameTree is the session's game as a tree of lines: the line being played or browsed is
// s.g (a linear game with a cursor), and the tree holds it together with every other line
// played from an earlier position (the variations). The tree follows s.g: syncTree adds
// the moves of s.g's line that it does not hold yet, so a move played anywhere, by a
// person or by the engine, lands in the tree without a hook of its own.
type gameTree struct {
	rec  *game.Record
	of   *game.Game // the linear game the tree was last synced with
	node *game.Node // the node at s.g's cursor
}

// syncTree makes the tree hold s.g's line and points the tree's cursor at s.g's ply. A
// game that replaced s.g without the tree (a new game, a game opened from a file) starts
// a new tree.
func (s *Session) syncTree() {
	if s.tree.rec == nil || s.tree.of != s.g {
		s.tree = gameTree{rec: game.RecordFromGame(s.g), of: s.g}
		s.forgetReview() // its marks belong to the game replaced
	}
	rec := s.tree.rec
	rec.Meta = s.g.Meta
	n, cur := rec.Root, rec.Root
	for i, m := range s.g.Moves() {
		c := n.Child(m)
		if c == nil {
			var err error
			if c, _, err = rec.AddMove(n, m); err != nil {
				// s.g's moves are legal; a tree that refuses one is rebuilt from s.g.
				s.tree = gameTree{rec: game.RecordFromGame(s.g), of: s.g}
				s.syncTree()
				return
			}
		}
		n = c
		if i < s.g.Ply() {
			cur = c
		}
	}
	s.tree.node = cur
}

// Record returns the game as a tree with its variations (read only for callers; it
// changes as moves are played).
func (s *Session) Record() *game.Record {
	s.syncTree()
	return s.tree.rec
}

// CurrentNode returns the node of the position shown.
func (s *Session) CurrentNode() *game.Node {
	s.syncTree()
	return s.tree.node
}

// Browsing reports whether the board shows a position before the end of its line: the
// engine does not move there, and a person may move either side, which starts a
// variation.
func (s *Session) Browsing() bool { return s.g.Ply() < s.g.Len() }

// freeMoves reports whether a person may move for either side now: while browsing a
// past position and in analysis mode.
func (s *Session) freeMoves() bool { return s.Browsing() || s.analysis.on }

// CanGoBack reports whether there is a position before the one shown.
func (s *Session) CanGoBack() bool { return s.g.Ply() > 0 }

// CanGoForward reports whether the line shown goes on after the position shown.
func (s *Session) CanGoForward() bool { return s.Browsing() }

// GoFirst shows the start position.
func (s *Session) GoFirst() { s.goToPly(0) }

// GoBack shows the position one move earlier.
func (s *Session) GoBack() { s.goToPly(s.g.Ply() - 1) }

// GoForward shows the position one move later on the line shown.
func (s *Session) GoForward() { s.goToPly(s.g.Ply() + 1) }

// GoLast shows the end of the line shown (where the engine moves again if it is its
// turn).
func (s *Session) GoLast() { s.goToPly(s.g.Len()) }

// goToPly moves the cursor along the line shown; the engine stops thinking, and moves
// again only at the end of the line.
func (s *Session) goToPly(ply int) {
	if ply < 0 || ply > s.g.Len() || ply == s.g.Ply() {
		return
	}
	s.cancelSearch()
	if err := s.g.GoTo(ply); err != nil {
		return
	}
	s.navigated()
}

// GoToNode shows the position at node n of the record: on the line shown the cursor
// moves; on another line that line (n's moves and its main continuation) becomes the
// line shown.
func (s *Session) GoToNode(n *game.Node) error {
	rec := s.Record()
	if n == nil || n == s.tree.node {
		return nil
	}
	moves := n.Moves()
	line := s.g.Moves()
	onLine := len(moves) <= len(line)
	for i := 0; onLine && i < len(moves); i++ {
		onLine = moves[i] == line[i]
	}
	if onLine && rec.Find(moves) == n {
		s.cancelSearch()
		if err := s.g.GoTo(len(moves)); err != nil {
			return err
		}
		s.navigated()
		return nil
	}
	g, err := s.lineGame(n)
	if err != nil {
		return err
	}
	s.cancelSearch()
	s.keepMainResult()
	s.g = g
	s.tree.of = g
	s.navigated()
	return nil
}

// lineGame builds the linear game of the line through n, with the session's settings
// and rules.
func (s *Session) lineGame(n *game.Node) (*game.Game, error) {
	g, err := s.tree.rec.GameAt(n)
	if err != nil {
		return nil, err
	}
	g.Settings = s.g.Settings
	g.SetRules(s.g.Rules())
	return g, nil
}

// beforeMove runs before a move is played on s.g: a move that starts a variation cuts
// the rest of s.g's line off and drops its declared result, which the tree keeps.
func (s *Session) beforeMove() {
	s.syncTree()
	if s.Browsing() {
		s.keepMainResult()
	}
}

// keepMainResult copies a declared result (resignation, agreement) at the end of the
// main line into the record before another line is shown, so that going back to the
// main line shows it again.
func (s *Session) keepMainResult() {
	if !slices.Equal(s.g.Moves(), s.tree.rec.MainLineMoves()) {
		return
	}
	ply := s.g.Ply()
	if s.g.GoTo(s.g.Len()) != nil {
		return
	}
	switch r := s.g.Result(); r.Reason {
	case game.ReasonResignation, game.ReasonAgreement, game.ReasonRecorded:
		s.tree.rec.Result = r
	default:
		s.tree.rec.Result = game.Result{}
	}
	_ = s.g.GoTo(ply)
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
	if err := s.tree.rec.PromoteToMainLine(s.tree.node); err != nil {
		return
	}
	s.save()
	s.changed(ChangeMoves | ChangeControls)
}

// CanDelete reports whether there is a move to delete at the position shown.
func (s *Session) CanDelete() bool { return s.CurrentNode().Parent != nil }

// DeleteFromHere removes the move that led to the position shown and everything after
// it; the board shows the position before it, on the line that remains there.
func (s *Session) DeleteFromHere() error {
	if !s.CanDelete() {
		return errors.New("play: nothing to delete at the start position")
	}
	s.cancelSearch()
	s.keepMainResult()
	parent, err := s.tree.rec.Delete(s.tree.node)
	if err != nil {
		return err
	}
	g, err := s.lineGame(parent)
	if err != nil {
		return err
	}
	s.g = g
	s.tree.of = g
	s.navigated()
	return nil
}

// adoptRecord makes rec, with its variations, the session's game, showing the position
// at node at (nil: the end of the main line). OpenRecord calls it.
func (s *Session) adoptRecord(rec *game.Record, at *game.Node) error {
	g, err := rec.GameAt(at)
	if err != nil {
		return err
	}
	g.Settings = s.g.Settings
	s.g = g
	s.settings.Record(g)
	s.tree = gameTree{rec: rec, of: g}
	s.syncTree()
	return nil
}

// lineNodes returns the nodes of the line shown after the root, in order.
func (s *Session) lineNodes() []*game.Node {
	s.syncTree()
	n := s.tree.rec.Root
	var out []*game.Node
	for _, m := range s.g.Moves() {
		if n = n.Child(m); n == nil {
			break
		}
		out = append(out, n)
	}
	return out
}
