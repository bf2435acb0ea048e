package game

import (
	"errors"
	"fmt"

	"github.com/xqfyne/xiangqi/rules"
)

// ErrGameOver is returned by Play when the game at the current ply already
// has a result (mate, a rule decision, resignation or an agreed draw).
var ErrGameOver = errors.New("game: the game is over")

// Game is a game record with a cursor: the record's tree of moves (its main
// line is the game as played, the other lines are variations), the line
// shown (a path from the start position through the tree) and the position
// on that line the cursor is at. Play, Undo, Redo and GoTo move the cursor
// and grow the tree; there is no second copy of the game to keep in step.
//
// A Game is not safe for concurrent use; hand Position() copies to other
// goroutines (for example the search).
type Game struct {
	rec  *Record
	line []*Node         // the nodes of the line shown after the root
	cur  int             // how many nodes of line lead to the cursor
	pos  *rules.Position // the position at the cursor, with the moves to it as history

	// rules is the rule set repetitions are judged by (see rules.go).
	rules rules.RuleSet

	// takenBack is set when the player took moves back from the end of the line
	// (TakeBack, Undo, again and again): the next new move there is the game
	// going on, so its line becomes the main line, while a move made after
	// browsing back (GoTo) starts a variation.
	takenBack bool

	// version counts the changes of the tree, the line and the cursor; the
	// cached result is valid while version and the recorded result are what
	// they were when it was judged.
	version uint64
	cache   resultCache
}

// resultCache is the last judged result and the state it was judged in.
type resultCache struct {
	valid    bool
	version  uint64
	recorded Result
	result   Result
}

// Result judges the game at the cursor: mate, a rule decision, or the
// recorded result at the end of the main line (see judgeNow). Judging
// repetitions looks at the whole history, so the result is kept until the
// tree, the cursor or the recorded result changes.
func (g *Game) Result() Result {
	c := &g.cache
	if !c.valid || c.version != g.version || c.recorded != g.rec.Result {
		*c = resultCache{valid: true, version: g.version, recorded: g.rec.Result, result: g.judgeNow()}
	}
	return c.result
}

// New starts a game from startFEN; the empty string means the standard
// start position. The FEN is stored in the canonical form Position.FEN writes.
func New(startFEN string) (*Game, error) {
	rec, err := NewRecord(startFEN)
	if err != nil {
		return nil, err
	}
	return &Game{rec: rec, pos: rec.StartPosition()}, nil
}

// Open makes a game of rec, which it then owns, with the cursor at node at:
// the line shown is the moves to at and at's main continuation. A nil at
// means the end of the main line. Every move of the line is checked.
func Open(rec *Record, at *Node) (*Game, error) {
	if rec == nil || rec.Root == nil {
		return nil, errors.New("game: no record")
	}
	if at == nil {
		at = rec.Root
		for at.Next() != nil {
			at = at.Next()
		}
	} else if !rec.belongsTo(at) {
		return nil, errors.New("game: node is not in this record")
	}
	g := &Game{rec: rec, pos: rec.StartPosition()}
	if err := g.showLine(at, true); err != nil {
		return nil, err
	}
	return g, nil
}

// OpenLine makes a game of rec, which it then owns, showing the line from
// the start position to end (a node of rec) with the cursor at ply of it, as
// a saved game restores the line that was shown.
func OpenLine(rec *Record, end *Node, ply int) (*Game, error) {
	if rec == nil || rec.Root == nil || end == nil || !rec.belongsTo(end) {
		return nil, errors.New("game: the line's end is not in the record")
	}
	g := &Game{rec: rec, pos: rec.StartPosition()}
	if err := g.showLine(end, false); err != nil {
		return nil, err
	}
	if err := g.GoTo(ply); err != nil {
		return nil, err
	}
	return g, nil
}

// showLine makes the line through n the line shown, with the cursor at n:
// the moves to n and, when continued, n's main continuation.
func (g *Game) showLine(n *Node, continued bool) error {
	line := n.Path()
	ply := len(line)
	for c := n.Next(); continued && c != nil; c = c.Next() {
		line = append(line, c)
	}
	pos := g.rec.StartPosition()
	for i, c := range line[:ply] {
		if !pos.MakeMove(c.Move) {
			return fmt.Errorf("game: move %d: illegal move %s", i+1, c.Move)
		}
	}
	g.line, g.cur, g.pos = line, ply, pos
	g.takenBack = false
	g.version++
	return nil
}

// Record returns the game's record: its tree, metadata and recorded result.
// Change the tree through the Game (Play, PromoteToMainLine, Delete) so the
// line shown stays on it; the metadata may be changed directly.
func (g *Game) Record() *Record { return g.rec }

