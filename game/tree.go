package game

import (
	"errors"
	"fmt"
	"strings"

	"github.com/xqfyne/xiangqi/rules"
)

// maxRecordNodes bounds the number of moves (all variations together) a
// record read from a file may hold, so a hostile file cannot exhaust memory.
const maxRecordNodes = 200000

// Node is one position of a game record: the move that reached it from its
// parent (rules.NoMove at the root), the comment written after that move
// (at the root: the comment before the first move), and the moves played
// from it. Children[0] continues the line the node is on; the other
// children are variations, in the order they were added.
//
// Change the tree only through Record's methods, which keep every move
// legal and the Parent links right.
type Node struct {
	Move     rules.Move
	Comment  string
	Parent   *Node
	Children []*Node
}

// Record is a game record with variations: a start position, a tree of
// moves and comments, the game's metadata and the result recorded at the
// end of its main line (the first child of every node: the game as played).
// A Game is a record with a cursor.
type Record struct {
	Meta Metadata
	// Result is the recorded result of the main line (a PGN result tag or
	// token, an XQF header byte, a result declared in a Game: resignation,
	// agreement, flag fall); board verdicts are not stored here. Ongoing
	// when unknown.
	Result Result
	// Root is the start position; it has no move.
	Root *Node

	startFEN string
}

// NewRecord starts an empty record from startFEN; the empty string means
// the standard start position. The FEN is stored in canonical form.
func NewRecord(startFEN string) (*Record, error) {
	if strings.TrimSpace(startFEN) == "" {
		startFEN = rules.StartFEN
	}
	pos, err := rules.ParseFEN(startFEN)
	if err != nil {
		return nil, fmt.Errorf("game: bad start position: %w", err)
	}
	return &Record{Root: &Node{Move: rules.NoMove}, startFEN: pos.FEN()}, nil
}

// StartFEN returns the FEN of the start position.
func (r *Record) StartFEN() string { return r.startFEN }

// StartPosition returns a fresh copy of the start position.
func (r *Record) StartPosition() *rules.Position {
	pos, err := rules.ParseFEN(r.startFEN)
	if err != nil { // startFEN was canonicalised by ParseFEN; cannot happen
		return rules.NewPosition()
	}
	return pos
}

// MainLine returns the nodes of the main line after the root, in order.
func (r *Record) MainLine() []*Node {
	var line []*Node
	for n := r.Root; len(n.Children) > 0; n = n.Children[0] {
		line = append(line, n.Children[0])
	}
	return line
}

// MainLineMoves returns the moves of the main line.
func (r *Record) MainLineMoves() []rules.Move {
	line := r.MainLine()
	moves := make([]rules.Move, len(line))
	for i, n := range line {
		moves[i] = n.Move
	}
	return moves
}