// Node returns the node at the cursor (the record's root at the start).
func (g *Game) Node() *Node {
	if g.cur == 0 {
		return g.rec.Root
	}
	return g.line[g.cur-1]
}

// Line returns the nodes of the line shown after the root, in order.
func (g *Game) Line() []*Node { return append([]*Node(nil), g.line...) }

// StartFEN returns the FEN of the start position.
func (g *Game) StartFEN() string { return g.rec.startFEN }

// FEN returns the FEN of the current position.
func (g *Game) FEN() string { return g.pos.FEN() }

// Position returns a copy of the current position, including its history
// (so repetition detection works in the copy).
func (g *Game) Position() *rules.Position { return g.pos.Copy() }

// View returns the current position for a caller that only looks at it, without the copy
// Position makes (rules.PositionView says how long it may be read).
func (g *Game) View() rules.PositionView { return g.pos }

// Ply returns the current ply: the number of moves made from the start
// position to reach the current position.
func (g *Game) Ply() int { return g.cur }

// Len returns the length of the line shown, including moves after the
// current ply that Redo can replay.
func (g *Game) Len() int { return len(g.line) }

// Moves returns the moves of the line shown (including the redo tail; the
// first Ply() of them lead to the current position).
func (g *Game) Moves() []rules.Move {
	moves := make([]rules.Move, len(g.line))
	for i, n := range g.line {
		moves[i] = n.Move
	}
	return moves
}

// SideToMove returns the colour to move in the current position.
func (g *Game) SideToMove() rules.Color { return g.pos.Side() }

// LastMove returns the move that led to the current position, or
// rules.NoMove at the start.
func (g *Game) LastMove() rules.Move {
	if g.cur == 0 {
		return rules.NoMove
	}
	return g.line[g.cur-1].Move
}

// Play makes m in the current position. The next move of the line shown
// just advances the cursor; a move the tree already has at the cursor is
// followed; any other move is added to the tree. A new move after TakeBack
// carries the game on, so its line becomes the main line (the moves taken
// back stay as a variation); after browsing back with GoTo it starts a
// variation. Illegal moves and moves after the end of the game are rejected
// with an error and leave the game unchanged.
func (g *Game) Play(m rules.Move) error {
	if g.Result().Decided() {
		return ErrGameOver
	}
	if !g.pos.IsLegal(m) {
		return fmt.Errorf("game: illegal move %s", m)
	}
	g.add(m)
	return nil
}

// add makes m, legal in the current position of an undecided game, as Play describes.
func (g *Game) add(m rules.Move) {
	if g.cur < len(g.line) && g.line[g.cur].Move == m {
		g.takenBack = false
		g.forward()
		return
	}
	at := g.Node()
	child := at.Child(m)
	if child == nil {
		child = &Node{Move: m, Parent: at}
		at.Children = append(at.Children, child)
	}
	if g.takenBack && at.IsMainLine() && !child.IsMainLine() {
		// The game as played goes on here; its result (if any) was the
		// result of the line taken back.
		promotePath(child)
		g.rec.Result = Result{}
	}
	g.takenBack = false
	g.line = append(g.line[:g.cur], child) // the line is the game's own; Line hands out copies
	g.forward()
}

// forward makes the next move of the line shown.
func (g *Game) forward() {
	// Every node's move was legal when it was added, so MakeMove cannot fail.
	g.pos.MakeMove(g.line[g.cur].Move)
	g.cur++
	g.version++
}

// back takes the last move made back.
func (g *Game) back() {
	g.pos.UnmakeMove()
	g.cur--
	g.version++
}

// Undo steps back one ply as a takeback (see TakeBack), keeping the move
// for Redo. It reports false at the start of the game.
func (g *Game) Undo() bool {
	if g.cur == 0 {
		return false
	}
	return g.TakeBack(g.cur-1) == nil
}

// TakeBack goes back to ply as a player taking moves back. Taken back from
// the end of the line (or after another takeback), the next new move carries
// the game on and its line becomes the main line; taken back while browsing
// an earlier position it is browsing, and a new move starts a variation.
func (g *Game) TakeBack(ply int) error {
	if ply < 0 || ply > g.cur {
		return fmt.Errorf("game: cannot take back to ply %d from ply %d", ply, g.cur)
	}
	fromEnd := g.takenBack || g.cur == len(g.line)
	for g.cur > ply {
		g.back()
	}
	g.takenBack = fromEnd
	return nil
}

// Redo replays the next move of the line. It reports false at the end of
// the line.
func (g *Game) Redo() bool {
	if g.cur == len(g.line) {
		return false
	}
	g.forward()
	g.takenBack = false
	return true
}