// Path returns the nodes from the first move to n (empty for the root).
func (n *Node) Path() []*Node {
	var path []*Node
	for ; n != nil && n.Parent != nil; n = n.Parent {
		path = append(path, n)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// Moves returns the moves from the start position to n.
func (n *Node) Moves() []rules.Move {
	path := n.Path()
	moves := make([]rules.Move, len(path))
	for i, p := range path {
		moves[i] = p.Move
	}
	return moves
}

// Ply returns the number of moves from the start position to n.
func (n *Node) Ply() int {
	ply := 0
	for ; n.Parent != nil; n = n.Parent {
		ply++
	}
	return ply
}

// IsMainLine reports whether n lies on the main line of its record.
func (n *Node) IsMainLine() bool {
	for ; n.Parent != nil; n = n.Parent {
		if n.Parent.Children[0] != n {
			return false
		}
	}
	return true
}

// Next returns the first child of n (the continuation of its line), or nil.
func (n *Node) Next() *Node {
	if len(n.Children) == 0 {
		return nil
	}
	return n.Children[0]
}

// Child returns the child of n reached by move m, or nil.
func (n *Node) Child(m rules.Move) *Node {
	for _, c := range n.Children {
		if c.Move == m {
			return c
		}
	}
	return nil
}

// Find returns the node reached from the start position by moves (the
// root for none), or nil when the tree has no such line.
func (r *Record) Find(moves []rules.Move) *Node {
	n := r.Root
	for _, m := range moves {
		if n = n.Child(m); n == nil {
			return nil
		}
	}
	return n
}

// belongsTo reports whether n is in r's tree.
func (r *Record) belongsTo(n *Node) bool {
	for ; n != nil; n = n.Parent {
		if n == r.Root {
			return true
		}
	}
	return false
}

// PositionAt returns the position at node n (with the moves leading to it
// as history, so repetition rules work on it).
func (r *Record) PositionAt(n *Node) (*rules.Position, error) {
	if !r.belongsTo(n) {
		return nil, errors.New("game: node is not in this record")
	}
	pos := r.StartPosition()
	for i, p := range n.Path() {
		if !pos.MakeMove(p.Move) {
			return nil, fmt.Errorf("game: damaged record: move %d (%s) is illegal", i+1, p.Move)
		}
	}
	return pos, nil
}

// FENAt returns the FEN of the position at node n ("" for a node that is
// not in the record).
func (r *Record) FENAt(n *Node) string {
	pos, err := r.PositionAt(n)
	if err != nil {
		return ""
	}
	return pos.FEN()
}

// AddMove plays m at node at. If at already has a child with that move the
// child is returned (created false); otherwise a new child is added after
// the existing ones, so it becomes the main line only when at had no
// children, and a variation otherwise. Illegal moves are rejected.
func (r *Record) AddMove(at *Node, m rules.Move) (child *Node, created bool, err error) {
	if c := at.Child(m); c != nil && r.belongsTo(at) {
		return c, false, nil
	}
	pos, err := r.PositionAt(at)
	if err != nil {
		return nil, false, err
	}
	if !pos.IsLegal(m) {
		return nil, false, fmt.Errorf("game: illegal move %s", m)
	}
	c := &Node{Move: m, Parent: at}
	at.Children = append(at.Children, c)
	return c, true, nil
}

// PromoteToMainLine makes the line through n the main line: n and each of
// its ancestors become the first child of their parent. The order of the
// other variations is kept.
func (r *Record) PromoteToMainLine(n *Node) error {
	if !r.belongsTo(n) {
		return errors.New("game: node is not in this record")
	}
	promotePath(n)
	return nil
}

// promotePath makes n and each of its ancestors the first child of its parent.
func promotePath(n *Node) {
	for ; n.Parent != nil; n = n.Parent {
		promoteChild(n.Parent, n)
	}
}

// PromoteVariation moves n one place up among its siblings (the first
// sibling is the main continuation), reporting false when n is already
// first or is the root.
func (r *Record) PromoteVariation(n *Node) bool {
	if n.Parent == nil || !r.belongsTo(n) {
		return false
	}
	sib := n.Parent.Children
	for i := 1; i < len(sib); i++ {
		if sib[i] == n {
			sib[i-1], sib[i] = sib[i], sib[i-1]
			return true
		}
	}
	return false
}

func promoteChild(parent, child *Node) {
	kids := parent.Children
	for i, c := range kids {
		if c == child {
			copy(kids[1:i+1], kids[:i])
			kids[0] = child
			return
		}
	}
}

// Delete removes n and everything after it. At the root it removes all
// moves (the root itself stays). It returns the node that takes n's place
// in navigation: n's parent (or the root).
func (r *Record) Delete(n *Node) (*Node, error) {
	if !r.belongsTo(n) {
		return nil, errors.New("game: node is not in this record")
	}
	if n.Parent == nil {
		n.Children = nil
		return n, nil
	}
	p := n.Parent
	for i, c := range p.Children {
		if c == n {
			p.Children = append(p.Children[:i:i], p.Children[i+1:]...)
			break
		}
	}
	n.Parent = nil
	return p, nil
}

// Nodes returns every node of the tree in depth-first order (a node before
// its children, the main continuation before the variations), root first: the
// order a record file lists them in.
func (r *Record) Nodes() []*Node {
	out := []*Node{r.Root}
	eachSaved(r.Root, func(n *Node, _ int) { out = append(out, n) })
	return out
}

// Copy returns a deep copy of the record: changing either does not change
// the other.
func (r *Record) Copy() *Record {
	c := *r
	c.Root = copyNode(r.Root, nil)
	return &c
}

// copyNode copies n and everything after it, under parent. It walks the main
// continuation in a loop and recurses only into variations, so a long game
// does not make a deep recursion.
func copyNode(n, parent *Node) *Node {
	root := &Node{Move: n.Move, Comment: n.Comment, Parent: parent}
	for src, dst := n, root; len(src.Children) > 0; {
		dst.Children = make([]*Node, len(src.Children))
		for i, v := range src.Children[1:] {
			dst.Children[i+1] = copyNode(v, dst)
		}
		next := src.Children[0]
		dst.Children[0] = &Node{Move: next.Move, Comment: next.Comment, Parent: dst}
		src, dst = next, dst.Children[0]
	}
	return root
}

// ResultAtEnd is the result at the end of the main line under the default
// rules: the board's verdict, else the recorded result.
func (r *Record) ResultAtEnd() (Result, error) {
	g, err := Open(r, nil)
	if err != nil {
		return Result{}, err
	}
	return g.Result(), nil
}