// GoTo moves the cursor along the line shown to ply (0 = start position,
// Len() = end of line), as browsing: a new move there starts a variation.
func (g *Game) GoTo(ply int) error {
	if ply < 0 || ply > len(g.line) {
		return fmt.Errorf("game: ply %d out of range 0..%d", ply, len(g.line))
	}
	for g.cur > ply {
		g.back()
	}
	for g.cur < ply {
		g.forward()
	}
	g.takenBack = false
	return nil
}

// GoToNode moves the cursor to node n of the record: along the line shown
// when n is on it, else the line through n (n's moves and its main
// continuation) becomes the line shown.
func (g *Game) GoToNode(n *Node) error {
	if n == nil || !g.rec.belongsTo(n) {
		return errors.New("game: node is not in this record")
	}
	if ply := n.Ply(); ply <= len(g.line) && (ply == 0 || g.line[ply-1] == n) {
		return g.GoTo(ply)
	}
	return g.showLine(n, true)
}

// SetComment replaces the comment on the move that led to the cursor (at the start, the
// game's own comment).
func (g *Game) SetComment(text string) {
	g.Node().Comment = text
	g.version++
}

// PromoteToMainLine makes the line through the cursor the main line.
func (g *Game) PromoteToMainLine() {
	promotePath(g.Node())
	g.version++
}

// DeleteHere removes the move that led to the cursor and everything after
// it; the cursor goes to the position before it, on the line that remains
// there. Deleting from the main line drops its recorded result.
func (g *Game) DeleteHere() error {
	n := g.Node()
	if n.Parent == nil {
		return errors.New("game: nothing to delete at the start position")
	}
	if n.IsMainLine() {
		g.rec.Result = Result{}
	}
	parent, err := g.rec.Delete(n)
	if err != nil {
		return err
	}
	return g.showLine(parent, true)
}

// Resign ends the game at the end of the line with loser resigning. The
// cursor must be at the end of the line and the game not yet decided.
func (g *Game) Resign(loser rules.Color) error {
	return g.declare(Result{Status: winStatus(loser.Opponent()), Winner: loser.Opponent(), Reason: ReasonResignation})
}

// AgreeDraw ends the game at the end of the line as a draw by agreement.
func (g *Game) AgreeDraw() error {
	return g.declare(Result{Status: Draw, Reason: ReasonAgreement})
}

// FlagFall ends the game at the end of the line because loser's clock ran
// out: loser loses, unless the other side has no piece that can attack
// (rook, horse, cannon or pawn), and so could never win; then it is a draw.
func (g *Game) FlagFall(loser rules.Color) error {
	if !g.pos.HasAttackers(loser.Opponent()) {
		return g.declare(Result{Status: Draw, Reason: ReasonTimeNoAttackers})
	}
	return g.declare(Result{Status: winStatus(loser.Opponent()), Winner: loser.Opponent(), Reason: ReasonTime})
}

// declare records r as the result of the game. The game ends where it was
// played, so the line ending at the cursor becomes the main line.
func (g *Game) declare(r Result) error {
	if g.cur != len(g.line) {
		return errors.New("game: a result can only be declared at the end of the line")
	}
	if g.Result().Decided() {
		return ErrGameOver
	}
	n := g.Node()
	if len(n.Children) > 0 {
		// The recorded result belongs to the end of the main line.
		return errors.New("game: the record goes on after this position; a result can only end a line")
	}
	promotePath(n)
	g.rec.Result = r
	g.version++
	return nil
}

// positionBefore returns a fresh position (with history) just before move
// i of the line, i in 0..Len().
func (g *Game) positionBefore(i int) *rules.Position {
	p := g.pos.Copy()
	for j := g.cur; j > i; j-- {
		p.UnmakeMove()
	}
	for j := g.cur; j < i; j++ {
		p.MakeMove(g.line[j].Move)
	}
	return p
}

// MoveText formats move i (0-based index into Moves()) in the given
// notation. It returns "" when i is out of range.
func (g *Game) MoveText(i int, style Notation) string {
	if i < 0 || i >= len(g.line) {
		return ""
	}
	return FormatMove(g.positionBefore(i), g.line[i].Move, style)
}

// MoveTextsFrom formats the line from move i (0-based) to its end in the given
// notation; nil when i is out of range.
func (g *Game) MoveTextsFrom(i int, style Notation) []string {
	if i < 0 || i > len(g.line) {
		return nil
	}
	p := g.positionBefore(i)
	out := make([]string, 0, len(g.line)-i)
	for _, n := range g.line[i:] {
		out = append(out, FormatMove(p, n.Move, style))
		p.MakeMove(n.Move)
	}
	return out
}

// PlayText parses a move in any supported notation (Chinese, WXF or ICCS)
// in the current position and plays it.
func (g *Game) PlayText(text string) error {
	m, err := ParseMove(g.pos, text)
	if err != nil {
		return err
	}
	return g.Play(m)
}
